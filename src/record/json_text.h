// JSON text written straight into a string, for answers sent many times a second (the engine
// protocol's `legal` and `play`, specs/protocol.md): no tree of nlohmann values built and torn
// down per answer. The bytes are those nlohmann's dump() writes for the same value (compact,
// keys in the order the caller writes them, which callers keep sorted as nlohmann's objects
// are): a string of plain printable ASCII is copied between quotes, and any other string is
// written by nlohmann itself, so that escapes and invalid UTF-8 (replaced) come out the same.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace conquian::record {

// `value` as JSON text (dump(indent)), written whatever its strings hold: a byte that is not
// UTF-8 (a file name or an argument from the command line, which need not be UTF-8) is written
// as U+FFFD instead of stopping the writer (nlohmann's dump throws on it). Every JSON answer a
// command prints goes through it.
std::string json_dump(const nlohmann::json& value, int indent = -1);
std::string json_dump(const nlohmann::ordered_json& value, int indent = -1);

// `text` as a JSON string, quotes included.
void append_json_string(std::string& out, std::string_view text);
void append_json_int(std::string& out, std::int64_t value);
// `"key":` (a key of plain ASCII, as every key these writers use is).
inline void append_json_key(std::string& out, std::string_view key) {
  out += '"';
  out += key;
  out += "\":";
}

}  // namespace conquian::record
