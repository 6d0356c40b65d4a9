// Every reachable state of every deal of a small ruleset, by explicit-state search with the
// engine: every pair (or tuple) of hands, every dealer, the stock unknown (a turn may turn
// any unseen card, so every order of the stock is covered and a state holds the stock as a
// set). Each state is visited once (a table of packed states shared by all deals; without
// wild cards a state and its suits permuted are one state, as the rules treat suits alike), and in
// each the engine's invariants are checked: every card in one place, every table legal, hand
// plus table within the hand size (but for the winner and the seat just hit), and a live
// state has a legal move. The longest path from a deal to its end, in record moves (a waive
// is not one), is the exact longest deal; a cycle would be found and reported.
//
// Only for decks whose states pack into 64 bits, with rearrange (no kept groupings) and
// without the swap; otherwise `why_not_enumerable` says why.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "rules/ruleset.h"

namespace conquian::prove {

struct ReachableStates {
  std::uint64_t deals = 0;   // (hands, dealer) pairs started from
  std::uint64_t states = 0;  // distinct states reached, deals' starts included, each up to
                             // a permutation of the suits (without wild cards)
  int symmetries = 1;        // the permutations of the suits one state stands for
  std::uint64_t live = 0;    // of which not over
  std::uint64_t moves = 0;   // engine moves followed (edges)
  int longest = -1;          // record moves of the longest deal
  std::string longest_line;  // that deal: hands, dealer and moves, as record text
  std::string fault;         // the first invariant broken (empty: none)
  double seconds = 0;
};

std::string why_not_enumerable(const Ruleset& rules);
// `progress(deals done, deals in all, states so far)` is called now and then (may be empty).
ReachableStates enumerate_reachable(
    const Ruleset& rules, const std::function<void(std::uint64_t, std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace conquian::prove
