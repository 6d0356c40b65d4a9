// Panguingue's moves valued from one seat's view: the chips a seat can expect from each of its
// moves, estimated by playing the move out in worlds the seat cannot tell apart.
//
// A world deals the cards the seat has not seen (the other hands, then the stock in a random
// order: pan::sample_world_with_stock). Each move is played out in it to the deal's end with
// greedy (pan_greedy.h) at every seat, the seat's own later choices too. Every move is played
// out on the same worlds, so the worlds' luck cancels between the moves and a few worlds tell
// them apart (the paired difference of two moves is read from `chips`).
//
// What it assumes: each world has the same weight (no model of how the others' past choices
// make some hands likelier), and the moves after this one are greedy's, not best play: the
// values are what the seat can expect when everyone then plays by greedy's rules of thumb. A
// drop's chips are exact where only seats still in pay conditions (its playouts all agree: an
// interval of zero width).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/rng.h"
#include "pan/position.h"

namespace conquian::solve {

struct PanEstimateOptions {
  std::size_t worlds = 32;  // worlds at most (0: as many as the deadline allows)
  // No world is begun past it, once `min_worlds` are done.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  std::size_t min_worlds = 4;
  const std::atomic<bool>* stop = nullptr;  // when set, no world is begun once it is true
};

struct PanMoveEstimate {
  std::size_t index = 0;  // into the moves asked about
  double mean = 0;        // the seat's chips for the deal, over the worlds
  double lo = 0, hi = 0;  // mean -+ 1.96 standard errors (zero width with one world or all alike)
};

struct PanEstimate {
  int seat = 0;
  std::size_t worlds = 0;                  // worlds every move was played out in
  std::vector<PanMoveEstimate> moves;      // in the order asked
  std::vector<std::vector<double>> chips;  // chips[i][w]: move i's chips in world w
  double seconds = 0;
};

// `seat`'s chips after each of `moves` (legal at `p`, each `seat`'s own), from what `seat`
// knows of `p` (its hand, every table, the dead cards, the face-up card, the sizes of the
// other hands and the stock; never another hand or the stock's order). Worlds are drawn from
// `rng`, one further number per world (the seed a playout with chance would take), so that a
// caller drawing the same worlds as before gets them.
PanEstimate estimate_pan_moves(const pan::Position& p, int seat, const std::vector<pan::Move>& moves,
                               const PanEstimateOptions& options, Rng& rng);

// The 95% interval of the mean of `v` (mean -+ 1.96 sd / sqrt(n)), and the mean.
PanMoveEstimate mean_interval(const std::vector<double>& v);

// The index of the move with the highest mean in `e` (the first of equals).
std::size_t best_estimate(const PanEstimate& e);

// Worlds a move is weighed in, and greedy's favourite takes weighed beside the other moves,
// when a caller sets no count: those of the strong player (batch/pan_strong_player.cpp).
inline constexpr std::size_t kPanWorlds = 32;
inline constexpr std::size_t kPanTakesWeighed = 3;
// Worlds of an answer asked for with no budget of its own (solve --view, the engine's solve,
// analyse a decision): a 95% interval of about +-1 chip at six seats.
inline constexpr std::size_t kPanAdviceWorlds = 500;

}  // namespace conquian::solve
