#include "solve/pan_estimate.h"

#include <cmath>

#include "pan/engine.h"
#include "pan/world.h"
#include "solve/pan_greedy.h"

namespace conquian::solve {

using Clock = std::chrono::steady_clock;

PanMoveEstimate mean_interval(const std::vector<double>& v) {
  PanMoveEstimate e;
  if (v.empty()) return e;
  const double n = static_cast<double>(v.size());
  double sum = 0;
  for (double x : v) sum += x;
  e.mean = sum / n;
  double var = 0;
  for (double x : v) var += (x - e.mean) * (x - e.mean);
  const double half = v.size() > 1 ? 1.96 * std::sqrt(var / (n - 1) / n) : 0.0;
  e.lo = e.mean - half;
  e.hi = e.mean + half;
  return e;
}

PanEstimate estimate_pan_moves(const pan::Position& p, int seat, const std::vector<pan::Move>& moves,
                               const PanEstimateOptions& options, Rng& rng) {
  const auto t0 = Clock::now();
  PanEstimate out;
  out.seat = seat;
  out.chips.assign(moves.size(), {});
  while (!moves.empty() && (options.worlds == 0 || out.worlds < options.worlds)) {
    if (out.worlds >= options.min_worlds && Clock::now() >= options.deadline) break;
    if (out.worlds > 0 && options.stop && options.stop->load(std::memory_order_relaxed)) break;
    const pan::Position world = pan::sample_world_with_stock(p, seat, rng);
    rng.next();  // the playout's seed: greedy plays without chance, but the worlds stay those drawn before
    for (std::size_t i = 0; i < moves.size(); ++i) {
      pan::Position next = world;
      pan::Move m = moves[i];
      if (m.kind == pan::MoveKind::Turn) m.card = world.stock[world.stock_top];  // the card this world's stock shows
      pan::apply(next, m);
      out.chips[i].push_back(static_cast<double>(pan_greedy_playout(next, seat)));
    }
    ++out.worlds;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    PanMoveEstimate e = mean_interval(out.chips[i]);
    e.index = i;
    out.moves.push_back(e);
  }
  out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return out;
}

std::size_t best_estimate(const PanEstimate& e) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < e.moves.size(); ++i)
    if (e.moves[i].mean > e.moves[best].mean) best = i;
  return best;
}

}  // namespace conquian::solve
