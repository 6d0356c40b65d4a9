// Text that came from outside (a bot's answer line, a request line, a command line argument)
// quoted in a message, a record or a JSON answer. Such bytes need not be UTF-8, and a JSON or
// YAML writer must not meet bytes that are not: nlohmann's dump() throws on them, and a record
// holding them is refused when read back. So they are shown escaped, or refused on input.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace conquian::record {

// The first `max_bytes` bytes of `text` as printable UTF-8: every byte that is not part of a
// printable UTF-8 character (an invalid byte, a control character) written as \xHH, and a
// backslash as \\; "..." after the cut. The result is always valid UTF-8.
std::string escaped_excerpt(std::string_view text, std::size_t max_bytes = 60);

// "" when `text` is UTF-8 with no control character (tab, line feed and carriage return
// allowed), else why not, naming the byte: "byte 3 is 0xFF, which is not UTF-8".
std::string why_not_utf8_text(std::string_view text);

// Why `text` is not JSON, in words, from the byte where a JSON parser stopped (nlohmann's
// parse_error::byte: the 1-based index of the last byte read; past the end when the text
// stopped short): "byte 2, 'o', cannot stand there (near 'not json')".
std::string json_syntax_problem(std::string_view text, std::size_t byte);
// Why text that is JSON by its syntax cannot be read (nlohmann's out_of_range while parsing).
inline constexpr const char* kJsonNumberTooLarge = "a number in it is too large to read (past a double's range)";

}  // namespace conquian::record
