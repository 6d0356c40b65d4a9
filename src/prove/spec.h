// Property specs (specs/properties.yaml): which properties to evaluate, and the value each
// ruleset is expected to give. Running a spec evaluates every (property, ruleset) pair and
// compares; it also lists, for every pair of rulesets, the properties whose values differ.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "prove/properties.h"
#include "prove/property_differences.h"

namespace conquian::prove {

struct SpecEntry {
  std::string property;
  std::map<std::string, std::string> expect;  // ruleset -> expected value, as text
  int line = 0;
};

struct Spec {
  std::string file;
  std::vector<SpecEntry> entries;
  // Where each ruleset the spec names leads (resolve_ruleset_reference: a path written in
  // the spec is followed only inside its folder or a --ruleset-dir).
  std::map<std::string, std::string> resolved;
};

// Throws record::InputError naming the file, line and key.
Spec load_spec(const std::string& path);

struct SpecResult {
  std::string property, ruleset, expected;
  PropertyValue value;
  double seconds = 0;
  bool as_expected() const { return value.value == expected; }
  bool unknown() const { return value.unknown(); }
};

// Evaluates every entry for every ruleset it names (or only `only_ruleset` if not empty),
// each Z3 check within `limits`.
std::vector<SpecResult> run_spec(const Spec& spec, const std::string& only_ruleset, const Z3Limits& limits = {},
                                 const std::function<void(const SpecResult&)>& progress = {});

// Two rulesets of a spec's results and the properties whose values differ between them.
struct RulesetPair {
  std::string a, b;
  std::vector<PropertyDifference> differ;  // by property id
};
// Every pair of rulesets in `results` (a before b by name).
std::vector<RulesetPair> differences_by_pair(const std::vector<SpecResult>& results);

}  // namespace conquian::prove
