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

}  // namespace conquian::record
