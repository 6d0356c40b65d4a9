#include "rules/ruleset_json.h"

#include "rules/ruleset_keys.h"

namespace conquian {

// The name and the file, then every written key of the key table in its order (the order of
// specs/rulesets.md's table), as the ruleset was resolved.
nlohmann::ordered_json ruleset_json(const Ruleset& rs) {
  nlohmann::ordered_json j{{"name", rs.name}, {"source", rs.source}};
  j.update(ruleset_keys_json(rs));
  return j;
}

}  // namespace conquian
