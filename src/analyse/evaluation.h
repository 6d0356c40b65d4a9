// One way of judging a decision: the worth of the position before it, after the move played,
// and the best move. specs/analyse.md names three:
//
//   hindsight      every card known as recorded (the exact solver, solve/solver.h);
//   stock_unknown  both hands known, the stock order unknown (expectimax, solve/chance.h);
//   seat_view      what the deciding seat saw (PIMC over the seat's worlds, solve/pimc.h).
//
// The analysis (game_analysis.h) asks each evaluation in turn and knows none of them: a new
// one is one more class with this interface, listed in make_evaluations().
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "solve/solver.h"

namespace conquian::analyse {

// Bounds [lower, upper] on seat 0's expected score that a stopped search proves.
struct Interval {
  double lower = -1, upper = 1;
};

// A position's worth in one evaluation, from seat 0's side.
struct Worth {
  double expected0 = 0;               // seat 0's expected score: +1 a win, 0 a draw, -1 a loss
  std::optional<solve::Value> exact;  // an exact evaluation: the outcome with best play
  // Past the budget (Assessment::bounded): the interval proved instead of expected0.
  std::optional<Interval> proved;
  // The interval of this worth: `proved`, else [expected0, expected0].
  Interval interval() const { return proved.value_or(Interval{expected0, expected0}); }
};

// How an estimate by sampled worlds was made (seat_view), with the 95% intervals of its
// values from seat 0's side (zero width when every world was enumerated and solved exactly).
struct Sampling {
  int worlds = 0;                 // worlds solved
  std::uint64_t world_count = 0;  // worlds consistent with what the seat saw
  bool enumerated = false;        // every world once; else `worlds` drawn uniformly
  bool exact = false;             // enumerated and every world solved by exact expectimax
  double before_lo = 0, before_hi = 0, after_lo = 0, after_hi = 0;
};

// What an evaluation says of one move.
struct Assessment {
  bool solved = false;
  bool skipped = false;  // not asked: an evaluation of decisions only, and no decision
  // Not solved, but every worth asked for is a value or a proved interval (Worth::proved):
  // stock_unknown past its budget. The move is a mistake only when the intervals say so.
  bool bounded = false;
  std::string why;                   // not solved: the reason (past the budget, three seats, ...)
  Worth before, after;               // the position the move was played in, and after it
  std::optional<Move> best;          // a decision: the best move (a Waive: not forcing)
  std::vector<Worth> alternatives;   // the worth after each alternative asked for, in order
  std::optional<Sampling> sampling;  // an estimate over worlds: how it was made
};

// The budgets and settings every evaluation may read (analyse --help lists them).
struct Budgets {
  std::uint64_t exact_nodes = 5'000'000;  // hindsight: nodes per position
  // Stock unknown: nodes per position. 200,000, not 1,000,000: on corpus/legal/ the larger
  // budget judged 23 more of 728 decisions (283 against 260) for 2.8 times the time, nearly
  // all of it one search per game that reaches the budget anyway (specs/benchmarks.md, analyse).
  std::uint64_t chance_nodes = 200'000;
  int exact_table_bits = 20;
  int chance_table_bits = 18;
  // seat view (PIMC): worlds enumerated when there are at most `seat_worlds`, else that many
  // sampled; each world solved within `seat_world_nodes` (exact expectimax, else stock
  // orders each within that budget); at most `seat_nodes` for a whole decision.
  bool seat_view = true;
  int seat_worlds = 16;
  std::uint64_t seat_world_nodes = 20'000;
  int seat_orders = 2;
  std::uint64_t seat_nodes = 250'000;
};

class Evaluation {
 public:
  virtual ~Evaluation() = default;
  // The key of the analysis JSON ("hindsight", "stock_unknown", "seat_view").
  virtual const char* key() const = 0;
  // Exact: a change of value is a blunder. Otherwise expectations: a drop is a mistake.
  virtual bool exact() const = 0;
  // Why this evaluation cannot judge any move of a game that starts at `start` ("" when it
  // can): a record without its stock has no hindsight; three seats have no single value.
  virtual std::string why_not(const Position& start) const = 0;
  // A new game (its positions all of one ruleset): what was kept of the last one goes.
  virtual void new_game() = 0;
  // `played` in `pos` (every card as recorded; `pos` not over). `decision` false: a move
  // that was no choice (a turn from the stock): before and after only, no best (or
  // `skipped`, for an evaluation that values decisions only).
  virtual Assessment assess(const Position& pos, const Move& played, std::span<const Move> alternatives,
                            bool decision) = 0;
};

// The evaluations of an analysis, in the order of the JSON: hindsight, stock_unknown, seat_view.
std::vector<std::unique_ptr<Evaluation>> make_evaluations(const Budgets& budgets);

}  // namespace conquian::analyse
