// Strict reading of small YAML documents (rulesets, positions, property specs) with
// yaml-cpp: every key read is checked for its type and range, every key not read is an
// error, and every error names the file, the line and the key.
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "record/input_error.h"

namespace conquian::record {

Mark mark_of(const YAML::Node& node);

// Loads one YAML document from a file (at most `max_bytes`), mapping parse errors and
// yaml-cpp's depth guard to InputError.
// The whole text of a file ("-": standard input), at most `max_bytes`; an error gives the
// system's reason ("No such file or directory").
std::string read_text_file(const std::string& path, std::size_t max_bytes);
YAML::Node load_yaml_file(const std::string& path, std::size_t max_bytes = 1 << 20);
YAML::Node load_yaml_text(const std::string& text, const std::string& name);

// A mapping whose keys are read one by one; `finish()` rejects the keys nobody asked for.
class Fields {
 public:
  // `where` names the mapping in messages ("" for the top level, "melds", "seats[1]").
  Fields(const YAML::Node& node, std::string file, std::string where);

  bool has(const std::string& key) const;
  YAML::Node node(const std::string& key);  // marks the key as known
  [[noreturn]] void fail(const std::string& key, const std::string& reason) const;
  [[noreturn]] void fail_at(const YAML::Node& at, const std::string& key, const std::string& reason) const;

  std::int64_t integer(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi);
  std::int64_t required_integer(const std::string& key, std::int64_t lo, std::int64_t hi);
  bool boolean(const std::string& key, bool fallback);
  std::string text(const std::string& key, const std::string& fallback);
  std::string required_text(const std::string& key);
  // One of `choices`, as written.
  std::string choice(const std::string& key, const std::string& fallback, const std::vector<std::string>& choices);
  std::vector<std::string> text_list(const std::string& key, std::size_t max_items);

  // Read a scalar node as an integer / boolean / string, or fail naming `key`.
  std::int64_t as_integer(const YAML::Node& n, const std::string& key, std::int64_t lo, std::int64_t hi) const;
  bool as_boolean(const YAML::Node& n, const std::string& key) const;
  std::string as_text(const YAML::Node& n, const std::string& key) const;

  void ignore(const std::string& key) { known_.insert(key); }
  void finish() const;

  const std::string& file() const { return file_; }
  std::string path(const std::string& key) const { return where_.empty() ? key : where_ + "." + key; }

 private:
  YAML::Node map_;
  std::string file_, where_;
  std::set<std::string> known_;
};

}  // namespace conquian::record
