// The part of an evaluation that values whole positions (hindsight, stock unknown): each
// position of a game searched once, what was found kept for the rest of the game, and the
// budget's edge remembered.
//
// The analysis asks for the positions of a game from its end back to its deal, so that a
// search finds the small positions first. Once a position is past the node budget, a
// position with more cards in the stock is not searched at all: its tree is bigger, and it
// would only burn the budget again. It is `unsolved` with that reason, never guessed.
#pragma once

#include <climits>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "analyse/evaluation.h"

namespace conquian::analyse {

class MemoEvaluation : public Evaluation {
 public:
  void new_game() override;
  Assessment assess(const Position& pos, const Move& played, std::span<const Move> alternatives,
                    bool decision) override;

 protected:
  struct Found {
    bool solved = false;  // false: past the budget
    Worth worth;          // unsolved: worth.proved, the interval proved (when the search proves one)
    std::optional<Move> best;
  };
  // The position as this evaluation searches it (the stock forgotten, for stock_unknown).
  virtual Position prepare(const Position& pos) const = 0;
  // The worth of `pos` (prepared, not over), and its best move when `want_best`.
  virtual Found search(const Position& pos, bool want_best) = 0;
  // The node budget of one search, for messages.
  virtual std::uint64_t budget() const = 0;
  // A game begins: the search's own memory of the last game goes.
  virtual void reset() = 0;

 private:
  struct Entry {
    Position pos;
    bool solved = false;
    bool has_best = false;
    std::string why;
    Worth worth;  // unsolved: worth.proved when the search proved an interval
    std::optional<Move> best;
  };
  const Entry& lookup(const Position& full, bool want_best);

  std::unordered_multimap<std::uint64_t, Entry> memo_;
  int fewest_failed_ = INT_MAX;  // the fewest stock cards of a position past the budget
};

// An outcome as a worth: +1, 0 or -1 for seat 0, exact.
Worth worth_of_outcome(const Outcome& outcome);

}  // namespace conquian::analyse
