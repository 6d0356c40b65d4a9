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
  std::vector<Card> order = ConquianGame::pack(*rules);
  shuffle_cards(order, rng);
  return from_order(std::move(rules), order, dealer);
}

GameSession GameSession::from_order(std::shared_ptr<const Ruleset> rules, const std::vector<Card>& order, int dealer) {
  const int seats = rules->seats;
  return from_order(std::move(rules), seats, order, dealer);
}

GameSession GameSession::from_order(std::shared_ptr<const Ruleset> rules, int seats, const std::vector<Card>& order,
                                    int dealer) {
  GameSession s;
  s.init_dealt(std::move(rules), seats, order, dealer);
  return s;
}

GameSession GameSession::from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal) {
  GameSession s;
  s.init_from_deal(std::move(rules), deal);
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
  s.init_from_record(std::move(rec), after, std::move(rules));
  return s;
}

GameSession GameSession::from_world(std::shared_ptr<const Ruleset> rules, const Position& world) {
  GameSession s;
  s.init_from_world(std::move(rules), world);
  return s;
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
