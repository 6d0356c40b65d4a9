#include "serve/game_session.h"

#include <fmt/format.h>

#include "cards/shuffle.h"
#include "record/input_error.h"
#include "record/position_file.h"
#include "record/record_reader.h"
#include "record/record_writer.h"
#include "replay/move_words.h"
#include "replay/position_setup.h"
#include "replay/record_moves.h"
#include "replay/replay.h"
#include "replay/ruleset_cache.h"
#include "rules/ruleset_writer.h"
#include "rules/shipped_rulesets.h"
#include "serve/deal_words.h"
#include "serve/move_from_json.h"
#include "serve/state_json.h"

namespace conquian::serve {

std::shared_ptr<const Ruleset> ruleset_from_json(const nlohmann::json& ruleset) {
  try {
    if (ruleset.is_string()) return load_ruleset(ruleset.get<std::string>());
    if (ruleset.is_object()) return load_inline_ruleset(ruleset.dump(), "<request>", 1);
  } catch (const std::exception& e) { throw SessionError("bad-ruleset", fmt::format("ruleset: {}", e.what())); }
  throw SessionError("bad-field",
                     "'ruleset' must be a name or path (a string) or a mapping of ruleset keys, not " + ruleset.dump());
}

GameSession GameSession::from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int dealer) {
  Rng rng = deal_rng(seed, 0);
  const std::vector<Card> order = shuffled_deck(rules->deck.size(), rng);
  return from_order(std::move(rules), order, dealer);
}

GameSession GameSession::from_order(std::shared_ptr<const Ruleset> rules, const std::vector<Card>& order, int dealer) {
  if (dealer < 0 || dealer >= rules->seats)
    throw SessionError("bad-field",
                       fmt::format("'dealer' {}: there is no such seat in a {}-seat game", dealer, rules->seats));
  GameSession s;
  s.rules_ = std::move(rules);
  s.pos_ = deal(*s.rules_, order, dealer);
  s.record_.emplace();
  to_record_deal(*s.rules_, order, dealer, *s.record_);
  name_ruleset(*s.rules_, *s.record_);
  return s;
}

GameSession GameSession::from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal) {
  record::GameRecord rec = deal_record(*rules, deal);
  DealOrFault d = start_from_record(rec, *rules);
  if (!d.fault.ok()) throw SessionError("bad-deal", "deal: " + fault_text(d.fault));
  GameSession s;
  s.rules_ = std::move(rules);
  s.pos_ = d.position;
  s.record_ = std::move(rec);
  return s;
}

GameSession GameSession::from_position(const std::string& text, std::shared_ptr<const Ruleset> rules,
                                       const std::string& name) {
  GameSession s;
  try {
    record::PositionFile pf = record::read_position_text(text, name);
    if (pf.view >= 0)
      throw SessionError("bad-position", "position: a seat's view ('view:') is not a whole game; give every card");
    if (!rules) rules = RulesetCache().get(pf.ruleset, pf.file);
    s.rules_ = std::move(rules);
    s.pos_ = position_from_file(pf, *s.rules_);
  } catch (const record::InputError& e) { throw SessionError("bad-position", e.what()); }
  return s;
}

GameSession GameSession::from_record(record::GameRecord rec, std::size_t after, std::shared_ptr<const Ruleset> rules) {
  GameSession s;
  s.rules_ = rules;
  const std::size_t upto = std::min(after, rec.moves.size());
  Replay r = replay(rec, *rules, upto, [&](const Position& before, const Move&) { s.history_.push_back(before); });
  if (!r.fault.ok()) {
    if (r.in_deal) throw SessionError("bad-record", "the deal: " + fault_text(r.fault));
    const auto& m = rec.moves[r.moves];
    throw SessionError("bad-record",
                       fmt::format("move {} (line {}): {}", r.moves + 1, m.mark.line, fault_text(r.fault)));
  }
  if (after != kAllMoves && after > rec.moves.size())
    throw SessionError("bad-record", fmt::format("'after' {}: the game has {} moves", after, rec.moves.size()));
  s.pos_ = r.position;
  rec.moves.resize(upto);
  rec.result = {};
  s.record_ = std::move(rec);
  return s;
}

GameSession GameSession::from_world(std::shared_ptr<const Ruleset> rules, const Position& world) {
  GameSession s;
  s.rules_ = std::move(rules);
  s.pos_ = world;
  s.pos_.rules = s.rules_.get();
  return s;
}

void GameSession::forget_stock_order() {
  pos_ = forget_stock(pos_);
  for (Position& p : history_) p = forget_stock(p);
  if (record_) {
    record_->has_stock = false;
    record_->stock.clear();
  }
}

nlohmann::json GameSession::state() const { return state_json(pos_); }

void GameSession::append_state_json(std::string& out) const { serve::append_state_json(out, pos_); }

SeatView GameSession::seat_view(int seat) const {
  if (seat < 0 || seat >= rules_->seats)
    throw SessionError("bad-seat",
                       fmt::format("'seat' {}: there is no such seat in a {}-seat game", seat, rules_->seats));
  return view_of(pos_, seat);
}

nlohmann::json GameSession::view(int seat) const { return view_json(seat_view(seat)); }

}  // namespace conquian::serve
