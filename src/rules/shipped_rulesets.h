// The rulesets under rulesets/, built into the binary so that `--ruleset american` works
// from any directory (generated at build time by tools/embed-rulesets.cmake).
#pragma once

#include <map>
#include <string>

namespace conquian {
const std::map<std::string, std::string>& shipped_ruleset_texts();
}
