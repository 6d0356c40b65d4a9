// The reference the tests hold ChanceSolver (chance.h) to: expectimax without pruning.
#pragma once

#include <cstdint>
#include <memory>

#include "solve/chance.h"

namespace conquian::solve {

// Plain expectimax, the reference the tests hold the search to: every move and every card
// searched, no pruning, no classes of cards; a memo of results on the exact state (kept
// across calls: positions of one ruleset, and of one stock when it is known). The same
// tie-break (first best move in legal_moves() order; a turn unless a lay is strictly better).
class PlainExpectimax {
 public:
  PlainExpectimax();
  ~PlainExpectimax();
  ExactChances value(const Position& pos);
  std::uint64_t nodes() const;

 private:
  struct Memo;
  std::unique_ptr<Memo> memo_;
};

}  // namespace conquian::solve
