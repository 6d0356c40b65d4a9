// JSON Lines cut into lines before any is read (specs/record-format.md, "JSON and JSON Lines"):
// a line is a document of its own (found_document.h), so the lines of a chunk can be read
// (record/document_reader.h) on as many threads as there are, and given in file order after.
//
// split_json_lines streams its source through one buffer of max_line_bytes plus a chunk, so
// a file of any size is cut in bounded memory. Lines are split at '\n' before any parsing (a
// JSON string holds no raw newline), so a broken line cannot swallow the next one. Blank
// lines are no documents; a line longer than max_line_bytes is one, refused unread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "record/byte_source.h"
#include "record/found_document.h"
#include "record/record.h"

namespace conquian::record {

// Bytes past a JSON document's end that its buffer holds readable: simdjson reads up to its
// padding past a document (json_record_reader.cpp checks that this is enough).
inline constexpr std::size_t kJsonPadding = 64;

// Cuts the JSON Lines of `source` into documents (DocumentKind::JsonLine) for `lines`; `prefix`
// is text already read from it (format detection). What is no line goes to `sink`, in order
// with them: a read error (it ends the file) and, for a file with no document, the one error
// that says so.
void split_json_lines(const ByteSource& source, std::string_view prefix, const std::string& name,
                      const DocumentChunkSink& lines, const RecordSink& sink, const ReadLimits& limits = {});

// The document a line (without its '\n') holds: its text without a '\r' before the line break,
// or nothing when it is blank (a blank line holds no record). Both cuts of a file use it
// (json_line_block.h).
std::optional<std::string_view> json_line_text(std::string_view line);

// The error that ends a file whose bytes could not be read (errno `error`), at its 0-based
// line `line`, after `documents` documents.
void json_lines_read_failed(const std::string& name, std::uint32_t line, int documents, int error,
                            const RecordSink& sink);
// The error of a JSON Lines file that holds no document.
void json_lines_hold_nothing(const std::string& name, const RecordSink& sink);

}  // namespace conquian::record
