// Rulesets that turn on, one or two at a time, the keys no shipped ruleset uses (no
// regrouping, no extra melds, extra melds when forced, the compulsory take, the dealer's
// upcard, offers to the next seat first, the stock-out house rule, laying on one's turn,
// a target below hand + 1, hitting without regrouping, wild cards without regrouping,
// four seats with every forcing rule): the step model is held to the engine on them too.
#pragma once

#include <memory>
#include <vector>

#include "rules/ruleset.h"

namespace conquian::prove {

const std::vector<std::shared_ptr<const Ruleset>>& step_variant_rulesets();

}  // namespace conquian::prove
