// A request's body read as JSON: at most kMaxBodyBytes (the server refuses more with 413
// before reading it) and kMaxBodyDepth levels of nesting (checked before the parser, which
// recurses, sees it); anything else is a 400 with the parser's place and reason.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace conquian::http {

inline constexpr std::size_t kMaxBodyBytes = 4u << 20;  // a pasted record of a long match fits
inline constexpr int kMaxBodyDepth = 32;

// The body as a JSON object (an empty body is {}); throws ApiError 400 naming the byte and
// the reason, or saying that the body is not an object.
nlohmann::json json_body(std::string_view body);
// The same without throwing: nullopt, with that 400's sentence in `why_not`.
std::optional<nlohmann::json> read_json_body(std::string_view body, std::string& why_not);

// Field helpers: the value of `key` in `request` as the type asked, `fallback` when absent;
// a value of another type is a 400 naming the field.
std::string string_field(const nlohmann::json& request, const char* key, const std::string& fallback);
long long int_field(const nlohmann::json& request, const char* key, long long fallback, long long low, long long high);
bool bool_field(const nlohmann::json& request, const char* key, bool fallback);

}  // namespace conquian::http
