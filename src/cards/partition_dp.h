// Whether cards split into melds, decided rank by rank in polynomial time: the yes/no
// answer the exact cover of melds.cpp gives, without its exponential worst case.
//
// Why it works. A run joins only neighbouring ranks of one suit, a set only the cards of
// one rank, and wild cards are interchangeable, so a split can be built walking the ranks
// lowest first, remembering only (a) for each suit, the length of the run still open in it,
// (b) which numbers of wild cards the melds so far may have used. Three facts keep (a) small:
//
//   1. Cut into windows, a stretch of T >= run_min run places (natural cards of one suit
//      on consecutive ranks, or wild cards standing in for them, plus wild cards added at
//      either end) makes runs of run_min to 2 x run_min - 1 cards; a window with no natural
//      card is a meld of wild cards alone, legal at that size. So when the cap allows runs
//      of 2 x run_min - 1 (no cap, in most rulesets), a run of run_min places or more is as
//      good as any other and takes any number of wild cards more: the program keeps the
//      open length only up to run_min ("open-ended"). Under a tighter cap it keeps the exact
//      length, up to the cap, and a run closes only within the cap.
//   2. Two runs of one suit whose spans overlap (a wild card standing in one for a natural
//      card of the other) can be redrawn as two runs of the same sizes over the union of the
//      spans, one after the other, holding the same natural and wild cards (the union is
//      shorter than the two spans together). So at most one run is open per suit.
//   3. Wild cards at either end of a run, and wild cards beyond its last natural card, may
//      be counted when the run closes ("extension"): the run only needs size >= its span,
//      and a window of that size fits because the size is at most the rank count.
//
// State between two ranks: the open run length of each suit (0: none, 1..max) and a 64-bit
// mask of the wild counts used so far. Within a rank, suits are decided one at a time (a
// "profile"), with the number of that rank's natural cards sent to sets; when the rank is
// done those are split into sets with the wild counts set_wilds_ allows. At the end every
// open run closes, and the wild cards left over must form melds of wild cards alone.
//
// Work: ranks x suits x (suits + 1) x (kept + 1)^suits states at most, each with at most four
// moves (a deck has at most four suits); only states reached are visited.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cards/card_set.h"
#include "cards/deck.h"
#include "cards/meld_rules.h"

namespace conquian {

class RankProgram {
 public:
  // The caps of sets and runs come from MeldRules::set_cap / run_cap.
  RankProgram(const Deck& deck, const MeldRules& rules);

  // Whether `cards` splits into legal melds, every card used once (the empty set does).
  bool can_partition(CardSet cards) const;

  // The states per layer.
  std::size_t states() const { return states_; }

 private:
  // Which numbers of wild cards `mask` becomes when each of `add` is added (bits 0..wilds).
  static std::uint64_t shift_by(std::uint64_t mask, std::uint64_t add, std::uint64_t limit);

  int ranks_, suits_;
  CardSet wild_;
  int run_keep_;                            // 0: no run is possible
  bool open_ended_ = false;                 // a run of run_keep_ places may grow and take any wilds
  int base_;                                // run_keep_ + 1: the radix of one suit's run length
  std::array<int, kMaxSuits + 1> place_{};  // base_^s
  std::size_t states_;                      // (suits + 1) x base_^suits
  // set_wilds_[k]: the wild counts with which k natural cards of one rank split into sets.
  std::array<std::uint64_t, kMaxSuits + 1> set_wilds_{};
  // close_wilds_[L]: the wild counts a run of span L may add when it closes.
  std::vector<std::uint64_t> close_wilds_;
  // wild_only_[n]: whether n wild cards alone split into melds.
  std::array<bool, kMaxCards + 1> wild_only_{};
};

}  // namespace conquian
