// Game records from JSON (specs/record-format.md "JSON"): simdjson's On-Demand parser walks
// each document into events that the YAML reader's schema reads (record_events.h), so a
// record has the same keys, values, error codes and messages in either format.
//
//   .json          one record (an object), or an array of records; read whole (max_file_bytes).
//   .jsonl/.ndjson one record per line, the match document first if any; cut into lines in
//                  chunks (json_lines.h), so a file of any size is read in bounded memory,
//                  and each line read on its own (JsonLineReader, one per thread). A broken
//                  line is one malformed document and the next line is read; a line longer
//                  than max_line_bytes is refused without being held whole.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "record/json_lines.h"
#include "record/record.h"
#include "record/record_reader.h"

namespace conquian::record {

// Reads the documents split_json_lines found, one at a time, each to its ReadItem: a record, a
// match document, or the error that names its line. Holds a parser and buffers reused from
// line to line, so a thread that reads keeps one of its own. `name` and `limits` must outlive it.
class JsonLineReader {
 public:
  JsonLineReader(const std::string& name, const ReadLimits& limits);
  ~JsonLineReader();
  JsonLineReader(const JsonLineReader&) = delete;
  JsonLineReader& operator=(const JsonLineReader&) = delete;
  ReadItem read(const JsonLine& line);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A `.json` file's text (at most max_file_bytes).
void read_json_text(std::string_view text, const std::string& name, const RecordSink& sink,
                    const ReadLimits& limits = {});

// JSON Lines from `source`; `prefix` is text already read from it (format detection).
void read_json_lines(const ByteSource& source, std::string_view prefix, const std::string& name, const RecordSink& sink,
                     const ReadLimits& limits = {});
// The same from text in memory.
void read_json_lines_text(std::string_view text, const std::string& name, const RecordSink& sink,
                          const ReadLimits& limits = {});

}  // namespace conquian::record
