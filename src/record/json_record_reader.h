// Game records from JSON (specs/record-format.md "JSON"): simdjson's On-Demand parser is
// stepped value by value under the YAML reader's schema (record_schema.h), so a record has
// the same keys, values, error codes and messages in either format.
//
//   .json          one record (an object), or an array of records; held whole (max_file_bytes),
//                  and an array cut into its elements (json_array_split.h), each read on its
//                  own (JsonDocumentReader, one per thread) as the whole file's parse reads it.
//   .jsonl/.ndjson one record per line, the match document first if any; cut into lines in
//                  chunks (json_lines.h), so a file of any size is read in bounded memory,
//                  and each line read on its own (JsonDocumentReader, one per thread). A broken
//                  line is one malformed document and the next line is read; a line longer
//                  than max_line_bytes is refused without being held whole.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "record/found_document.h"
#include "record/record.h"

namespace conquian::record {

// Reads the JSON documents the cut found (found_document.h), one at a time, each to its
// ReadItem: a record, a match document, or the error that names its place. Holds a parser
// and buffers reused from document to document, so a thread that reads keeps one of its own.
// `name` and `limits` must outlive it.
class JsonDocumentReader {
 public:
  JsonDocumentReader(const std::string& name, const ReadLimits& limits);
  ~JsonDocumentReader();
  JsonDocumentReader(const JsonDocumentReader&) = delete;
  JsonDocumentReader& operator=(const JsonDocumentReader&) = delete;
  // A line of JSON Lines: always one item (a broken line is one malformed document).
  ReadItem read_line(const FoundDocument& line);
  // An element of a `.json` file's array; nullopt when it is no JSON (a syntax error ends the
  // file, so the file is then read whole, in file order: read_json_text).
  std::optional<ReadItem> read_element(const FoundDocument& element);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A `.json` file's text (at most max_file_bytes), parsed whole.
void read_json_text(std::string_view text, const std::string& name, const RecordSink& sink,
                    const ReadLimits& limits = {});
// The same over text that is padded already: `room` bytes readable from its start (at least
// simdjson's padding past its end).
void read_json_padded(std::string_view text, std::size_t room, const std::string& name, const RecordSink& sink,
                      const ReadLimits& limits = {});

}  // namespace conquian::record
