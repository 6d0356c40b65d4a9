// The seat's own view: what the deciding seat saw (its hand, the tables, the dead and face-up
// cards, the card it passed), every world consistent with it solved as if both hands were
// known, every choice averaged over the same worlds (PIMC, solve/pimc.h). The move played and
// the best move are compared on the same worlds and stock orders; a drop of at least the
// threshold is a mistake from the seat's view: the fairest judgement of a player, since it
// uses only what the player knew.
//
// Decisions only (a turn from the stock is no choice: `skipped`). Worlds are sampled with a
// seed taken from the seat's view itself, so a decision gets the same worlds whatever was
// analysed before it and on whichever thread. Like the memo evaluations, the positions of a
// game are asked from its end back: once a decision is past the budget, decisions with more
// cards in the stock are not searched.
#pragma once

#include <climits>
#include <memory>

#include "analyse/evaluation.h"
#include "solve/pimc.h"

namespace conquian::analyse {

class SeatViewEvaluation final : public Evaluation {
 public:
  explicit SeatViewEvaluation(const Budgets& budgets);
  const char* key() const override { return "seat_view"; }
  bool exact() const override { return false; }
  std::string why_not(const Position& start) const override;
  void new_game() override;
  Assessment assess(const Position& pos, const Move& played, std::span<const Move> alternatives,
                    bool decision) override;

 private:
  Budgets budgets_;
  solve::PimcOptions options_;
  std::unique_ptr<solve::PimcSolver> solver_;  // one per game: its tables start empty
  int fewest_failed_ = INT_MAX;                // the fewest stock cards of a decision past the budget
};

}  // namespace conquian::analyse
