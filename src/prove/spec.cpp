#include "prove/spec.h"

#include <algorithm>
#include <chrono>
#include <set>

#include "base/parallel_for.h"
#include "record/yaml_fields.h"

namespace conquian::prove {

Spec load_spec(const std::string& path) {
  Spec spec;
  spec.file = path;
  YAML::Node root = record::load_yaml_file(path);
  record::Fields top(root, path, "");
  std::string format = top.required_text("format");
  if (format != "conquian-properties/1") top.fail("format", "must be conquian-properties/1");
  YAML::Node list = top.node("properties");
  if (!list || !list.IsSequence()) top.fail("properties", "must be a list of {property, expect}");
  top.ignore("description");
  top.finish();
  int i = 0;
  for (const auto& item : list) {
    record::Fields f(item, path, "properties[" + std::to_string(i++) + "]");
    SpecEntry e;
    e.property = f.required_text("property");
    e.line = static_cast<int>(record::mark_of(item).line);
    if (!find_property(e.property)) {
      std::string known;
      for (const auto& k : property_kinds()) known += (known.empty() ? "" : ", ") + k.id;
      f.fail("property", "unknown property '" + e.property + "' (known: " + known + ")");
    }
    f.ignore("note");
    YAML::Node expect = f.node("expect");
    if (!expect || !expect.IsMap()) f.fail("expect", "must map ruleset names to expected values");
    for (const auto& kv : expect) {
      if (!kv.second.IsScalar()) f.fail_at(kv.second, "expect", "each expected value must be a single value");
      try {  // a misspelt ruleset is this file's fault, at this line
        const std::string resolved = resolve_ruleset_reference(kv.first.Scalar(), path);
        (void)load_resolved_ruleset(resolved);
        spec.resolved[kv.first.Scalar()] = resolved;
      } catch (const record::InputError& err) {
        f.fail_at(kv.first, "expect", "ruleset '" + kv.first.Scalar() + "': " + err.reason());
      }
      e.expect[kv.first.Scalar()] = kv.second.Scalar();
    }
    f.finish();
    spec.entries.push_back(std::move(e));
  }
  return spec;
}

namespace {

// The properties' preparation (the play proofs, the longest part of a spec) on every core,
// each (property, ruleset) pair once; evaluation then finds the results cached.
void prepare_in_parallel(const std::vector<std::pair<const PropertyKind*, const Ruleset*>>& work) {
  parallel_for(work.size(), default_threads(), [&](std::size_t i) { work[i].first->prepare(*work[i].second); });
}

}  // namespace

std::vector<SpecResult> run_spec(const Spec& spec, const std::string& only_ruleset, const Z3Limits& limits,
                                 const std::function<void(const SpecResult&)>& progress) {
  std::vector<SpecResult> out;
  std::map<std::string, std::shared_ptr<const Ruleset>> rulesets;
  std::vector<std::pair<const PropertyKind*, const Ruleset*>> work;
  for (const auto& e : spec.entries) {
    const PropertyKind* kind = find_property(e.property);
    for (const auto& [name, expected] : e.expect) {
      if (!only_ruleset.empty() && name != only_ruleset) continue;
      auto& rs = rulesets[name];
      if (!rs) {
        auto it = spec.resolved.find(name);  // a spec built in code names rulesets as the user does
        rs = it != spec.resolved.end() ? load_resolved_ruleset(it->second) : load_ruleset(name);
      }
      if (kind->prepare && property_applies(*kind, *rs)) work.emplace_back(kind, rs.get());
    }
  }
  prepare_in_parallel(work);
  for (const auto& e : spec.entries) {
    const PropertyKind* kind = find_property(e.property);
    for (const auto& [name, expected] : e.expect) {
      if (!only_ruleset.empty() && name != only_ruleset) continue;
      const auto& rs = rulesets[name];
      SpecResult r{e.property, name, expected, {}, 0};
      auto t0 = std::chrono::steady_clock::now();
      r.value = evaluate_property(*kind, *rs, limits);
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (progress) progress(r);
      out.push_back(std::move(r));
    }
  }
  return out;
}

std::vector<RulesetPair> differences_by_pair(const std::vector<SpecResult>& results) {
  std::map<std::string, PropertyValues> by_ruleset;
  std::set<std::string> properties;
  for (const auto& r : results) {
    by_ruleset[r.ruleset][r.property] = r.value;
    properties.insert(r.property);
  }
  const std::vector<std::string> ids(properties.begin(), properties.end());
  std::vector<RulesetPair> pairs;
  for (auto a = by_ruleset.begin(); a != by_ruleset.end(); ++a)
    for (auto b = std::next(a); b != by_ruleset.end(); ++b)
      pairs.push_back({a->first, b->first, differing_properties(ids, a->second, b->second)});
  return pairs;
}

}  // namespace conquian::prove
