#include "rules/ruleset_base.h"

#include <cstdlib>
#include <filesystem>

#include "base/spelling.h"
#include "record/input_error.h"
#include "record/yaml_fields.h"
#include "rules/ruleset.h"
#include "rules/shipped_rulesets.h"

namespace conquian {
namespace {

using record::InputError;

RulesetSource named_source(const std::string& name) {
  if (const char* dir = std::getenv("CONQUIAN_RULESETS")) {
    std::string path = std::string(dir) + "/" + name + ".yaml";
    if (std::filesystem::exists(path)) return {"", path};
  }
  const auto& shipped = shipped_ruleset_texts();
  auto it = shipped.find(name);
  if (it == shipped.end()) {
    std::string names;
    for (const auto& [n, _] : shipped) names += (names.empty() ? "" : ", ") + n;
    std::string hint = did_you_mean(name, shipped_ruleset_names());
    if (!hint.empty()) throw InputError(name, {}, "unknown ruleset '" + name + "'" + hint);
    throw InputError(name, {},
                     "unknown ruleset '" + name + "' (shipped: " + names + "; or give a path to a .yaml file)");
  }
  return {it->second, "rulesets/" + name + ".yaml"};
}

std::string loop_words(const std::vector<std::string>& files, const std::string& again) {
  std::string words;
  bool in_loop = false;
  for (const auto& f : files) {
    in_loop = in_loop || f == again;
    if (in_loop) words += f + " -> ";
  }
  return words + again;
}

}  // namespace

std::string source_identity(const RulesetSource& src) {
  if (!src.text.empty()) return src.file;
  std::error_code ec;
  auto real = std::filesystem::weakly_canonical(src.file, ec);
  return ec ? src.file : real.string();
}

RulesetSource find_ruleset_source(const std::string& name_or_path) {
  if (!is_ruleset_path(name_or_path)) return named_source(name_or_path);
  std::error_code ec;
  auto size = std::filesystem::file_size(name_or_path, ec);
  if (ec) throw InputError(name_or_path, {}, "cannot open the ruleset file: " + ec.message());
  if (size > kMaxRulesetFileBytes) throw InputError(name_or_path, {}, "a ruleset file may be at most 1 MiB");
  return {"", name_or_path};
}

RulesetSource find_referenced_source(const std::string& reference, const std::string& naming_file,
                                     const record::TrustedFolders& trusted) {
  if (!record::is_path_reference(reference)) return named_source(reference);
  record::FollowedPath p = record::follow_document_path(reference, naming_file, trusted);
  if (p.refused()) throw InputError(naming_file, {}, p.refusal);
  return {"", p.path, true};
}

YAML::Node load_source(const RulesetSource& src) {
  if (!src.text.empty()) return record::load_yaml_text(src.text, src.file);
  if (src.followed) return record::load_yaml_text(record::read_followed_file(src.file, kMaxRulesetFileBytes), src.file);
  return record::load_yaml_file(src.file, kMaxRulesetFileBytes);
}

YAML::Node resolve_bases(YAML::Node node, const std::string& file, BaseChain& chain) {
  if (!node.IsMap()) return node;
  YAML::Node base_name = node["base"];
  if (!base_name) return node;
  if (!base_name.IsScalar()) throw InputError(file, record::mark_of(base_name), "key 'base': must be a ruleset name");
  RulesetSource src;
  try {
    src = find_referenced_source(base_name.Scalar(), file, chain.trusted);
  } catch (const InputError& e) {  // the name is wrong here, in this file: say where
    throw InputError(file, record::mark_of(base_name), "key 'base': " + e.reason());
  }
  const std::string id = source_identity(src);
  for (const auto& f : chain.files)
    if (f == id)
      throw InputError(file, record::mark_of(base_name), "key 'base': a loop of bases: " + loop_words(chain.files, id));
  if (chain.files.size() >= kMaxReferencedFiles)
    throw InputError(file, record::mark_of(base_name),
                     "key 'base': one document may lead to at most " + std::to_string(kMaxReferencedFiles) +
                         " ruleset files in all, bases included");
  chain.files.push_back(id);
  chain.followed = chain.followed || src.followed;
  YAML::Node merged = YAML::Clone(resolve_bases(load_source(src), src.file, chain));
  if (!merged.IsMap()) throw InputError(src.file, {}, "the base ruleset is not a mapping");
  merged.remove("description");
  for (const auto& kv : node) {
    std::string key = kv.first.Scalar();
    if (key == "base") continue;
    if (kv.second.IsMap() && merged[key] && merged[key].IsMap()) {
      for (const auto& sub : kv.second) merged[key][sub.first.Scalar()] = sub.second;
    } else {
      merged[key] = kv.second;
    }
  }
  return merged;
}

record::InputError without_file_text(const record::InputError& e) {
  const std::string& why = e.reason();
  const std::size_t at = why.find("unknown key '");
  if (at == std::string::npos) return e;
  return record::InputError(e.file(), e.mark(),
                            why.substr(0, at) + "an unknown key (not quoted: the file was named inside a document)");
}

}  // namespace conquian
