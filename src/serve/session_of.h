// The session interface (serve/session.h) written once for every game of the family
// (turn/game.h): the position, the positions before each move (undo), the record's words of
// the deal and the moves, and the legal moves with a force window's waive played through.
// GameSession (Conquian) and PanSession (Panguingue) are this class for their game, with what
// only their game has added.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <type_traits>
#include <vector>

#include "record/json_text.h"
#include "record/record_writer.h"
#include "replay/game_words.h"
#include "replay/replay.h"
#include "serve/move_from_json.h"
#include "serve/session.h"

namespace conquian::serve {

// Room for the positions of a whole deal, so that playing one reallocates nothing (a deal of
// american is about 60 moves; a longer one grows the vector as usual).
inline constexpr std::size_t kDealMoves = 96;

template <class G>
class SessionOf : public Session {
 public:
  using Game = G;
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Words = RecordWords<G>;

  // A legal move with the position it is played in (after a waive, when one comes first).
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

  // The legal moves with the positions they are played in, into `out` (cleared first, its
  // storage reused: a playout asks at every move). A waive has no words: the moves after it
  // stand for it.
  void legal_moves(std::vector<LegalMove>& out) const {
    out.clear();
    if (!over()) collect_legal(pos_, out, false);
  }
  std::vector<LegalMove> legal_moves() const {
    std::vector<LegalMove> out;
    legal_moves(out);
    return out;
  }
  // The game's own moves at this decision, a force window's waive included (the bot protocol
  // lists it); empty when the deal is over.
  std::vector<Move> engine_moves() const {
    std::vector<Move> out;
    if (!over()) G::legal_moves(pos_, out);
    return out;
  }

  std::vector<nlohmann::json> legal() const override {
    std::vector<nlohmann::json> out;
    for (const LegalMove& m : legal_moves()) out.push_back(record::move_json(*Words::words(m.before, m.move)));
    return out;
  }
  void append_legal_json(std::string& out) const override {
    thread_local std::vector<LegalMove> moves;
    legal_moves(moves);
    out += '[';
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (i) out += ',';
      record::append_move_json(out, *Words::words(moves[i].before, moves[i].move));
    }
    out += ']';
  }

  PlayVerdict play(const nlohmann::json& move) override {
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
  // Plays one of legal_moves() as it stands, without going through its JSON words: judged by
  // the engine and applied as play() does, a waive it implies with it, as one move (the fast
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

  std::vector<nlohmann::json> protocol_legal() const override {
    std::vector<nlohmann::json> out;
    for (const Move& m : engine_moves()) out.push_back(protocol_words(pos_, m));
    return out;
  }

  std::string play_answer(int asked, const nlohmann::json& answer) override {
    Move m{};
    if (answer.is_object() && answer.contains("waive")) {
      // Who may waive is the engine's to judge (the seat whose decision the window is).
      if (answer.size() != 2 || !answer.contains("seat") || answer["waive"] != true ||
          !answer["seat"].is_number_integer() || answer["seat"].get<long long>() < 0 ||
          answer["seat"].get<long long>() >= seats())
        return "not a move: a waive is {\"seat\": S, \"waive\": true}, S a seat of the game";
      m = waive_for(answer["seat"].get<int>());
    } else {
      try {
        auto mf = Words::move(pos_, move_from_json(answer));
        if (!mf.fault.ok()) return fmt::format("illegal move: {}: {}", code_name(mf.fault.code), mf.fault.message);
        m = mf.move;
      } catch (const SessionError& e) { return std::string("not a move: ") + e.what(); }
    }
    if (!G::is_waive(m) && m.seat != asked)
      return fmt::format("illegal move: not-your-turn: seat {} was asked, but the move is seat {}'s", asked,
                         int(m.seat));
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
    if constexpr (std::is_same_v<G, PanGame>) {
      Move m;
      m.kind = pan::MoveKind::Forfeit;
      m.seat = static_cast<std::uint8_t>(seat);
      m.reason = reason;
      return play(m).legal;
    } else {
      (void)seat;
      (void)reason;
      return false;
    }
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
  // The deal's result in a record's words (with Panguingue's settlement), nothing while it goes on.
  void put_result(record::RecordResult& result) const {
    const Outcome o = G::outcome(pos_);
    if (o.kind == Outcome::Kind::Win) result = record::won_result(o.winner);
    else if (o.kind == Outcome::Kind::Draw) result = record::drawn_result();
    else return;
    if constexpr (std::is_same_v<G, PanGame>) put_settlement(pos_, result);
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

 protected:
  SessionOf() = default;

  // A move in the protocol's words: the record's, a waive as {"seat": S, "waive": true}, and a
  // card a seat does not see (G::seen_by left it out) as null.
  static nlohmann::json protocol_words(const Position& before, const Move& m) {
    if (G::is_waive(m)) return {{"seat", m.seat}, {"waive", true}};
    return Words::seen_json(before, m);
  }
  Move waive_for(int seat) const {
    Move w = G::waive(pos_);
    w.seat = static_cast<std::uint8_t>(seat);
    return w;
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
  static void collect_legal(const Position& p, std::vector<LegalMove>& out, bool after_waive) {
    thread_local std::vector<Move> kept;
    std::vector<Move> own;
    std::vector<Move>& ms = after_waive ? own : kept;
    G::legal_moves(p, ms);
    for (const Move& m : ms) {
      if (G::is_waive(m)) {
        Position q = p;
        G::apply(q, m);
        collect_legal(q, out, true);
      } else {
        LegalMove& l = out.emplace_back();  // one copy of the position, in place
        l.before = p;
        l.move = m;
      }
    }
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

}  // namespace conquian::serve
