// libFuzzer target: the ruleset loader (yaml-cpp, strict keys, validation, meld index).
#include <cstdint>
#include <string>

#include "record/yaml_fields.h"
#include "rules/ruleset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // `base:` may name shipped rulesets; a path would read files, so skip those inputs.
  if (text.find('/') != std::string::npos || text.find(".yaml") != std::string::npos) return 0;
  try {
    auto rules = conquian::load_ruleset_text(text, "fuzz", "fuzz.yaml");
    (void)rules->meld_index().can_partition(rules->deck.all());
  } catch (const conquian::record::InputError&) {
  }
  return 0;
}
