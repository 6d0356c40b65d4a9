#include "record/yaml_fields.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "base/spelling.h"
#include "record/text_scan.h"

namespace conquian::record {

Mark mark_of(const YAML::Node& node) {
  YAML::Mark m = node.Mark();
  if (m.is_null()) return {};
  return {static_cast<std::uint32_t>(m.line + 1), static_cast<std::uint32_t>(m.column + 1)};
}

YAML::Node load_yaml_text(const std::string& text, const std::string& name) {
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    Mark m{static_cast<std::uint32_t>(e.mark.line + 1), static_cast<std::uint32_t>(e.mark.column + 1)};
    throw InputError(name, e.mark.is_null() ? Mark{} : m,
                     "not valid YAML: " + e.msg + detail::tab_hint(text, e.mark.is_null() ? 1 : m.line));
  }
}

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
  const bool stdin_wanted = path == "-";
  std::FILE* in = stdin_wanted ? stdin : std::fopen(path.c_str(), "rb");
  if (!in) throw InputError(path, {}, std::string("cannot open: ") + std::strerror(errno));
  std::string text;
  char buf[1 << 14];
  while (std::size_t got = std::fread(buf, 1, sizeof buf, in)) {
    text.append(buf, got);
    if (text.size() > max_bytes) break;
  }
  const int error = std::ferror(in) ? errno : 0;
  if (!stdin_wanted) std::fclose(in);
  const std::string name = stdin_wanted ? "<stdin>" : path;
  if (error) throw InputError(name, {}, std::string("cannot read: ") + std::strerror(error));
  if (text.size() > max_bytes)
    throw InputError(name, {}, "the file has more than " + std::to_string(max_bytes) + " bytes, the limit");
  return text;
}

YAML::Node load_yaml_file(const std::string& path, std::size_t max_bytes) {
  return load_yaml_text(read_text_file(path, max_bytes), path == "-" ? "<stdin>" : path);
}

Fields::Fields(const YAML::Node& node, std::string file, std::string where)
    : map_(node), file_(std::move(file)), where_(std::move(where)) {
  if (!node.IsMap())
    throw InputError(
        file_, mark_of(node),
        (where_.empty() ? std::string("the document") : "'" + where_ + "'") + " must be a mapping of keys to values");
}

bool Fields::has(const std::string& key) const { return static_cast<bool>(map_[key]); }

YAML::Node Fields::node(const std::string& key) {
  known_.insert(key);
  return map_[key];
}

void Fields::fail(const std::string& key, const std::string& reason) const {
  YAML::Node n = map_[key];
  throw InputError(file_, n ? mark_of(n) : mark_of(map_), "key '" + path(key) + "': " + reason);
}

void Fields::fail_at(const YAML::Node& at, const std::string& key, const std::string& reason) const {
  throw InputError(file_, mark_of(at), "key '" + path(key) + "': " + reason);
}

std::int64_t Fields::as_integer(const YAML::Node& n, const std::string& key, std::int64_t lo, std::int64_t hi) const {
  if (!n.IsScalar()) fail_at(n, key, "must be a whole number");
  const std::string& s = n.Scalar();
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size())
    fail_at(n, key, "must be a whole number, not '" + s.substr(0, 40) + "'");
  if (v < lo || v > hi)
    fail_at(n, key, s + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
  return v;
}

bool Fields::as_boolean(const YAML::Node& n, const std::string& key) const {
  if (n.IsScalar()) {
    const std::string& s = n.Scalar();
    if (s == "true" || s == "True" || s == "yes") return true;
    if (s == "false" || s == "False" || s == "no") return false;
  }
  fail_at(n, key, "must be true or false");
}

std::string Fields::as_text(const YAML::Node& n, const std::string& key) const {
  if (!n.IsScalar()) fail_at(n, key, "must be a single value (text)");
  return n.Scalar();
}

std::int64_t Fields::integer(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi) {
  YAML::Node n = node(key);
  if (!n || n.IsNull()) return fallback;
  return as_integer(n, key, lo, hi);
}

std::int64_t Fields::required_integer(const std::string& key, std::int64_t lo, std::int64_t hi) {
  YAML::Node n = node(key);
  if (!n) throw InputError(file_, mark_of(map_), "key '" + path(key) + "' is required");
  return as_integer(n, key, lo, hi);
}

bool Fields::boolean(const std::string& key, bool fallback) {
  YAML::Node n = node(key);
  if (!n || n.IsNull()) return fallback;
  return as_boolean(n, key);
}

std::string Fields::text(const std::string& key, const std::string& fallback) {
  YAML::Node n = node(key);
  if (!n || n.IsNull()) return fallback;
  return as_text(n, key);
}

std::string Fields::required_text(const std::string& key) {
  YAML::Node n = node(key);
  if (!n || n.IsNull()) throw InputError(file_, mark_of(map_), "key '" + path(key) + "' is required");
  return as_text(n, key);
}

std::string Fields::choice(const std::string& key, const std::string& fallback,
                           const std::vector<std::string>& choices) {
  std::string v = text(key, fallback);
  for (const auto& c : choices)
    if (v == c) return v;
  std::string list;
  for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
  fail(key, "'" + v + "' is not one of: " + list);
}

std::vector<std::string> Fields::text_list(const std::string& key, std::size_t max_items) {
  YAML::Node n = node(key);
  std::vector<std::string> out;
  if (!n || n.IsNull()) return out;
  if (!n.IsSequence()) fail(key, "must be a list");
  if (n.size() > max_items)
    fail(key, "has " + std::to_string(n.size()) + " items; at most " + std::to_string(max_items));
  for (const auto& item : n) out.push_back(as_text(item, key));
  return out;
}

void Fields::finish() const {
  for (const auto& kv : map_) {
    std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "?";
    if (!known_.count(key))
      throw InputError(file_, mark_of(kv.first).line ? mark_of(kv.first) : mark_of(kv.second),
                       "unknown key '" + path(key) + "'" +
                           did_you_mean(key, std::vector<std::string>(known_.begin(), known_.end())));
  }
}

}  // namespace conquian::record
