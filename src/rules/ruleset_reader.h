// Reads the keys of a ruleset mapping (its `base:` already merged in) into a Ruleset, key by
// key in the order of the key table (rules/ruleset_keys.h): each value checked for its type
// and range, each key checked against the keys before it as soon as both are known, and a
// key that is not in the table refused with the nearest one that is.
#pragma once

#include "record/yaml_fields.h"
#include "rules/ruleset.h"

namespace conquian {

// Reads every key of the table from `top` (the ruleset's mapping) into `rules`, whose members
// hold the defaults; does not call top.finish(). Throws record::InputError.
void read_ruleset_keys(record::Fields& top, Ruleset& rules);

}  // namespace conquian
