#include "solve/chance_interval.h"

#include <algorithm>
#include <chrono>

#include "solve/chance_search.h"

namespace conquian::solve {
namespace {

// The middle of [lower, upper] rounded towards zero; within (lower, upper] so that each test
// halves what is left (t = upper when the two are neighbours).
Int128 middle(Int128 lower, Int128 upper) {
  const Int128 t = lower + (upper - lower + 1) / 2;
  return std::clamp(t, lower + 1, upper);
}

}  // namespace

ChanceInterval prove_interval(const Position& pos, const Options& options, const IntervalRequest& request) {
  const auto t0 = std::chrono::steady_clock::now();
  Options o = options;
  o.threads = 1;
  o.max_nodes = request.max_nodes;
  ChanceSearch search(o);
  search.set_threshold_split(request.split);
  search.start(pos);
  if (request.seconds > 0)
    search.on_progress([&](std::uint64_t) {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < request.seconds;
    });
  ChanceInterval r;
  r.denominator = factorial(pos.stock_left());
  ChanceSearch::Node root;
  search.prepare(root, pos);
  root.bounds(r.denominator, r.lower, r.upper);  // a finished deal: its value, below
  if (root.pos.result.over()) r.lower = r.upper = search.exact(root);
  const Int128 goal = static_cast<Int128>(request.width * static_cast<double>(r.denominator));
  try {
    while (r.lower < r.upper && r.upper - r.lower > goal) {
      const Int128 t = middle(r.lower, r.upper);
      const Int128 v = search.search_node(root, t - 1, t);  // fail-soft: a bound past t - 1 or t
      if (v >= t) r.lower = std::max(r.lower, v);
      else r.upper = std::min(r.upper, v);
      ++r.tests;
    }
  } catch (const BudgetExceeded&) {
    // What the stopped test left in the table may narrow the interval a little more.
    Int128 lo = r.lower, hi = r.upper;
    search.proved_bounds(pos, 4, lo, hi);
    r.lower = std::max(r.lower, lo), r.upper = std::min(r.upper, hi);
  }
  r.nodes = search.nodes();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

bool prove_threshold(const Position& pos, const Options& options, Int128 t, bool at_least, std::uint64_t& nodes,
                     bool split) {
  Options o = options;
  o.threads = 1;
  ChanceSearch search(o);
  search.set_threshold_split(split);
  search.start(pos);
  bool proved = false;
  try {
    proved = search.reaches(pos, t, at_least);
  } catch (const BudgetExceeded&) { proved = false; }
  nodes = search.nodes();
  return proved;
}

}  // namespace conquian::solve
