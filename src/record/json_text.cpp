#include "record/json_text.h"

#include <charconv>
#include <nlohmann/json.hpp>

namespace conquian::record {
namespace {

// Printable ASCII that JSON writes as it is (no quote, no backslash, no control byte).
bool plain(std::string_view text) {
  for (unsigned char c : text)
    if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') return false;
  return true;
}

}  // namespace

std::string json_dump(const nlohmann::json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string json_dump(const nlohmann::ordered_json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void append_json_string(std::string& out, std::string_view text) {
  if (plain(text)) {
    out += '"';
    out += text;
    out += '"';
    return;
  }
  out += nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void append_json_int(std::string& out, std::int64_t value) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, r.ptr);
}

}  // namespace conquian::record
