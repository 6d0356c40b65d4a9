#include "prove/property_differences.h"

namespace conquian::prove {

PropertyValues evaluate_all(const Ruleset& rules) {
  PropertyValues values;
  for (const auto& kind : property_kinds())
    if (property_applies(kind, rules)) values[kind.id] = kind.evaluate(rules, {});
  return values;
}

std::vector<PropertyDifference> differing_properties(std::span<const std::string> ids, const PropertyValues& a,
                                                     const PropertyValues& b) {
  std::vector<PropertyDifference> out;
  for (const std::string& id : ids) {
    auto va = a.find(id), vb = b.find(id);
    if (va == a.end() || vb == b.end() || va->second.value == vb->second.value) continue;
    if (va->second.unknown() || vb->second.unknown()) continue;  // an unknown differs from nothing
    const PropertyKind* kind = find_property(id);
    out.push_back({id, kind ? kind->summary : std::string(), va->second, vb->second});
  }
  return out;
}

std::vector<std::string> property_ids() {
  std::vector<std::string> ids;
  for (const auto& kind : property_kinds()) ids.push_back(kind.id);
  return ids;
}

}  // namespace conquian::prove
