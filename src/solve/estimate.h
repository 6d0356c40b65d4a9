// A quick estimate of every choice of the seat to act: what an answer gives when the search
// that proves values (the exact search, the expectimax with the stock unknown, PIMC over a
// seat's view) ran out of time, nodes or was stopped before it proved a best move (answer.h).
//
// It is PIMC (pimc.h) in its cheapest form: worlds drawn at random from what the question
// leaves unknown, each solved with every card known, move by move, by the alpha-beta solver
// (no expectimax per world; one stock order per world). Every world finished before the
// deadline or a stop counts, so it has an answer whenever it is cut short; worlds are always
// sampled (never enumerated in order), so the worlds finished are a random sample.
//
// - With every hand known (the stock order unknown, or known and set aside for the estimate:
//   hands_known_view) the worlds are random stock orders.
// - With a seat's view, the worlds also deal the cards of the hidden hands.
//
// What it assumes: each world is solved as if both seats knew it (the stock order, and the
// hidden hands). The seat to act then plays each world's best line, which it could not do
// without knowing the world (strategy fusion), so the values are optimistic for it; the 95%
// interval (normal approximation over the worlds) covers the sampling error only. With no
// world finished, every choice is listed in the search's own move order (move_order.h: winning
// takes, takes laying more cards, forces, lays, then the rest) with nothing known of its value
// beyond [-1, 1]: the first of them is the answer's best.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "engine/seat_view.h"
#include "solve/pimc.h"
#include "solve/solver.h"

namespace conquian::solve {

struct EstimateOptions {
  int samples = 30;                    // worlds at most (fewer when cut short)
  std::uint64_t move_nodes = 200'000;  // the alpha-beta budget of each world and choice
  std::uint64_t seed = 1;              // of the worlds
  unsigned threads = 1;                // worlds solved at once (one solver each)
  const std::atomic<bool>* stop = nullptr;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  SearchProgress* report = nullptr;  // when set, the best choice so far is published there (not proved)
};

// With a time budget the estimate samples until the time is spent, up to this many worlds.
inline constexpr int kTimedEstimateSamples = 1000;

// The seat to act's view of `pos` with every hand known: only the stock order is hidden (and
// forgotten if `pos` knew it). Its worlds are the stock orders.
SeatView hands_known_view(const Position& pos);

// Every choice of the seat of `view` (which must be to act: why_not_pimc empty), best first:
// highest expected score, then most wins. `worlds` is 0 when none was finished in time;
// the moves are then in the search's move order, each with the interval [-1, 1].
PimcResult estimate_choices(const SeatView& view, const EstimateOptions& options);

}  // namespace conquian::solve
