// A loaded ruleset as JSON: every key of specs/rulesets.md, in its table's order, as the
// ruleset was resolved (`conquian rulesets NAME --json`, the referee's `start` line).
#pragma once

#include <nlohmann/json.hpp>

#include "rules/ruleset.h"

namespace conquian {

nlohmann::ordered_json ruleset_json(const Ruleset& rules);

}  // namespace conquian
