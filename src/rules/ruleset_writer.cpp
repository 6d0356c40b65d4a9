#include "rules/ruleset_writer.h"

#include "record/record_writer.h"
#include "rules/ruleset_keys.h"

namespace conquian {
namespace {

// A JSON value of the key table as YAML flow text: text through yaml_scalar (quoted when
// YAML would read it otherwise), lists as [a, b], maps as {k: v}.
std::string flow(const nlohmann::ordered_json& v) {
  if (v.is_string()) return record::yaml_scalar(v.get<std::string>());
  if (v.is_array()) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + flow(v[i]);
    return s + "]";
  }
  if (v.is_object()) {
    std::string s = "{";
    for (const auto& [key, value] : v.items()) s += (s.size() > 1 ? ", " : "") + key + ": " + flow(value);
    return s + "}";
  }
  return v.dump();  // numbers, true, false, null
}

}  // namespace

std::string ruleset_flow_yaml(const Ruleset& r) { return flow(ruleset_keys_json(r)); }

}  // namespace conquian
