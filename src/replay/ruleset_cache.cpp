#include "replay/ruleset_cache.h"

#include <filesystem>

#include "record/input_error.h"
#include "rules/shipped_rulesets.h"

namespace conquian {

std::shared_ptr<const Ruleset> RulesetCache::get(const std::string& name, const std::string& naming_file) {
  std::string key = name;
  bool is_path = name.find('/') != std::string::npos || name.ends_with(".yaml");
  if (sources_ == Sources::ShippedOnly && !shipped_ruleset_texts().count(name))
    throw record::InputError(name, {}, "not a shipped ruleset (no ruleset file is read here)");
  if (is_path && !name.starts_with("/")) {  // relative paths are relative to the naming file
    auto beside = std::filesystem::path(naming_file).parent_path() / name;
    if (std::filesystem::exists(beside)) key = beside.string();
  }
  if (auto it = loaded_.find(key); it != loaded_.end()) return it->second;
  if (auto it = failed_.find(key); it != failed_.end()) throw record::InputError(key, {}, it->second);
  try {
    auto rs = load_ruleset(key);
    loaded_[key] = rs;
    return rs;
  } catch (const record::InputError& e) {
    failed_[key] = e.reason();
    throw;
  }
}

}  // namespace conquian
