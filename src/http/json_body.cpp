#include "http/json_body.h"

#include <fmt/format.h>

#include "http/api_error.h"
#include "record/text_quote.h"

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

// Reads JSON without building it, to learn where and why it stops being JSON: the parser
// reports that here instead of throwing, which costs an unwinding on every bad body.
class JsonProblem : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    // The parser's one refusal besides its syntax: a number past a double's range (1e400).
    sentence = e.id == 406
                   ? std::string("the request is not JSON: ") + record::kJsonNumberTooLarge
                   : fmt::format("the request is not JSON: at byte {} of its body the text stops being JSON", position);
    return false;
  }
  std::string sentence;
};

}  // namespace

std::optional<nlohmann::json> read_json_body(std::string_view body, std::string& why_not) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return nlohmann::json::object();
  if (json_depth(body, kMaxBodyDepth) > kMaxBodyDepth) {
    why_not = fmt::format("the request's JSON nests deeper than {} levels", kMaxBodyDepth);
    return std::nullopt;
  }
  nlohmann::json j = nlohmann::json::parse(body.begin(), body.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    JsonProblem problem;
    nlohmann::json::sax_parse(body.begin(), body.end(), &problem);
    why_not = problem.sentence.empty() ? "the request is not JSON" : problem.sentence;
    return std::nullopt;
  }
  if (!j.is_object()) {
    why_not = "the request's JSON is not an object ({\"key\": value, ...})";
    return std::nullopt;
  }
  return j;
}

nlohmann::json json_body(std::string_view body) {
  std::string why_not;
  std::optional<nlohmann::json> j = read_json_body(body, why_not);
  if (!j) throw ApiError(400, why_not);
  return std::move(*j);
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
