// Proved intervals for the stock unknown: where the exact value costs too
// much, bounds [L, U] on seat 0's expected score that the search proves, narrowed by
// bisection while nodes and time remain (specs/solve.md, "Proved intervals").
//
// Each step is a threshold test, "is the value at least t?": the chance search (chance_search.h)
// with the null window (t - 1, t). A fail-soft answer v >= t proves L = v, one below t proves
// U = v; t is then the middle of what is left. The tests share one table, so each starts
// from the bounds the earlier ones stored. A test stopped by the budget proves nothing
// beyond what the table holds, which ChanceSearch::proved_bounds reads at the end.
#pragma once

#include <cstdint>

#include "solve/exact.h"
#include "solve/solver.h"

namespace conquian::solve {

struct IntervalRequest {
  std::uint64_t max_nodes = 50'000'000;  // 0: no limit
  double seconds = 0;                    // of the clock; 0: no limit
  // Stop once U - L is at most this, in units of the expected score (whose range [-1, 1] is
  // 2 wide); 0: only at L = U.
  double width = 0;
  // The threshold split at the turns (chance_split.cpp) instead of Star1's windows. Off: it
  // was measured to cost more nodes, not fewer (specs/solve.md); kept to measure the two.
  bool split = false;
};

struct ChanceInterval {
  Int128 denominator = 1;       // n!, n the unseen cards
  Int128 lower = 0, upper = 0;  // seat 0's expected score times denominator lies in [lower, upper]
  bool exact() const { return lower == upper; }
  // Proves nothing narrower than [-1, 1] (the command's exit 3).
  bool trivial() const { return lower <= -denominator && upper >= denominator; }
  int tests = 0;  // threshold tests finished
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// `pos` at most kMaxExactUnseen unseen cards, the stock unknown (why_not_exact()); options:
// table_bits, transposition, ordering and threads (max_nodes: the request's, shared out
// among the threads). On several threads every thread runs each threshold test on one
// table, the first to finish answers it (specs/solve.md, "Proved intervals").
ChanceInterval prove_interval(const Position& pos, const Options& options, const IntervalRequest& request);

// Whether seat 0's expected score times n! is at least (`at_least`) or at most `t`, proved
// by one threshold test; false also when max_nodes ran out (`nodes` counts the nodes).
// For measuring what a given interval costs (conquian_bench solve --part chance).
bool prove_threshold(const Position& pos, const Options& options, Int128 t, bool at_least, std::uint64_t& nodes,
                     bool split = false);

}  // namespace conquian::solve
