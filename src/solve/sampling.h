// An estimate of a position with the stock unknown, from random stock orders each solved
// with every card known: the fallback when the exact search (chance.h) is past its budget.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "solve/solver.h"

namespace conquian::solve {

// Estimates by solving `samples` random stock orders with every card known (Solver), the
// same for both seats. This is the value when both seats know the order, which can differ
// from the expectimax value above (knowing the order helps both seats plan); it is what
// the sample measures, with a 95% confidence interval (normal approximation).
// One choice of the seat to act over the same orders: its seat 0 score's mean and 95%
// interval (the orders on which every choice was solved; a turn from the stock is one blind
// turn, pimc.h).
struct SampledMove {
  Move move;
  double mean = 0;
  double half_width = 0;
  double low() const { return std::max(-1.0, mean - half_width); }
  double high() const { return std::min(1.0, mean + half_width); }
};

struct SampleEstimate {
  int samples = 0;   // solved samples
  int unsolved = 0;  // samples past the node budget (left out)
  int wins0 = 0, draws = 0, wins1 = 0;
  double mean = 0;                 // seat 0's mean score
  double half_width = 0;           // 95% confidence half-width of the mean
  std::vector<SampledMove> moves;  // every choice of the seat to act, in legal order
  std::uint64_t nodes = 0;
  double seconds = 0;
  // The 95% confidence interval of the mean, within the possible scores [-1, 1].
  double low() const { return std::max(-1.0, mean - half_width); }
  double high() const { return std::min(1.0, mean + half_width); }
};
// `progress(done, samples)` (may be empty) is called after each sampled order.
SampleEstimate estimate_by_sampling(const Position& pos, int samples, std::uint64_t seed, const Options& options,
                                    const std::function<void(int, int)>& progress = {});

}  // namespace conquian::solve
