// "These cards split into legal melds", decided by Z3: a second decider, independent of the
// exact-cover search in cards/melds.cpp (it reads only ranks, suits and the MeldRules), so
// that the two can check each other and `conquian prove partition` can give a proof.
//
// The encoding (partition_z3.cpp has the details): the n cards, lowest first, are given to
// G = n / (smallest meld size) groups; card i may join group g only if g <= i, and a card
// joins group g > 0 only if some lower card is in group g - 1, so the groups that are used
// come first, ordered by their lowest card: every split has exactly one encoding, which
// makes enumeration with blocking clauses exact. A used group is a set (its natural cards
// share one rank; size in [set_min, min(set_max, suits)]) or a run (its natural cards share
// one suit, size in [run_min, cap], and the size is at least the span of ranks its natural
// cards cover, the gaps being wild cards). Wild cards are always treated as wilds; one may
// stand for itself, so this loses nothing.
//
// Every rule and every "card X is in a meld" is a tracked assumption: when the answer is
// No, `core` names the rules and cards of an unsat core (not necessarily minimal).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "cards/card_set.h"
#include "cards/deck.h"
#include "cards/melds.h"

namespace conquian::prove {

struct Z3Partition {
  enum class Answer { Yes, No, Unknown } answer = Answer::Unknown;
  MeldList split;              // Yes: one split, melds ordered by their lowest card
  std::string reason_unknown;  // Unknown: Z3's reason ("timeout", ...) or its error
  // No: the tracked rules and cards of an unsat core, e.g. "card 5c is in a meld",
  // "a set holds natural cards of one rank".
  std::vector<std::string> core;
};

// One split of `cards` into legal melds, or a proof that none exists. timeout_ms = 0: none.
Z3Partition z3_partition(const Deck& deck, const MeldRules& rules, CardSet cards,
                         unsigned timeout_ms = 0);

// Every split of `cards`, each exactly once as a set of melds, until `visit` returns false;
// returns how many were visited. timeout_ms bounds the whole enumeration (0: none). If Z3
// answers unknown (timeout, error) the enumeration is incomplete: the reason is written to
// `reason_unknown` when given (else a std::runtime_error is thrown); it is left empty when
// the enumeration ran to its end or `visit` stopped it.
std::size_t z3_all_partitions(const Deck& deck, const MeldRules& rules, CardSet cards,
                              const std::function<bool(const MeldList&)>& visit,
                              unsigned timeout_ms = 0, std::string* reason_unknown = nullptr);

}  // namespace conquian::prove
