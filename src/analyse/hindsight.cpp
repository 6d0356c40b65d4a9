#include "analyse/hindsight.h"

namespace conquian::analyse {
namespace {

solve::Options exact_options(const Budgets& b) {
  solve::Options o;
  o.max_nodes = b.exact_nodes;
  o.table_bits = b.exact_table_bits;
  return o;
}

Worth worth_of_value(const solve::Value& v) {
  Worth w;
  w.exact = v;
  w.expected0 = v.kind == Outcome::Kind::Win ? (v.winner == 0 ? 1.0 : -1.0) : 0.0;
  return w;
}

}  // namespace

Hindsight::Hindsight(const Budgets& budgets) : solver_(exact_options(budgets)) {}

std::string Hindsight::why_not(const Position& start) const {
  if (!start.stock_known) return "the record has no stock: the order of the cards to come is not known";
  return solve::why_unsolvable(start);
}

MemoEvaluation::Found Hindsight::search(const Position& pos, bool want_best) {
  Found f;
  if (want_best) {
    solve::Result r = solver_.solve(pos);
    if (!r.solved) return f;
    f.best = r.best;
    f.worth = worth_of_value(r.value);
  } else {
    try {
      f.worth = worth_of_value(solve::value_of_score(solver_.score(pos)));
    } catch (const solve::BudgetExceeded&) { return f; }
  }
  f.solved = true;
  return f;
}

}  // namespace conquian::analyse
