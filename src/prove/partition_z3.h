// "These cards split into legal melds", decided by Z3: a second decider, independent of the
// exact-cover search in cards/melds.cpp (it reads only the deck's ranks and suits and the
// MeldRules, never the meld catalogue), so that the two can check each other and
// `conquian prove partition` can give a proof.
//
// The encoding (partition_z3.cpp has the details): every meld is named by its leader, its
// lowest natural card (its lowest card if all are wild), and a Boolean lead(i, j) says that
// card j is in the meld led by card i. A split has exactly one such description, so an
// enumeration that blocks each split found lists every split exactly once. The meld led by
// i is a set (its natural cards share i's rank; size in [set_min, min(set_max, suits)]) or
// a run (its natural cards share i's suit; size in [run_min, cap]; and the size is at least
// the span of ranks from i to its highest natural card, the gaps being wild cards; nothing
// wraps). Sizes are cardinality constraints. Wild cards are always treated as wilds; one
// may stand for itself, so this loses nothing.
//
// Every rule and every "card X is in a meld" is a tracked assumption: when the answer is
// No, `core` names the rules and cards of an unsat core (small, not necessarily minimal).
// One z3::context per query, so the functions may run on several threads at once.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "cards/card_set.h"
#include "cards/deck.h"
#include "cards/melds.h"
#include "prove/z3_check.h"

namespace conquian::prove {

struct Z3Partition {
  enum class Answer { Yes, No, Unknown } answer = Answer::Unknown;
  MeldList split;              // Yes: one split, melds ordered by their lowest card
  std::string reason_unknown;  // Unknown: Z3's reason ("timeout", ...) or "z3 error: ..."
  // No: the tracked rules and cards of an unsat core, e.g. "card 5c is in a meld",
  // "a set holds natural cards of one rank".
  std::vector<std::string> core;
};

// One split of `cards` into legal melds, or a proof that none exists. limits.timeout_ms is
// the query's budget (0: none): Z3's search gets what is left once the encoding is built;
// limits.rlimit bounds each check's work. Past either, the answer is Unknown with Z3's
// reason: never Yes or No.
Z3Partition z3_partition(const Deck& deck, const MeldRules& rules, CardSet cards, const Z3Limits& limits = {});

// The most splits that `prove partition --all` and `forcing` list. A table of dozens of
// cards (a custom deck's) can have millions of splits; past this they stop with an error
// rather than run on (specs/limits.md).
inline constexpr std::size_t kMaxListedSplits = 10'000;

// Every split of `cards`, each exactly once as a set of melds, until `visit` returns false;
// returns how many were visited. limits.timeout_ms is the budget of the whole enumeration
// (0: none), limits.rlimit that of each check. If Z3 answers unknown (timeout, resource
// limit, error) the enumeration is incomplete: the reason
// is written to `reason_unknown` when that is given, else a std::runtime_error is thrown.
// `reason_unknown` is set empty when the enumeration ran to its end or `visit` stopped it.
std::size_t z3_all_partitions(const Deck& deck, const MeldRules& rules, CardSet cards,
                              const std::function<bool(const MeldList&)>& visit, const Z3Limits& limits = {},
                              std::string* reason_unknown = nullptr);

}  // namespace conquian::prove
