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
#include "serve/move_from_json.h"
#include "serve/state_json.h"

namespace conquian::serve {
namespace {

// What a record written by the session says of its ruleset: a shipped name as it is, any
// other ruleset written out inline (as `conquian simulate` does: the file does not travel).
void name_ruleset(const Ruleset& rules, record::GameRecord& rec) {
  rec.ruleset.clear();
  rec.ruleset_inline.clear();
  if (shipped_ruleset_texts().count(rules.name)) rec.ruleset = rules.name;
  else rec.ruleset_inline = ruleset_flow_yaml(rules);
}

record::TokenList tokens(const nlohmann::json& j, const std::string& key) {
  if (!j.is_array()) throw SessionError("bad-field", fmt::format("deal: '{}' must be a list of cards", key));
  record::TokenList out;
  for (const auto& c : j) {
    if (!c.is_string())
      throw SessionError("bad-field", fmt::format("deal: '{}' holds {}, which is not a card", key, c.dump()));
    out.push_back({c.get<std::string>(), {}});
  }
  return out;
}

// Every legal move at `p` with the position it is played in. A waive has no words: the moves
// after it stand for it (the next move declines the force). The engine's list goes into a
// buffer of this thread's, kept from call to call (a playout asks at every move); the moves
// after a waive, rarer, into one of their own.
void collect_legal_moves(const Position& p, std::vector<GameSession::LegalMove>& out, bool after_waive = false) {
  thread_local std::vector<Move> kept;
  std::vector<Move> own;
  std::vector<Move>& ms = after_waive ? own : kept;
  conquian::legal_moves(p, ms);
  for (const Move& m : ms) {
    if (m.kind == MoveKind::Waive) {
      Position q = p;
      apply(q, m);
      collect_legal_moves(q, out, true);
    } else {
      GameSession::LegalMove& l = out.emplace_back();  // one copy of the position, in place
      l.before = p;
      l.move = m;
    }
  }
}

// Room for the positions of a whole deal, so that playing one reallocates nothing (a deal of
// american is about 60 moves; a longer one grows the vector as usual).
constexpr std::size_t kDealMoves = 96;

std::string fault_text(const Verdict& v) { return fmt::format("{}: {}", code_name(v.code), v.message); }

}  // namespace

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
  if (!deal.is_object()) throw SessionError("bad-field", "'deal' must be a mapping {dealer, hands, stock}");
  record::GameRecord rec;
  name_ruleset(*rules, rec);
  if (deal.contains("dealer")) {
    if (!deal["dealer"].is_number_integer()) throw SessionError("bad-field", "deal: 'dealer' must be a seat number");
    rec.dealer = deal["dealer"].get<int>();
  }
  if (!deal.contains("hands") || !deal["hands"].is_array())
    throw SessionError("bad-field", "deal: 'hands' must be a list of hands (each a list of cards)");
  for (const auto& h : deal["hands"]) rec.hands.push_back(tokens(h, "hands"));
  if (deal.contains("stock") && !deal["stock"].is_null()) {
    rec.has_stock = true;
    rec.stock = tokens(deal["stock"], "stock");
  }
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

GameSession GameSession::from_record(const std::string& text, std::size_t after, int game,
                                     std::shared_ptr<const Ruleset> rules, const std::string& name,
                                     record::RecordFormat format) {
  std::optional<record::GameRecord> rec;
  std::optional<record::RecordError> err;
  int index = 0;
  record::read_record_text(
      text, name,
      [&](record::ReadItem&& item) {
        if (item.match) return;  // a match document is no game
        if (++index != game) return;
        if (item.record) rec = std::move(item.record);
        else err = std::move(item.error);
      },
      {}, format);
  if (err) throw SessionError("bad-record", err->message);
  if (!rec) throw SessionError("bad-record", fmt::format("'game' {}: the record holds {} game(s)", game, index));
  try {
    RulesetCache cache;
    if (!rules)
      rules = rec->ruleset_inline.empty() ? cache.get(rec->ruleset, rec->file)
                                          : cache.get_inline(rec->ruleset_inline, rec->file, rec->ruleset_mark.line);
  } catch (const record::InputError& e) { throw SessionError("bad-record", e.what()); }
  GameSession s;
  s.rules_ = rules;
  const std::size_t upto = std::min(after, rec->moves.size());
  Replay r = replay(*rec, *rules, upto, [&](const Position& before, const Move&) { s.history_.push_back(before); });
  if (!r.fault.ok()) {
    if (r.in_deal) throw SessionError("bad-record", "the deal: " + fault_text(r.fault));
    const auto& m = rec->moves[r.moves];
    throw SessionError("bad-record",
                       fmt::format("move {} (line {}): {}", r.moves + 1, m.mark.line, fault_text(r.fault)));
  }
  if (after != kAllMoves && after > rec->moves.size())
    throw SessionError("bad-record", fmt::format("'after' {}: the game has {} moves", after, rec->moves.size()));
  s.pos_ = r.position;
  rec->moves.resize(upto);
  rec->result = {};
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

nlohmann::json GameSession::deal_json() const {
  if (!record_) return nullptr;
  auto words = [](const record::TokenList& cards) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& c : cards) a.push_back(c.text);
    return a;
  };
  nlohmann::json hands = nlohmann::json::array();
  for (const auto& h : record_->hands) hands.push_back(words(h));
  nlohmann::json deal = {{"dealer", record_->dealer}, {"hands", hands}};
  if (record_->has_stock) deal["stock"] = words(record_->stock);
  return deal;
}

nlohmann::json GameSession::moves_json() const {
  nlohmann::json out = nlohmann::json::array();
  if (record_)
    for (const record::RecordMove& m : game_record().moves) out.push_back(record::move_json(m));
  return out;
}

nlohmann::json GameSession::moves_seen_by(int seat) const {
  nlohmann::json out = moves_json();
  for (auto& j : out)
    if (j.contains("swap") && j.value("seat", -1) != seat) j["swap"] = nullptr;
  return out;
}

int GameSession::to_act() const { return pos_.result.over() ? -1 : conquian::to_act(pos_); }

std::vector<GameSession::LegalMove> GameSession::legal_moves() const {
  std::vector<LegalMove> out;
  legal_moves(out);
  return out;
}

void GameSession::legal_moves(std::vector<LegalMove>& out) const {
  out.clear();
  if (!pos_.result.over()) collect_legal_moves(pos_, out);
}

std::vector<nlohmann::json> GameSession::legal() const {
  std::vector<nlohmann::json> out;
  for (const LegalMove& m : legal_moves()) out.push_back(move_json(m.before, m.move));
  return out;
}

void GameSession::put_words() const {
  if (unworded_.empty()) return;
  record_->moves.reserve(record_->moves.size() + unworded_.size());
  for (const Unworded& u : unworded_) record_->moves.push_back(*to_record_move(history_[u.index], u.move));
  unworded_.clear();
}

void GameSession::push_history() {
  if (history_.capacity() == 0) history_.reserve(kDealMoves);
  history_.push_back(pos_);
}

PlayVerdict GameSession::play(const nlohmann::json& move) {
  record::RecordMove rm = move_from_json(move);
  Verdict v;
  Move m;
  if (pos_.phase == Phase::Over) {
    v = judge(pos_, Move{});  // any move after the end is after-end, as check says
  } else {
    MoveOrFault mf = to_move(pos_, rm);
    v = mf.fault.ok() ? judge(pos_, mf.move) : mf.fault;
    m = mf.move;
  }
  if (!v.ok()) return {false, code_name(v.code), v.message};
  push_history();
  apply(pos_, m);
  if (record_) {
    put_words();  // the moves before it first, in order
    record_->moves.push_back(std::move(rm));
  }
  return {true, "", ""};
}

std::vector<Move> GameSession::engine_moves() const {
  std::vector<Move> out;
  if (!pos_.result.over()) conquian::legal_moves(pos_, out);
  return out;
}

PlayVerdict GameSession::play(const LegalMove& move) { return play_engine_move(move.move); }

PlayVerdict GameSession::play(const Move& move) { return play_engine_move(move); }

// The two typed roads: judged by the engine as check judges the next move, and applied. The
// record gets the move's words (a waive has none) when it is next read (put_words): a playout
// that never asks for its record writes no words. to_record_move reads the ruleset of the
// position it is given and nothing else, so the position the move was played in words it as
// the one it was listed in (after a waive) would.
PlayVerdict GameSession::play_engine_move(const Move& m) {
  const Verdict v = pos_.phase == Phase::Over ? judge(pos_, Move{}) : judge(pos_, m);
  if (!v.ok()) return {false, code_name(v.code), v.message};
  push_history();
  apply(pos_, m);
  if (record_) {
    if (m.kind == MoveKind::Waive) wordless_.push_back(history_.size() - 1);
    else {
      if (unworded_.capacity() == 0) unworded_.reserve(kDealMoves);
      unworded_.push_back({history_.size() - 1, m});
    }
  }
  return {true, "", ""};
}

bool GameSession::undo() {
  if (history_.empty()) return false;
  pos_ = history_.back();
  history_.pop_back();
  if (!wordless_.empty() && wordless_.back() == history_.size()) wordless_.pop_back();
  else if (!unworded_.empty() && unworded_.back().index == history_.size()) unworded_.pop_back();
  else if (record_ && !record_->moves.empty()) record_->moves.pop_back();
  return true;
}

nlohmann::json GameSession::state() const { return state_json(pos_); }

SeatView GameSession::seat_view(int seat) const {
  if (seat < 0 || seat >= rules_->seats)
    throw SessionError("bad-seat",
                       fmt::format("'seat' {}: there is no such seat in a {}-seat game", seat, rules_->seats));
  return view_of(pos_, seat);
}

nlohmann::json GameSession::view(int seat) const { return view_json(seat_view(seat)); }

const record::GameRecord& GameSession::game_record() const {
  if (!record_)
    throw SessionError("no-record", "the game started from a position: there is no deal to write a record of");
  put_words();
  return *record_;
}

std::string GameSession::record() const {
  record::GameRecord rec = game_record();
  if (pos_.result.kind == Outcome::Kind::Win) rec.result = record::won_result(pos_.result.winner);
  else if (pos_.result.kind == Outcome::Kind::Draw) rec.result = record::drawn_result();
  return record::write_record(rec);
}

}  // namespace conquian::serve
