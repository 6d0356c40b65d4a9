// Conquian as a game of the family's interface (turn/game.h): the engine's questions, as they
// are (each call is the engine's own, inlined).
#pragma once

#include "engine/engine.h"
#include "engine/seat_view.h"
#include "turn/game.h"

namespace conquian {

struct ConquianGame {
  using Position = conquian::Position;
  using Move = conquian::Move;
  static constexpr const char* kName = "conquian";

  static void legal_moves(const Position& p, std::vector<Move>& out) { conquian::legal_moves(p, out); }
  static Verdict judge(const Position& p, const Move& m) { return conquian::judge(p, m); }
  static void apply(Position& p, const Move& m) { conquian::apply(p, m); }
  static int to_act(const Position& p) { return conquian::to_act(p); }
  static Outcome outcome(const Position& p) { return p.result; }
  // A deal's stake: each losing seat pays the winner one (so a won deal at n seats is n - 1
  // to the winner and -1 to each other seat, and every deal sums to zero); a draw moves none.
  static std::int64_t chips(const Position& p, int seat) {
    if (p.result.kind != Outcome::Kind::Win) return 0;
    return seat == p.result.winner ? p.seats() - 1 : -1;
  }
  static std::int64_t pot(const Position&) { return 0; }
  static int seats(const Position& p) { return p.seats(); }
  static bool implies_waive(const Position& p, const Move& m) { return conquian::implies_waive(p, m); }
  static Move waive(const Position& p) { return waive_move(conquian::to_act(p)); }
  static bool is_waive(const Move& m) { return m.kind == MoveKind::Waive; }
  static Move seen_by(const Position& p, const Move& m, int seat) { return conquian::seen_by(p, m, seat); }
};
static_assert(GameInterface<ConquianGame>);

}  // namespace conquian
