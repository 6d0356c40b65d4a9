// The key table of specs/rulesets.md, read from the markdown (| `key` | type | default |
// meaning | source |), so that tests hold the code's key table and outputs to the spec.
#pragma once

#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace conquian::testing {

struct SpecKey {
  std::string name, type, default_text, source;  // cells as written, backticks dropped
  std::string meaning;
  // The games whose rulesets hold the key: a meaning that starts "(conquian)" or
  // "(panguingue)" names one; any other, both.
  bool conquian() const { return !meaning.starts_with("(panguingue)"); }
  bool panguingue() const { return !meaning.starts_with("(conquian)"); }
};

inline std::string without_backticks(std::string cell) {
  std::string out;
  for (char c : cell)
    if (c != '`') out += c;
  auto first = out.find_first_not_of(' '), last = out.find_last_not_of(' ');
  return first == std::string::npos ? "" : out.substr(first, last - first + 1);
}

// The rows of the table under "## Keys", in order.
inline std::vector<SpecKey> spec_ruleset_keys() {
  std::ifstream in(std::string(CONQUIAN_SOURCE_DIR) + "/specs/rulesets.md");
  REQUIRE(in);
  std::vector<SpecKey> keys;
  std::string line;
  bool in_keys = false;
  while (std::getline(in, line)) {
    if (line.starts_with("## ")) in_keys = line == "## Keys";
    if (!in_keys || !line.starts_with("| `")) continue;
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '|') {
        cells.push_back(cell);
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    REQUIRE_MESSAGE(cells.size() == 5, line);
    keys.push_back({without_backticks(cells[0]), without_backticks(cells[1]), without_backticks(cells[2]),
                    without_backticks(cells[4]), without_backticks(cells[3])});
  }
  return keys;
}

// A value as text, the same whether it came from JSON or from YAML: scalars as written,
// lists as [a, b], null as null.
inline std::string value_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + value_text(v[i]);
    return s + "]";
  }
  if (v.is_object()) {
    std::string s = "{";
    for (const auto& [k, x] : v.items()) s += (s.size() > 1 ? ", " : "") + k + ": " + value_text(x);
    return s + "}";
  }
  return v.dump();
}

inline std::string value_text(const YAML::Node& n) {
  if (n.IsNull()) return "null";
  if (n.IsScalar()) return n.Scalar();
  std::string s = n.IsSequence() ? "[" : "{";
  bool first = true;
  for (const auto& item : n) {
    s += first ? "" : ", ";
    first = false;
    s += n.IsSequence() ? value_text(item) : item.first.Scalar() + ": " + value_text(item.second);
  }
  return s + (n.IsSequence() ? "]" : "}");
}

// The keys of a resolved ruleset as the spec names them ("forcing.decline"), each with its
// value as text: a mapping is opened into its keys unless the spec names it as one key
// (the deck). `skip`: keys that are no ruleset key (name, source).
template <class Map>
std::map<std::string, std::string> spec_named_values(const Map& j, const std::vector<SpecKey>& spec,
                                                     const std::vector<std::string>& skip = {"name", "source"}) {
  auto is_spec_key = [&](const std::string& k) {
    for (const auto& s : spec)
      if (s.name == k) return true;
    return false;
  };
  std::map<std::string, std::string> out;
  auto take = [&](const std::string& key, const auto& value, auto& self) -> void {
    bool is_map;
    if constexpr (std::is_same_v<std::decay_t<decltype(value)>, YAML::Node>) is_map = value.IsMap();
    else is_map = value.is_object();
    if (!is_map || is_spec_key(key)) {
      CHECK_MESSAGE(out.count(key) == 0, key << " twice");
      out[key] = value_text(value);
      return;
    }
    if constexpr (std::is_same_v<std::decay_t<decltype(value)>, YAML::Node>) {
      for (const auto& kv : value) self(key + "." + kv.first.Scalar(), kv.second, self);
    } else {
      for (const auto& [k, v] : value.items()) self(key + "." + k, v, self);
    }
  };
  if constexpr (std::is_same_v<Map, YAML::Node>) {
    for (const auto& kv : j)
      if (std::find(skip.begin(), skip.end(), kv.first.Scalar()) == skip.end())
        take(kv.first.Scalar(), kv.second, take);
  } else {
    for (const auto& [k, v] : j.items())
      if (std::find(skip.begin(), skip.end(), k) == skip.end()) take(k, v, take);
  }
  return out;
}

}  // namespace conquian::testing
