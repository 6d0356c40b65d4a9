#include "solve/estimate.h"

#include <algorithm>

#include "replay/position_setup.h"
#include "solve/move_order.h"

namespace conquian::solve {

SeatView hands_known_view(const Position& pos) {
  SeatView v;
  v.seat = to_act(pos);
  v.pos = forget_stock(pos);
  for (int s = 0; s < pos.seats(); ++s) v.hand_count[static_cast<std::size_t>(s)] = pos.hand[s].size();
  return v;
}

PimcResult estimate_choices(const SeatView& view, const EstimateOptions& options) {
  PimcOptions o;
  o.max_worlds = 0;  // sampled, even when few: a sample cut short is still a random one
  o.samples = std::max(1, options.samples);
  o.world_nodes = 0;  // no expectimax per world: the cheapest form
  o.stock_orders = 1;
  o.order_nodes = options.move_nodes;
  o.threads = std::max(1u, options.threads);
  o.seed = options.seed;
  o.table_bits = 16;  // small tables: made at every call, and each world's searches are small
  o.stop = options.stop;
  o.deadline = options.deadline;
  o.report = options.report;
  // Stopped already, or out of time: no solver is made (its tables cost milliseconds).
  const bool no_time = (options.stop && options.stop->load(std::memory_order_relaxed)) ||
                       std::chrono::steady_clock::now() >= options.deadline;
  PimcResult r;
  if (!no_time) {
    r = PimcSolver(o).solve(view);
    if (r.worlds > 0) return r;
  } else {
    r.seat = view.seat;
    r.world_count = world_count(view);
  }
  // Nothing finished: the search's own order, first move first, nothing known of any value.
  const std::vector<Move> choices = seat_choices(view);
  std::vector<int> order;
  order_moves(view.pos, choices, true, -1, nullptr, order);
  std::vector<PimcMove> moves;
  for (int i : order) {
    PimcMove m;
    m.move = choices[static_cast<std::size_t>(i)];
    m.lo = -1, m.hi = 1;
    moves.push_back(m);
  }
  r.moves = std::move(moves);
  return r;
}

}  // namespace conquian::solve
