// The property values two rulesets disagree on: what `conquian prove --spec` lists for each
// pair of its rulesets and `conquian diff` for each pair it compares (specs/properties.md,
// specs/diff-report.md), from one piece of code.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include "prove/properties.h"

namespace conquian::prove {

// One ruleset's property values, by property id.
using PropertyValues = std::map<std::string, PropertyValue>;

// Every property of property_kinds() that speaks of `rules`' game, evaluated for it.
PropertyValues evaluate_all(const Ruleset& rules);

struct PropertyDifference {
  std::string property;  // the id
  std::string summary;   // what it says (PropertyKind::summary)
  PropertyValue a, b;    // its value under each ruleset
};

// The properties of `ids`, in that order, that both rulesets have a known value for (not
// Z3's unknown) and whose values differ.
std::vector<PropertyDifference> differing_properties(std::span<const std::string> ids, const PropertyValues& a,
                                                     const PropertyValues& b);

// The ids of property_kinds(), in their order.
std::vector<std::string> property_ids();

}  // namespace conquian::prove
