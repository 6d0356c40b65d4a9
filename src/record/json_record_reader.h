// Game records from JSON (specs/record-format.md "JSON"): simdjson's On-Demand parser walks
// each document into events that the YAML reader's schema reads (record_events.h), so a
// record has the same keys, values, error codes and messages in either format.
//
//   .json          one record (an object), or an array of records; read whole (max_file_bytes).
//   .jsonl/.ndjson one record per line, the match document first if any; streamed in chunks,
//                  so a file of any size is read in bounded memory. A broken line is one
//                  malformed document and the next line is read; a line longer than
//                  max_line_bytes is refused without being held whole.
#pragma once

#include <sys/types.h>
#include <functional>
#include <string>
#include <string_view>

#include "record/record.h"
#include "record/record_reader.h"

namespace conquian::record {

// Reads up to `n` bytes into `buf`: the number read, 0 at the end, -1 on an error (errno set).
using ByteSource = std::function<ssize_t(char* buf, std::size_t n)>;

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
