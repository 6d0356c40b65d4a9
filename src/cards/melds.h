// Melds and the exact search for splitting a set of cards into melds.
//
// A meld is a set (same rank, any suits) or a run (same suit, consecutive ranks in the
// deck's order), each with a size range. A wild card stands for any card of a meld,
// including itself; a wild card is always treated as a wild, never as a natural card, which
// loses nothing because it may stand for itself.
//
// The search is an exact cover over 64-bit masks: take the lowest card not yet covered,
// try every meld that has it as its lowest card and fits, recurse. No allocation. It is the
// fastest answer on the tables of real games (tens of nanoseconds on ten cards), but its
// worst case grows exponentially on large tables of custom decks. So the yes/no question
// and find_partition give it a budget of kCoverBudget steps; past it they ask the
// rank-by-rank program (cards/partition_dp.h), polynomial in the ranks on every deck. Each
// answer thus costs at most the budget plus the program.
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <vector>

#include "cards/card_set.h"
#include "cards/deck.h"
#include "cards/meld_rules.h"
#include "cards/partition_dp.h"

namespace conquian {

// A grouping of cards into melds; a table of at most 64 cards has at most 32 melds.
struct MeldList {
  std::array<CardSet, 32> melds{};
  int count = 0;

  void push(CardSet m) { melds[count++] = m; }
  void pop() { --count; }
  const CardSet* begin() const { return melds.data(); }
  const CardSet* end() const { return melds.data() + count; }
  CardSet cards() const {
    CardSet all;
    for (CardSet m : *this) all |= m;
    return all;
  }
};

class MeldIndex {
 public:
  MeldIndex(const Deck& deck, const MeldRules& rules);

  const Deck& deck() const { return deck_; }
  const MeldRules& rules() const { return rules_; }
  // A number no other index built by this process has (a copy keeps it: it answers the
  // same), so that memos of answers can tell indexes apart where an address could recur.
  std::uint64_t serial() const { return serial_; }
  bool has_wilds() const { return !rules_.wild.empty(); }

  // Whether `cards` is one legal meld.
  bool is_meld(CardSet cards) const;
  // Whether `cards` splits into legal melds, every card used once (the empty set does).
  bool can_partition(CardSet cards) const;
  // The same answer from one decider alone (tests and benchmarks compare them): the
  // exact cover without a budget, and the rank-by-rank program.
  bool can_partition_by_cover(CardSet cards) const;
  bool can_partition_by_ranks(CardSet cards) const { return ranks_.can_partition(cards); }
  // One such split, written to `out`; false if there is none.
  bool find_partition(CardSet cards, MeldList& out) const;
  // The same, built meld by meld with the rank-by-rank program as the oracle (what
  // find_partition does past the budget; public so that tests reach it).
  bool find_partition_by_ranks(CardSet cards, MeldList& out) const;

  // Steps of the exact cover before the rank-by-rank program takes over. About as long as
  // the program takes on a small table; real games' tables need far fewer.
  static constexpr int kCoverBudget = 2000;
  // Every split, each once (as a set of melds); `visit` returns false to stop early.
  // Returns false if it was stopped.
  bool for_each_partition(CardSet cards, const std::function<bool(const MeldList&)>& visit) const;
  // Every legal meld M with `card` in M and M within `universe`, each once.
  std::vector<CardSet> melds_containing(CardSet universe, Card card) const;
  // Every legal meld M within `universe` whose lowest natural card is `low` (a natural card
  // of `universe`), wild cards included, each once; appended to `out`.
  void melds_led_by(CardSet universe, Card low, std::vector<CardSet>& out) const;

  // Every meld without wild cards (the catalogue), and those whose lowest card is `c`.
  const std::vector<CardSet>& natural_melds() const { return all_natural_; }
  const std::vector<CardSet>& natural_melds_from(Card c) const { return from_lowest_[c]; }
  const std::vector<CardSet>& natural_melds_with(Card c) const { return with_card_[c]; }

  int run_cap() const { return run_cap_; }

 private:
  // The exact cover; each step spends one of `budget` (past zero it answers false, and the
  // caller must not trust a false).
  // kShow: fill `out`; a yes/no answer (out null) is compiled without those branches, as
  // can_partition is the engine's hottest call.
  template <bool kShow>
  bool partition_natural(CardSet rest, MeldList* out, int& budget) const;
  bool partition_wild(CardSet naturals, int wilds, MeldList* out, CardSet wild_pool, int& budget) const;
  // Groups of wild cards alone, of legal sizes, for `wilds` cards of `pool` (lowest first).
  void split_wilds(CardSet pool, int wilds, MeldList& out) const;
  bool enumerate_wild(CardSet naturals, CardSet wild_pool, MeldList& acc,
                      const std::function<bool(const MeldList&)>& visit) const;
  bool enumerate_wild_only(CardSet wild_pool, MeldList& acc, const std::function<bool(const MeldList&)>& visit) const;
  // Natural subsets M with lowest card `c` (M within `naturals`) that make a meld with
  // some number of wilds; calls f(M, min_wilds, max_wilds) for the feasible wild counts.
  template <class F>
  bool for_each_natural_core(CardSet naturals, Card c, int wilds, F&& f) const;
  bool wild_only_ok(int n) const { return wild_only_ok_[n]; }
  bool size_ok_for_set(int n) const;
  bool size_ok_for_run(int n) const;

  Deck deck_;
  MeldRules rules_;
  std::uint64_t serial_;
  int run_cap_;
  std::vector<CardSet> all_natural_;
  std::array<std::vector<CardSet>, kMaxCards> from_lowest_;
  // The melds of from_lowest_ that are not two melds side by side: sets of fewer than
  // 2 x set_min cards, runs of fewer than 2 x run_min. Whether cards split into melds needs
  // only these (a longer meld splits into two legal ones), which keeps the yes/no search's
  // branching small on the long runs of a deck of many ranks.
  std::array<std::vector<CardSet>, kMaxCards> short_from_lowest_;
  std::array<std::vector<CardSet>, kMaxCards> with_card_;
  std::array<bool, kMaxCards + 1> wild_only_ok_{};
  RankProgram ranks_;
};

}  // namespace conquian
