#include "record/text_quote.h"

#include <fmt/format.h>

#include <algorithm>

namespace conquian::record {
namespace {

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The length of the UTF-8 character at `i` (1 to 4), or 0 when the bytes there are not one
// (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  std::size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) len = 2;
  else if (c >= 0xE0 && c <= 0xEF) len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else return 0;
  if (i + len > s.size()) return 0;
  const unsigned char second = static_cast<unsigned char>(s[i + 1]);
  if (second < lo || second > hi) return 0;
  for (std::size_t k = 2; k < len; ++k)
    if (!continuation(static_cast<unsigned char>(s[i + k]))) return 0;
  return len;
}

bool control(unsigned char c) { return c < 0x20 || c == 0x7F; }

}  // namespace

std::string escaped_excerpt(std::string_view text, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && i < max_bytes) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t len = utf8_length(text, i);
    if (len == 0 || (len == 1 && control(c))) {
      out += fmt::format("\\x{:02X}", c);
      ++i;
    } else if (c == '\\') {
      out += "\\\\";
      ++i;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  if (i < text.size()) out += "...";
  return out;
}

std::string why_not_utf8_text(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t len = utf8_length(text, i);
    if (len == 0) return fmt::format("byte {} is 0x{:02X}, which is not UTF-8", i + 1, c);
    if (len == 1 && control(c) && c != '\t' && c != '\n' && c != '\r')
      return fmt::format("byte {} is the control character 0x{:02X}", i + 1, c);
    i += len;
  }
  return "";
}

std::string json_syntax_problem(std::string_view text, std::size_t byte) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return "there is nothing on the line";
  if (byte == 0 || byte > text.size())
    return fmt::format("it ends after {} bytes, before the JSON value is complete", text.size());
  const std::size_t i = byte - 1;
  const unsigned char c = static_cast<unsigned char>(text[i]);
  const std::size_t from = i > 20 ? i - 20 : 0;
  const std::string near = escaped_excerpt(text.substr(from), 40);
  // Bytes that are not UTF-8, or a control character, stop a parser where they are: the first
  // of them up to where it stopped is the reason (a tab or a line break between values is not).
  if (std::string bad = why_not_utf8_text(text.substr(0, i + 1)); !bad.empty())
    return fmt::format("{} (near '{}')", bad, near);
  if (control(c)) return fmt::format("byte {} is the control character 0x{:02X} (near '{}')", byte, c, near);
  return fmt::format("byte {}, '{}', cannot stand there (near '{}')", byte,
                     escaped_excerpt(text.substr(i, std::max<std::size_t>(1, utf8_length(text, i))), 4), near);
}

}  // namespace conquian::record
