#include "rules/ruleset.h"

#include <cstdlib>
#include <filesystem>

#include "base/spelling.h"
#include "record/yaml_fields.h"
#include "rules/ruleset_reader.h"
#include "rules/shipped_rulesets.h"

namespace conquian {
namespace {

using record::Fields;
using record::InputError;

constexpr int kMaxBaseDepth = 8;

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

struct Source {
  std::string text, file;
};

Source find_source(const std::string& name_or_path) {
  if (is_ruleset_path(name_or_path)) {
    std::error_code ec;
    auto size = std::filesystem::file_size(name_or_path, ec);
    if (ec) throw InputError(name_or_path, {}, "cannot open the ruleset file: " + ec.message());
    if (size > (1u << 20)) throw InputError(name_or_path, {}, "a ruleset file may be at most 1 MiB");
    return {"", name_or_path};
  }
  if (const char* dir = std::getenv("CONQUIAN_RULESETS")) {
    std::string path = std::string(dir) + "/" + name_or_path + ".yaml";
    if (std::filesystem::exists(path)) return {"", path};
  }
  const auto& shipped = shipped_ruleset_texts();
  auto it = shipped.find(name_or_path);
  if (it == shipped.end()) {
    std::string names;
    for (const auto& [n, _] : shipped) names += (names.empty() ? "" : ", ") + n;
    std::string hint = did_you_mean(name_or_path, shipped_ruleset_names());
    if (!hint.empty()) throw InputError(name_or_path, {}, "unknown ruleset '" + name_or_path + "'" + hint);
    throw InputError(name_or_path, {},
                     "unknown ruleset '" + name_or_path + "' (shipped: " + names + "; or give a path to a .yaml file)");
  }
  return {it->second, "rulesets/" + name_or_path + ".yaml"};
}

YAML::Node load_node(const Source& src) {
  return src.text.empty() ? record::load_yaml_file(src.file) : record::load_yaml_text(src.text, src.file);
}

// `base: NAME` copies another ruleset's keys; maps (melds, forcing, scoring) merge key by key.
YAML::Node resolve_base(YAML::Node node, const std::string& file, int depth) {
  if (!node.IsMap()) return node;
  YAML::Node base_name = node["base"];
  if (!base_name) return node;
  if (depth >= kMaxBaseDepth)
    throw InputError(file, record::mark_of(base_name),
                     "key 'base': rulesets are based on each other more than 8 deep (a cycle?)");
  if (!base_name.IsScalar()) throw InputError(file, record::mark_of(base_name), "key 'base': must be a ruleset name");
  Source src;
  try {
    src = find_source(ruleset_beside(base_name.Scalar(), file));
  } catch (const InputError& e) {  // the name is wrong here, in this file: say where
    throw InputError(file, record::mark_of(base_name), "key 'base': " + e.reason());
  }
  YAML::Node merged = YAML::Clone(resolve_base(load_node(src), src.file, depth + 1));
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

std::shared_ptr<const Ruleset> parse_ruleset(const YAML::Node& raw, const std::string& name, const std::string& file) {
  YAML::Node node = resolve_base(raw, file, 0);
  Fields f(node, file, "");
  auto rs = std::make_shared<Ruleset>();
  rs->name = name;
  rs->source = file;
  read_ruleset_keys(f, *rs);
  f.finish();

  // The table can hold at most hand + 1 cards (every take is paid for with a throw), and the
  // smallest table is one meld.
  int smallest = std::min(rs->melds.set_min, rs->melds.run_min);
  if (rs->target > rs->hand + 1)
    f.fail("target", std::to_string(rs->target) + " melded cards cannot be reached with hands of " +
                         std::to_string(rs->hand) + " (at most hand + 1 = " + std::to_string(rs->hand + 1) + ")");
  if (rs->target < smallest)
    f.fail("target",
           std::to_string(rs->target) + " is below the smallest meld (" + std::to_string(smallest) + " cards)");
  if (rs->first_upcard == FirstUpcard::Dealer && rs->stock_size() < 1)
    f.fail("first_upcard", "the dealer cannot turn an upcard from an empty stock");
  rs->index = std::make_shared<MeldIndex>(rs->deck, rs->melds);
  if (!rs->index->can_partition(CardSet{}) || rs->index->natural_melds().empty())
    f.fail("melds", "no meld can be made from this deck");
  return rs;
}

}  // namespace

std::string ruleset_beside(const std::string& name_or_path, const std::string& naming_file) {
  if (!is_ruleset_path(name_or_path) || name_or_path.starts_with("/")) return name_or_path;
  std::filesystem::path dir = std::filesystem::path(naming_file).parent_path();
  if (dir.empty()) return name_or_path;
  std::error_code ec;
  std::filesystem::path there = dir / name_or_path;
  return std::filesystem::exists(there, ec) ? there.string() : name_or_path;
}

int Ruleset::card_points(Card c) const {
  const std::string& label = deck.rank_label(deck.rank_of(c));
  if (label == "A" || label == "1") return 15;
  if (label == "J" || label == "Q" || label == "K" || label == "T") return 10;
  int value = 0;
  for (char ch : label) {
    if (ch < '0' || ch > '9') return 10;
    value = value * 10 + (ch - '0');
  }
  return value >= 10 ? 10 : value;  // Spanish 10-12 are the courts
}

std::shared_ptr<const Ruleset> load_ruleset(const std::string& name_or_path) {
  Source src = find_source(name_or_path);
  std::string name = name_or_path;
  if (is_ruleset_path(name_or_path)) name = std::filesystem::path(name_or_path).stem().string();
  return parse_ruleset(load_node(src), name, src.file);
}

std::shared_ptr<const Ruleset> load_ruleset_text(const std::string& text, const std::string& name,
                                                 const std::string& file) {
  return parse_ruleset(record::load_yaml_text(text, file), name, file);
}

bool is_ruleset_path(const std::string& s) {
  std::error_code ec;
  return s.find('/') != std::string::npos || ends_with(s, ".yaml") || ends_with(s, ".yml") ||
         std::filesystem::is_regular_file(s, ec);
}

std::shared_ptr<const Ruleset> load_inline_ruleset(const std::string& text, const std::string& file,
                                                   std::uint32_t first_line) {
  // The text's line 1 is the file's line `first_line`: messages about this file's own
  // lines are moved there (a base file's messages name that file and stand as they are).
  auto shifted = [&](const InputError& e) {
    record::Mark m = e.mark();
    if (m.line == 0) m = {first_line, 1};
    else m.line += first_line - 1;
    return InputError(file, m, e.reason());
  };
  try {
    return parse_ruleset(record::load_yaml_text(text, file), "inline", file);
  } catch (const InputError& e) {
    if (e.file() != file) throw;
    throw shifted(e);
  }
}

const std::vector<std::string>& shipped_ruleset_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& [n, _] : shipped_ruleset_texts()) v.push_back(n);
    return v;
  }();
  return names;
}

}  // namespace conquian
