#include "analyse/stock_unknown.h"

#include "replay/position_setup.h"

namespace conquian::analyse {
namespace {

// Past the budget, the table read four levels down for the proved interval: a fixed depth, so
// that the analysis does not depend on the clock (each level costs ten to twenty times the
// one before; four took 4 ms after 48 million nodes, specs/solve.md).
constexpr int kBoundDepth = 4;

}  // namespace

Position StockUnknown::prepare(const Position& pos) const { return forget_stock(pos); }

MemoEvaluation::Found StockUnknown::search(const Position& pos, bool want_best) {
  if (!solver_) {
    solve::Options o;
    o.max_nodes = budgets_.chance_nodes;
    o.table_bits = budgets_.chance_table_bits;
    solver_ = std::make_unique<solve::ChanceSolver>(o);
  }
  Found f;
  solve::ChanceRequest request;
  request.bound_depth = kBoundDepth;
  solve::ChanceResult r = solver_->solve(pos, request);
  if (!r.solved) {
    // Past the budget: the bounds the stopped search proves (as `solve --stock unknown`
    // answers), unless they say nothing.
    const solve::Int128 d = r.exact.denominator;
    if (r.proved_lower > -d || r.proved_upper < d)
      f.worth.proved = Interval{solve::to_double(r.proved_lower, d), solve::to_double(r.proved_upper, d)};
    return f;
  }
  f.solved = true;
  f.worth.expected0 = r.value.value();
  if (want_best) f.best = r.best;
  return f;
}

}  // namespace conquian::analyse
