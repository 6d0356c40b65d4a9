// Panguingue as a game of the family's interface (turn/game.h).
#pragma once

#include "pan/engine.h"
#include "turn/game.h"

namespace conquian {

struct PanGame {
  using Position = pan::Position;
  using Move = pan::Move;
  static constexpr const char* kName = "panguingue";

  static void legal_moves(const Position& p, std::vector<Move>& out) { pan::legal_moves(p, out); }
  static Verdict judge(const Position& p, const Move& m) { return pan::judge(p, m); }
  static void apply(Position& p, const Move& m) { pan::apply(p, m); }
  static int to_act(const Position& p) { return pan::to_act(p); }
  static Outcome outcome(const Position& p) { return p.result; }
  static std::int64_t chips(const Position& p, int seat) { return p.chips[seat]; }
  static std::int64_t pot(const Position& p) { return p.pot; }
  static int seats(const Position& p) { return p.seats(); }
  static bool implies_waive(const Position& p, const Move& m) { return pan::implies_waive(p, m); }
  static Move waive(const Position& p) { return pan::waive_move(pan::to_act(p)); }
  static bool is_waive(const Move& m) { return m.kind == pan::MoveKind::Waive; }
  // Every Pan move is public: declarations, turns, takes and discards are all face up.
  static Move seen_by(const Position&, const Move& m, int) { return m; }
};
static_assert(GameInterface<PanGame>);

}  // namespace conquian
