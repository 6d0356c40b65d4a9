// What `conquian solve` answers for one position (specs/solve.md); the command line only
// turns its options into a Question and prints the Answer. Which search answers depends on
// the position: none when the deal is over; every card known: the exact value (Solver);
// the stock order unknown: the exact odds (ChanceSolver), or with `samples` an estimate
// from sampled stock orders.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "solve/chance.h"
#include "solve/sampling.h"
#include "solve/solver.h"

namespace conquian::solve {

struct Question {
  Options search;
  bool all_moves = false;  // also the value of every legal move
  int samples = 0;         // > 0 with the stock unknown: estimate from this many stock orders
  std::uint64_t seed = 1;  // of the samples
  // Called now and then with the work done so far (may be empty): Chance, the nodes searched
  // (against search.max_nodes); Sampled, the stock orders solved (against samples).
  std::function<void(std::uint64_t)> progress;
};

// A move of a line with the position it is played in (to write the move in words).
struct Step {
  Position before;
  Move move;
};
// The moves of `line` played from `root`, each with the position before it.
std::vector<Step> steps(const Position& root, std::span<const Move> line);

struct Answer {
  enum class Kind { Over, Exact, Chance, Sampled };
  Kind kind = Kind::Over;
  Value over;               // Over: the outcome (plies 0)
  Result exact;             // Exact
  ChanceResult chance;      // Chance
  SampleEstimate estimate;  // Sampled
  std::vector<Step> line;   // Exact, Chance: the principal variation

  // False when the search stopped at search.max_nodes (Sampled: no order was solved).
  bool solved() const;
  // Exact, Chance: the best decision is not to force (a waive, which no record writes).
  bool force_declined() const;
};

// `pos` must be over, or solvable (why_unsolvable() empty); `samples` only with an unknown
// stock.
Answer answer(const Position& pos, const Question& question);

}  // namespace conquian::solve
