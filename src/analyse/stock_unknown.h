// The stock unknown: both hands known to both seats, every unseen card equally likely to be
// turned next; seat 0's expected score with best play (expectimax, solve/chance.h). A move
// that costs its seat at least the threshold is a mistake. Past the node budget a position
// gets the interval its stopped search proves (solve/chance.h, ChanceResult::proved_lower),
// and a decision whose intervals overlap is not judged (game_analysis.cpp).
#pragma once

#include <memory>

#include "analyse/memo_evaluation.h"
#include "solve/chance.h"

namespace conquian::analyse {

class StockUnknown final : public MemoEvaluation {
 public:
  explicit StockUnknown(const Budgets& budgets) : budgets_(budgets) {}
  const char* key() const override { return "stock_unknown"; }
  bool exact() const override { return false; }
  std::string why_not(const Position& start) const override { return solve::why_unsolvable(start); }

 protected:
  Position prepare(const Position& pos) const override;
  Found search(const Position& pos, bool want_best) override;
  std::uint64_t budget() const override { return budgets_.chance_nodes; }
  // A fresh solver for each game: its table of exact values, kept across searches, would
  // otherwise let a game's budget depend on the games analysed before it.
  void reset() override { solver_.reset(); }

 private:
  Budgets budgets_;
  std::unique_ptr<solve::ChanceSolver> solver_;
};

}  // namespace conquian::analyse
