// The session interface (serve/session.h) written once for every game of the family
// (turn/game.h): the deal, the position and the positions before each move (undo), the
// record's words of the deal and the moves, a seat's own legal moves as it is offered them,
// a move judged as check judges it or as a seat's answer, a forfeit, the settlement.
// GameSession (Conquian) and PanSession (Panguingue) are this class for their game, with what
// only their game has added (its state's JSON, its solver).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "record/json_text.h"
#include "record/record_writer.h"
#include "replay/game_words.h"
#include "replay/position_setup.h"
#include "replay/replay.h"
#include "serve/deal_words.h"
#include "serve/move_from_json.h"
#include "serve/session.h"

namespace conquian::serve {

// Room for the positions of a whole deal, so that playing one reallocates nothing (a deal of
// american is about 60 moves; a longer one grows the vector as usual).
inline constexpr std::size_t kDealMoves = 96;
// `after` for every move of a record.
inline constexpr std::size_t kAllMoves = static_cast<std::size_t>(-1);

template <GameInterface G>
class SessionOf : public Session {
 public:
  using Game = G;
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Words = RecordWords<G>;

  // A legal move of the seat to act, with the position it is played in. `move` is the game's
  // own (a turn with the card it will show); a front end shows a seat G::offered_as(move).
  struct LegalMove {
    Position before;
    Move move;
  };

  const std::shared_ptr<const Ruleset>& rules_ptr() const override { return rules_; }
  const Position& position() const { return pos_; }
  int seats() const override { return G::seats(pos_); }
  int to_act() const override { return G::outcome(pos_).over() ? -1 : G::to_act(pos_); }
  bool over() const override { return G::outcome(pos_).over(); }
  Outcome outcome() const override { return G::outcome(pos_); }
  std::vector<std::int64_t> chips() const override {
    std::vector<std::int64_t> out;
    for (int s = 0; s < seats(); ++s) out.push_back(G::chips(pos_, s));
    return out;
  }
  std::int64_t pot() const override { return G::pot(pos_); }
  std::size_t moves_played() const override { return history_.size(); }
  int max_plies() const override { return G::max_plies(*rules_, seats()); }

  // The moves the seat to act may choose (its own only: turn/game.h, offered_moves, a force
  // window's waive included), as the game's moves, into `out` (cleared first, its storage
  // reused: a playout asks at every move).
  void legal_moves(std::vector<LegalMove>& out) const {
    out.clear();
    for_own_moves([&](const Move& m) {
      LegalMove& l = out.emplace_back();  // one copy of the position, in place
      l.before = pos_;
      l.move = m;
    });
  }
  std::vector<LegalMove> legal_moves() const {
    std::vector<LegalMove> out;
    legal_moves(out);
    return out;
  }
  // The same, the moves alone.
  std::vector<Move> own_moves() const {
    std::vector<Move> out;
    for_own_moves([&](const Move& m) { out.push_back(m); });
    return out;
  }

  std::vector<nlohmann::json> legal_for(int seat) const override {
    std::vector<nlohmann::json> out;
    thread_local std::vector<Move> offered;
    offered_moves<G>(pos_, seat, offered);
    out.reserve(offered.size());
    for (const Move& m : offered) out.push_back(protocol_words(pos_, m));
    return out;
  }
  std::vector<nlohmann::json> legal() const override {
    return over() ? std::vector<nlohmann::json>{} : legal_for(to_act());
  }
  void append_legal_json(std::string& out) const override {
    thread_local std::vector<Move> offered;
    offered_moves<G>(pos_, over() ? -1 : G::to_act(pos_), offered);
    out += '[';
    for (std::size_t i = 0; i < offered.size(); ++i) {
      if (i) out += ',';
      append_protocol_words(out, pos_, offered[i]);
    }
    out += ']';
  }

  PlayVerdict play(const nlohmann::json& move) override {
    if (std::optional<Move> m = special_move(move)) return play(*m);
    record::RecordMove rm = move_from_json(move);
    Verdict v;
    Move m{};
    if (over()) {
      v = G::judge(pos_, Move{});  // any move after the end is after-end, as check says
    } else {
      auto mf = Words::move(pos_, rm);
      v = mf.fault.ok() ? G::judge(pos_, mf.move) : mf.fault;
      m = mf.move;
    }
    if (!v.ok()) return {false, code_name(v.code), v.message};
    push_history();
    G::apply(pos_, m);
    last_ = m;
    if (record_) {
      put_words();  // the moves before it first, in order
      record_->moves.push_back(std::move(rm));
    }
    return {true, "", ""};
  }
  // Plays one of legal_moves() as it stands, without going through its JSON words (the fast
  // path of Python's apply_action).
  PlayVerdict play(const LegalMove& move) { return play(move.move); }
  // Judges a game move (a waive included) as check judges the next move, and plays it when
  // legal; the record gets its words when it is next read (a waive has none).
  PlayVerdict play(const Move& m) {
    const Verdict v = over() ? G::judge(pos_, Move{}) : G::judge(pos_, m);
    if (!v.ok()) return {false, code_name(v.code), v.message};
    push_history();
    G::apply(pos_, m);
    last_ = m;
    if (record_) {
      if (G::is_waive(m)) wordless_.push_back(history_.size() - 1);
      else {
        if (unworded_.capacity() == 0) unworded_.reserve(kDealMoves);
        unworded_.push_back({history_.size() - 1, m});
      }
    }
    return {true, "", ""};
  }

  bool undo() override {
    if (history_.empty()) return false;
    pos_ = history_.back();
    history_.pop_back();
    last_.reset();
    if (!wordless_.empty() && wordless_.back() == history_.size()) wordless_.pop_back();
    else if (!unworded_.empty() && unworded_.back().index == history_.size()) unworded_.pop_back();
    else if (record_ && !record_->moves.empty()) record_->moves.pop_back();
    return true;
  }

  // A move in the protocol's words (a record's JSON move, a waive, a blind turn) as the game's
  // move at the session's position: `fault` when its words do not resolve there (an unknown
  // card), `named` when it names its cards as a record does. Throws SessionError bad-field for
  // words that are no move.
  struct ReadMove {
    Move move{};
    Verdict fault;
    bool named = false;
  };
  ReadMove read_move(const nlohmann::json& words) const {
    ReadMove out;
    if (std::optional<Move> special = special_move(words)) {
      out.move = *special;
      return out;
    }
    auto mf = Words::move(pos_, move_from_json(words));
    out.move = mf.move;
    out.fault = mf.fault;
    out.named = true;
    return out;
  }
  // The last move played and the position it was played in (none when no move was played
  // since the start, or after an undo).
  const Position* before_last() const { return last_ && !history_.empty() ? &history_.back() : nullptr; }
  const std::optional<Move>& last_move() const { return last_; }

  std::string play_for(int asked, const nlohmann::json& answer) override {
    Move m{};
    bool named = false;  // read from a record's words, cards named
    try {
      ReadMove r = read_move(answer);
      if (!r.fault.ok()) return fmt::format("illegal move: {}: {}", code_name(r.fault.code), r.fault.message);
      m = r.move;
      named = r.named;
    } catch (const SessionError& e) { return std::string("not a move: ") + e.what(); }
    if (!G::is_waive(m) && G::mover(m) != asked)
      return fmt::format("illegal move: not-your-turn: seat {} was asked, but the move is seat {}'s", asked,
                         G::mover(m));
    // A card the seat cannot see is never its to name: the answer is refused whether the
    // card is right or not, so that a refusal tells nothing of the stock.
    if (named && G::is_blind(G::offered_as(pos_, m, asked)))
      return fmt::format(
          "illegal move: wrong-card: seat {} cannot see the stock's next card: a turn names no card "
          "({{\"seat\": {}, \"turn\": null}})",
          asked, asked);
    const bool waived = G::implies_waive(pos_, m);
    if (waived) {
      const PlayVerdict w = play(G::waive(pos_));
      if (!w.legal) return fmt::format("illegal move: {}: {}", w.code, w.reason);
      if (to_act() != asked) {
        undo();
        return fmt::format("illegal move: not-your-turn: seat {} may force or waive, but not play another move now",
                           asked);
      }
    }
    if (PlayVerdict v = play(m); !v.legal) {
      if (waived) undo();
      return fmt::format("illegal move: {}: {}", v.code, v.reason);
    }
    return "";
  }

  bool forfeit(int seat, const std::string& reason) override {
    if (over() || seat < 0 || seat >= seats()) return false;
    if (std::optional<Move> m = G::forfeit_move(pos_, seat, reason)) return play(*m).legal;
    push_history();
    G::end_by_forfeit(pos_, seat);
    last_.reset();
    if (record_) wordless_.push_back(history_.size() - 1);
    return false;
  }

  nlohmann::json last_move_seen_by(int seat) const override {
    if (!last_ || history_.empty()) return nullptr;
    const Position& before = history_.back();
    return protocol_words(before, G::seen_by(before, *last_, seat));
  }

  const record::GameRecord& game_record() const override {
    if (!record_)
      throw SessionError("no-record", "the game started from a position: there is no deal to write a record of");
    put_words();
    return *record_;
  }
  std::string record() const override {
    record::GameRecord rec = game_record();
    put_result(rec.result);
    return record::write_record(rec);
  }
  void put_result(record::RecordResult& result) const override {
    const Outcome o = G::outcome(pos_);
    if (o.kind == Outcome::Kind::Win) result = record::won_result(o.winner);
    else if (o.kind == Outcome::Kind::Draw) result = record::drawn_result();
    else return;
    Words::put_settlement(pos_, result);
  }

  nlohmann::json deal_json() const override {
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
  nlohmann::json moves_json() const override {
    nlohmann::json out = nlohmann::json::array();
    if (record_)
      for (const record::RecordMove& m : game_record().moves) out.push_back(record::move_json(m));
    return out;
  }
  // Each recorded move as `seat` saw it: the game's own rule of what a seat sees (G::seen_by),
  // asked of the move each record line stands for in the position it was played in.
  nlohmann::json moves_seen_by(int seat) const override {
    nlohmann::json out = nlohmann::json::array();
    if (!record_) return out;
    const auto& moves = game_record().moves;
    std::size_t k = 0;  // the record's move k is played at history_[i], i past the waives
    for (std::size_t i = 0; i < history_.size() && k < moves.size(); ++i) {
      if (std::find(wordless_.begin(), wordless_.end(), i) != wordless_.end()) continue;
      const Position& before = history_[i];
      auto mf = Words::move(before, moves[k]);
      out.push_back(mf.fault.ok() ? protocol_words(before, G::seen_by(before, mf.move, seat))
                                  : record::move_json(moves[k]));
      ++k;
    }
    return out;
  }

  // Forgets the stock's order, in the position and in the record's deal (which then has no
  // `stock`, as a record may be written): every turn may show any unseen card, as `check`
  // judges a record without a stock (a game whose turns are chance: specs/python.md).
  void forget_stock_order() {
    pos_ = forget_stock(pos_);
    for (Position& p : history_) p = forget_stock(p);
    if (record_) {
      record_->has_stock = false;
      record_->stock.clear();
    }
  }

  // A move in the protocol's words: the record's, a waive as {"seat": S, "waive": true}, a
  // blind turn as {"seat": S, "turn": null}, and a swap card a seat does not see as null.
  static nlohmann::json protocol_words(const Position& before, const Move& m) {
    if (G::is_waive(m)) return {{"seat", G::mover(m)}, {"waive", true}};
    if (G::is_blind(m)) return {{"seat", G::mover(m)}, {"turn", nullptr}};
    return Words::seen_json(before, m);
  }

 protected:
  SessionOf() = default;

  // f(m) for each of the game's moves of the seat to act (none once the deal is over).
  template <class F>
  void for_own_moves(F&& f) const {
    if (over()) return;
    thread_local std::vector<Move> all;
    G::legal_moves(pos_, all);
    const int seat = G::to_act(pos_);
    for (const Move& m : all)
      if (G::mover(m) == seat) f(m);
  }

  // The constructors every game shares: the pack in `order` (top first) dealt to `seats` by
  // `dealer`; a deal as records write it; a record after its first `after` moves; a whole
  // position as it stands (a world drawn from a seat's view), with no record.
  void init_dealt(std::shared_ptr<const Ruleset> rules, int seats, std::span<const Card> order, int dealer) {
    if (seats < G::min_seats(*rules) || seats > G::max_seats(*rules))
      throw SessionError("bad-field", G::min_seats(*rules) == G::max_seats(*rules)
                                          ? fmt::format("'seats' {}: ruleset {} plays {} at {} seats", seats,
                                                        rules->name, G::kName, G::min_seats(*rules))
                                          : fmt::format("'seats' {}: ruleset {} seats {} to {}", seats, rules->name,
                                                        G::min_seats(*rules), G::max_seats(*rules)));
    if (dealer < 0 || dealer >= seats)
      throw SessionError("bad-field",
                         fmt::format("'dealer' {}: there is no such seat in a {}-seat game", dealer, seats));
    rules_ = std::move(rules);
    pos_ = G::deal(*rules_, seats, order, dealer);
    record_.emplace();
    Words::deal_words(*rules_, seats, order, dealer, *record_);
    name_ruleset(*rules_, *record_);
  }
  void init_from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal) {
    record::GameRecord rec = deal_record(*rules, deal);
    auto d = Words::deal(rec, *rules);
    if (!d.fault.ok()) throw SessionError("bad-deal", "deal: " + fault_text(d.fault));
    rules_ = std::move(rules);
    pos_ = d.position;
    record_ = std::move(rec);
  }
  void init_from_record(record::GameRecord rec, std::size_t after, std::shared_ptr<const Ruleset> rules) {
    rules_ = rules;
    const std::size_t upto = std::min(after, rec.moves.size());
    const auto r =
        replay_game<G>(rec, *rules, upto, [&](const Position& before, const Move&) { history_.push_back(before); });
    if (!r.fault.ok()) {
      if (r.in_deal) throw SessionError("bad-record", "the deal: " + fault_text(r.fault));
      const auto& m = rec.moves[r.moves];
      throw SessionError("bad-record",
                         fmt::format("move {} (line {}): {}", r.moves + 1, m.mark.line, fault_text(r.fault)));
    }
    if (after != kAllMoves && after > rec.moves.size())
      throw SessionError("bad-record", fmt::format("'after' {}: the game has {} moves", after, rec.moves.size()));
    pos_ = r.position;
    // A record that ends in a force window and states its result ends with the window's waive,
    // which no record writes (the refusal stood, and the deal ended there): check reads it so.
    if (upto == rec.moves.size() && rec.result.present && !G::outcome(pos_).over()) {
      Position waived = pos_;
      const Move w = G::waive(pos_);
      if (G::judge(pos_, w).ok()) {
        G::apply(waived, w);
        if (G::outcome(waived).over()) {
          history_.push_back(pos_);
          wordless_.push_back(history_.size() - 1);
          pos_ = waived;
        }
      }
    }
    rec.moves.resize(upto);
    rec.result = {};
    record_ = std::move(rec);
  }
  void init_from_world(std::shared_ptr<const Ruleset> rules, const Position& world) {
    rules_ = std::move(rules);
    pos_ = world;
    pos_.rules = rules_.get();
  }

  static void append_protocol_words(std::string& out, const Position& before, const Move& m) {
    if (G::is_waive(m) || G::is_blind(m)) {
      out += protocol_words(before, m).dump();
      return;
    }
    record::append_move_json(out, *Words::words(before, m));
  }
  Move waive_for(int seat) const {
    Move w = G::waive(pos_);
    w.seat = static_cast<std::uint8_t>(seat);
    return w;
  }
  // The moves a record cannot write, read from their protocol words: a waive,
  // {"seat": S, "waive": true}, and a blind turn, {"seat": S, "turn": null} (the next card of
  // the stock, whatever it is). Anything else is read as a record's move (nullopt here).
  std::optional<Move> special_move(const nlohmann::json& j) const {
    if (!j.is_object()) return std::nullopt;
    const bool waive = j.contains("waive");
    const bool blind = j.contains("turn") && j["turn"].is_null();
    if (!waive && !blind) return std::nullopt;
    const bool seat_ok = j.size() == 2 && j.contains("seat") && j["seat"].is_number_integer() &&
                         j["seat"].get<long long>() >= 0 && j["seat"].get<long long>() < seats();
    if (waive) {
      // Who may waive is the engine's to judge (the seat whose decision the window is).
      if (!seat_ok || j["waive"] != true)
        throw SessionError("bad-field", "a waive is {\"seat\": S, \"waive\": true}, S a seat of the game");
      return waive_for(j["seat"].get<int>());
    }
    if (!seat_ok) throw SessionError("bad-field", "a turn of the face-down stock is {\"seat\": S, \"turn\": null}");
    std::optional<Move> turn = Words::blind_turn(pos_, j["seat"].get<int>());
    if (!turn) throw SessionError("bad-field", "turn: the stock's order is unknown here: name the card turned");
    return turn;
  }

  void push_history() {
    if (history_.capacity() == 0) history_.reserve(kDealMoves);
    history_.push_back(pos_);
  }
  // Writes the words of the unworded_ moves into the record, in order.
  void put_words() const {
    if (unworded_.empty()) return;
    record_->moves.reserve(record_->moves.size() + unworded_.size());
    for (const Unworded& u : unworded_) record_->moves.push_back(*Words::words(history_[u.index], u.move));
    unworded_.clear();
  }

  std::shared_ptr<const Ruleset> rules_;
  Position pos_{};
  // The deal's words and the moves played (absent when started from a position); the words of
  // the moves played as game moves are written when the record is read (put_words), so the
  // record is mutable: reading it changes nothing it says.
  mutable std::optional<record::GameRecord> record_;
  std::vector<Position> history_;      // the position before each move played
  std::vector<std::size_t> wordless_;  // indices into history_ of moves the record has no words for (a waive)
  struct Unworded {
    std::size_t index;  // into history_
    Move move;
  };
  mutable std::vector<Unworded> unworded_;
  std::optional<Move> last_;  // the last move played (for last_move_seen_by)
};

// The session class of game G: each game's session file says which (serve/sessions.h maps a
// ruleset to it).
template <GameInterface G>
struct SessionType;

}  // namespace conquian::serve
