// `conquian prove partition` without --all, as a value: whether cards split into legal melds,
// as Z3 proves it, which the engine's search must agree with. The command prints it; the
// Python module's conquian.prove_partition returns its JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cards/melds.h"
#include "prove/z3_check.h"
#include "rules/ruleset.h"

namespace conquian::prove {

// Cards as space-separated tokens of the ruleset's deck; `where` names the input in the
// error (record::InputError) for an unknown token or one given twice.
CardSet parse_card_list(const Ruleset& rules, const std::string& text, const std::string& where);

struct PartitionAnswer {
  bool partitionable = false;
  MeldList split;                 // when partitionable
  std::vector<std::string> core;  // when not: the assertions Z3's proof needs
};

// Throws Z3Undecided when Z3 answers unknown, std::runtime_error when Z3 and the engine's
// search disagree (a bug in one of them).
PartitionAnswer decide_partition(const Ruleset& rules, CardSet cards, const Z3Limits& limits);

// {"ruleset", "cards", "partitionable", "melds" | "core"}: what `prove partition --json` prints.
nlohmann::json partition_json(const Ruleset& rules, CardSet cards, const PartitionAnswer& answer);

}  // namespace conquian::prove
