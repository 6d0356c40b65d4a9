#include "http/json_body.h"

#include <fmt/format.h>

#include "http/api_error.h"

namespace conquian::http {
namespace {

// The deepest nesting of arrays and objects in `text`, brackets inside strings skipped; stops
// counting past `limit`.
int json_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) --depth;
  }
  return deepest;
}

}  // namespace

nlohmann::json json_body(std::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return nlohmann::json::object();
  if (json_depth(body, kMaxBodyDepth) > kMaxBodyDepth)
    throw ApiError(400, fmt::format("the request's JSON nests deeper than {} levels", kMaxBodyDepth));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(body.begin(), body.end());
  } catch (const nlohmann::json::parse_error& e) {
    throw ApiError(400,
                   fmt::format("the request is not JSON: at byte {} of its body the text stops being JSON", e.byte));
  }
  if (!j.is_object()) throw ApiError(400, "the request's JSON is not an object ({\"key\": value, ...})");
  return j;
}

std::string string_field(const nlohmann::json& request, const char* key, const std::string& fallback) {
  auto it = request.find(key);
  if (it == request.end() || it->is_null()) return fallback;
  if (!it->is_string()) throw ApiError(400, fmt::format("'{}' must be a string", key));
  return it->get<std::string>();
}

long long int_field(const nlohmann::json& request, const char* key, long long fallback, long long low, long long high) {
  auto it = request.find(key);
  if (it == request.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) throw ApiError(400, fmt::format("'{}' must be a whole number", key));
  const long long v = it->get<long long>();
  if (v < low || v > high) throw ApiError(400, fmt::format("'{}' {} is outside {} to {}", key, v, low, high));
  return v;
}

bool bool_field(const nlohmann::json& request, const char* key, bool fallback) {
  auto it = request.find(key);
  if (it == request.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) throw ApiError(400, fmt::format("'{}' must be true or false", key));
  return it->get<bool>();
}

}  // namespace conquian::http
