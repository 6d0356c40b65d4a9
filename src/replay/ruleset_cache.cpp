#include "replay/ruleset_cache.h"

#include <filesystem>

#include "record/input_error.h"
#include "rules/shipped_rulesets.h"

namespace conquian {

std::shared_ptr<const Ruleset> RulesetCache::get(const std::string& name, const std::string& naming_file) {
  if (sources_ == Sources::ShippedOnly && !shipped_ruleset_texts().count(name))
    throw record::InputError(name, {}, "not a shipped ruleset (no ruleset file is read here)");
  const std::string key = resolve_ruleset_reference(name, naming_file, trusted_);  // throws a refusal
  const std::lock_guard<std::mutex> hold(mutex_);
  if (auto it = loaded_.find(key); it != loaded_.end()) return it->second;
  if (auto it = failed_.find(key); it != failed_.end()) throw record::InputError(key, {}, it->second);
  try {
    auto rs = load_resolved_ruleset(key, trusted_);
    loaded_[key] = rs;
    return rs;
  } catch (const record::InputError& e) {
    failed_[key] = e.reason();
    throw;
  }
}

std::shared_ptr<const Ruleset> RulesetCache::get_inline(const std::string& text, const std::string& naming_file,
                                                        std::uint32_t first_line) {
  if (sources_ == Sources::ShippedOnly)
    throw record::InputError(naming_file, {first_line, 1},
                             "an inline ruleset is not read here (shipped rulesets only)");
  const std::lock_guard<std::mutex> hold(mutex_);
  // A `base:` path inside is followed from the naming file's folder: the same text in
  // another folder may be another ruleset.
  std::string key = std::filesystem::path(naming_file).parent_path().string();
  key += '\0';
  key += text;
  if (auto it = inline_.find(key); it != inline_.end()) return it->second;
  auto rs = load_inline_ruleset(text, naming_file, first_line, trusted_);
  inline_.emplace(std::move(key), rs);
  return rs;
}

}  // namespace conquian
