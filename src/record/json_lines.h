// JSON Lines cut into lines before any is read (specs/record-format.md, "JSON and JSON Lines"):
// a line is a document of its own, so the lines of a chunk can be read (JsonLineReader,
// json_record_reader.h) on as many threads as there are, and given in file order after.
//
// split_json_lines streams its source through one buffer of max_line_bytes plus a chunk, so
// a file of any size is cut in bounded memory. Lines are split at '\n' before any parsing (a
// JSON string holds no raw newline), so a broken line cannot swallow the next one. Blank
// lines are no documents; a line longer than max_line_bytes is one, refused unread.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "record/record.h"

namespace conquian::record {

// Bytes past a line's end that the buffer holds readable: simdjson reads up to its padding
// past a document (json_record_reader.cpp checks that this is enough).
inline constexpr std::size_t kJsonLinePadding = 64;

// One document of a JSON Lines file, found but not read.
struct JsonLine {
  std::string_view text;   // the line, without its newline (nor a '\r' before it); empty when too_long
  std::uint32_t line = 0;  // its line in the file, from 0
  int index = 0;           // the document's index in the file, from 1
  std::size_t room = 0;    // bytes readable from text.data() on (at least text.size() + kJsonLinePadding)
  bool too_long = false;   // longer than max_line_bytes: refused unread
};

// Called with the documents of each chunk in file order; their text lives until it returns.
using JsonLineChunkSink = std::function<void(std::span<const JsonLine>)>;

// Reads up to `n` bytes into `buf`: the number read, 0 at the end, -1 on an error (errno set).
using ByteSource = std::function<ssize_t(char* buf, std::size_t n)>;

// Cuts the JSON Lines of `source` into documents for `lines`; `prefix` is text already read
// from it (format detection). What is no line goes to `sink`, in order with them: a read
// error (it ends the file) and, for a file with no document, the one error that says so.
void split_json_lines(const ByteSource& source, std::string_view prefix, const std::string& name,
                      const JsonLineChunkSink& lines, const RecordSink& sink, const ReadLimits& limits = {});

// The same over text in memory.
void split_json_lines_text(std::string_view text, const std::string& name, const JsonLineChunkSink& lines,
                           const RecordSink& sink, const ReadLimits& limits = {});

}  // namespace conquian::record
