// `conquian prove partition --ruleset <a panguingue ruleset>`: whether cards, with repeats,
// split into legal Panguingue melds, as Z3 proves it (prove/pan_partition_z3.h), which the
// engine's search (pan/partition.h) must agree with.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cards/card_counts.h"
#include "prove/z3_check.h"
#include "rules/ruleset.h"

namespace conquian::prove {

// The most cards `prove partition` takes for a panguingue ruleset (every copy counted): half
// again a table's most (pan::kMaxTableCards), which the search answers at once; the number of
// groupings of more copies of a few cards grows too fast for the "pays the most" answer.
inline constexpr int kMaxPanPartitionCards = 24;

// Cards as space-separated tokens, a card as often as it is written; `where` names the input
// in the error (record::InputError) for an unknown token or too many cards.
CardCounts parse_card_counts(const Ruleset& rules, const std::string& text, const std::string& where);

struct PanPartitionAnswer {
  bool partitionable = false;
  std::vector<CardCounts> melds;  // when partitionable: Z3's grouping
  std::vector<CardCounts> best;   // when partitionable: the engine's grouping paying the most
  std::vector<std::string> core;  // when not: the cards of Z3's proof
};

// Throws Z3Undecided when Z3 answers unknown, std::runtime_error when Z3 and the engine's
// search disagree (a bug in one of them).
PanPartitionAnswer decide_pan_partition(const Ruleset& rules, const CardCounts& cards, const Z3Limits& limits);

// {"ruleset", "cards", "partitionable", "melds", "best": {"melds", "conditions"} | "core"}.
nlohmann::json pan_partition_json(const Ruleset& rules, const CardCounts& cards, const PanPartitionAnswer& answer);

}  // namespace conquian::prove
