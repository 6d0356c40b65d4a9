// Panguingue's meld search: can these cards, with repeats, be laid as legal melds? And which
// grouping pays the most? One search answers the judge (a take stated with `lay`), the move
// generator (every table a take can make), `fits` (forcing) and `prove partition`.
//
// The search covers the `required` cards (a table and the taken card) with melds, adding any
// of the `optional` cards (the hand). Every meld is placed at its lowest card, the lowest
// card not yet placed first, so each grouping is found once; a copy of a card is taken from
// the required ones before the optional ones (copies are alike, so this loses no table).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "cards/card_counts.h"
#include "pan/position.h"
#include "rules/ruleset.h"

namespace conquian::pan {

// One grouping the search found: its melds and the optional cards they use.
struct Cover {
  const std::vector<CardCounts>& melds;
  const CardCounts& laid;
};

// Calls `visit` with every grouping of all the required cards plus some of the optional ones
// into legal melds (each grouping once; the same laid cards may come with several groupings).
// `visit` returns false to stop; returns false when stopped.
bool for_each_cover(const Ruleset& rules, const CardCounts& required, const CardCounts& optional,
                    const std::function<bool(const Cover&)>& visit);

bool can_partition(const Ruleset& rules, const CardCounts& cards);
// A grouping of every card into legal melds paying the most in conditions (the first such
// grouping found), or nullopt when there is none.
std::optional<std::vector<CardCounts>> best_grouping(const Ruleset& rules, const CardCounts& cards);
// Every grouping of the cards into legal melds, each once, at most `limit` of them.
std::vector<std::vector<CardCounts>> all_groupings(const Ruleset& rules, const CardCounts& cards,
                                                   std::size_t limit = 10'000);

// The conditions of a table's melds, summed (V, the contract's "table's value").
std::int64_t table_value(const Ruleset& rules, const Table& table);
std::int64_t melds_value(const Ruleset& rules, const std::vector<CardCounts>& melds);
// The melds as a table; false when they do not fit its bounds (kMaxMelds, kMaxTableCards).
bool to_table(const std::vector<CardCounts>& melds, Table& out);

}  // namespace conquian::pan
