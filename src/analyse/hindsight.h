// Hindsight: every card known as recorded, the stock in its recorded order; the exact value
// with best play (the alpha-beta Solver, solve/solver.h). A move that changes the value
// threw a win or a draw away: a blunder.
#pragma once

#include "analyse/memo_evaluation.h"
#include "solve/solver.h"

namespace conquian::analyse {

class Hindsight final : public MemoEvaluation {
 public:
  explicit Hindsight(const Budgets& budgets);
  const char* key() const override { return "hindsight"; }
  bool exact() const override { return true; }
  std::string why_not(const Position& start) const override;

 protected:
  Position prepare(const Position& pos) const override { return pos; }
  Found search(const Position& pos, bool want_best) override;
  std::uint64_t budget() const override { return solver_.options().max_nodes; }
  void reset() override {}  // the solver starts each search afresh

 private:
  solve::Solver solver_;
};

}  // namespace conquian::analyse
