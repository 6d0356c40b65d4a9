// A loaded ruleset written back as YAML: every written key of the key table
// (rules/ruleset_keys.h, specs/rulesets.md), resolved (no `base:`), so that the text loads
// as the same ruleset anywhere. `conquian simulate` writes it inline in the records of a
// ruleset file (specs/record-format.md), since a record must not depend on a file it does
// not carry.
#pragma once

#include <string>

#include "rules/ruleset.h"

namespace conquian {

// One flow mapping on one line: {description: "...", deck: french-40, seats: 2, ...}.
std::string ruleset_flow_yaml(const Ruleset& rules);

}  // namespace conquian
