// libFuzzer target: the record reader and the checker behind it. Any bytes in; a verdict
// or a malformed-document error out, never a crash, a hang or a leak.
#include <cstdint>
#include <string>

#include "check/replay.h"
#include "record/record_reader.h"
#include "record/yaml_fields.h"
#include "rules/shipped_rulesets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static conquian::check::RulesetCache cache;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  conquian::record::read_record_text(text, "fuzz.yaml", [&](conquian::record::ReadItem&& item) {
    if (!item.record) return;
    // Only shipped names: a fuzzed path must not make the target read files.
    const auto& name = item.record->ruleset;
    if (!conquian::shipped_ruleset_texts().count(name)) return;
    auto rules = cache.get(name, "");
    (void)conquian::check::check_record(*item.record, *rules);
  });
  return 0;
}
