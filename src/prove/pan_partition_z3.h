// "These cards, with repeats, split into legal Panguingue melds", decided by Z3: a decider
// independent of Panguingue's depth-first search (pan/partition.h). It reads the ruleset's
// ranks, suits and group rule, and counts, never the search.
//
// The encoding counts how many copies of each card each kind of meld uses (pan_partition_z3.cpp):
//   sequences: a whole number of runs of 3, 4 or 5 cards for each suit and lowest rank (a run
//     of six or more is two such runs laid end to end, so these lose nothing);
//   groups of A or K (any suits, repeats): per rank, copies of each suit, in all 0 or 3 or more
//     (any such copies form one group);
//   a comoquer's groups of one suit: per card, 0 or 3 copies or more (one group);
//   a comoquer's groups of different suits: a whole number of each set of 3 or 4 suits; or,
//     under comoquer_group: one_suit_or_three_suits, per rank copies of each suit with 0 or
//     at least three suits used (one group holds them all).
// and every card's copies add up to the cards given, a tracked assertion per card, so an
// unsat core names the cards it needed. One z3::context per query.
#pragma once

#include <string>
#include <vector>

#include "cards/card_counts.h"
#include "prove/z3_check.h"
#include "rules/ruleset.h"

namespace conquian::prove {

struct Z3PanPartition {
  enum class Answer { Yes, No, Unknown } answer = Answer::Unknown;
  std::vector<CardCounts> melds;  // Yes: one grouping
  std::string reason_unknown;     // Unknown: Z3's reason
  std::vector<std::string> core;  // No: "card 5s: 3 copies" of an unsat core
};

Z3PanPartition z3_pan_partition(const Ruleset& rules, const CardCounts& cards, const Z3Limits& limits = {});

}  // namespace conquian::prove
