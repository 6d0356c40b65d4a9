// Two-seat deals whose stock order nobody knows (every hand known): expectimax.
//
// At each turn the card turned is a chance event, every unseen card equally likely (the
// engine's legal_moves() lists one Turn per unseen card); every other decision is a seat's,
// seat 0 maximising its expected score (+1 a win, 0 a draw, -1 a loss) and seat 1
// minimising it. The result is exact (probabilities of each outcome under best play), with
// a table of solved positions that is kept across calls, so that many deals of one ruleset
// share their common positions (see whole_deck.h). Past max_nodes it gives up; sampling
// stock orders (estimate_by_sampling) then gives an estimate.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "solve/solver.h"

namespace conquian::solve {

// Probabilities of the three outcomes, under best play.
struct Chances {
  double win0 = 0, draw = 0, win1 = 0;
  double value() const { return win0 - win1; }  // seat 0's expected score
  // The outcome when its probability is 1 (within 1e-9), plies 0; none while uncertain.
  std::optional<Value> certain() const;
};

struct ChanceMoveValue {
  Move move;
  Chances value;
};

struct ChanceResult {
  bool solved = false;                // false: stopped at max_nodes
  Chances value;
  std::optional<Move> best;           // none when over, or when the next event is chance
  std::vector<Move> line;             // best play up to the next turn of an unknown card
  std::vector<ChanceMoveValue> moves; // every decision's value (when asked), best first
  std::uint64_t nodes = 0;
  double seconds = 0;
};

class ChanceSolver {
 public:
  // Uses options.max_nodes (per solve() call), options.table_bits; fastest_win does not
  // apply (values are expectations), nor does ordering (every move is searched).
  explicit ChanceSolver(Options options = {});
  ~ChanceSolver();
  ChanceSolver(const ChanceSolver&) = delete;
  ChanceSolver& operator=(const ChanceSolver&) = delete;

  // Positions of one ruleset only (the table is kept across calls).
  ChanceResult solve(const Position& pos, bool all_moves = false);
  // The value alone; throws BudgetExceeded past max_nodes nodes since reset_nodes().
  Chances value(const Position& pos);
  void reset_nodes();
  std::uint64_t nodes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Estimates by solving `samples` random stock orders with every card known (Solver), the
// same for both seats. This is the value when both seats know the order, which can differ
// from the expectimax value above (knowing the order helps both seats plan); it is what
// the sample measures, with a 95% confidence interval (normal approximation).
struct SampleEstimate {
  int samples = 0;        // solved samples
  int unsolved = 0;       // samples past the node budget (left out)
  int wins0 = 0, draws = 0, wins1 = 0;
  double mean = 0;        // seat 0's mean score
  double half_width = 0;  // 95% confidence half-width of the mean
  std::uint64_t nodes = 0;
  double seconds = 0;
  // The 95% confidence interval of the mean, within the possible scores [-1, 1].
  double low() const { return std::max(-1.0, mean - half_width); }
  double high() const { return std::min(1.0, mean + half_width); }
};
SampleEstimate estimate_by_sampling(const Position& pos, int samples, std::uint64_t seed, const Options& options);

}  // namespace conquian::solve
