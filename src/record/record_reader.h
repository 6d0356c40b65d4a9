// Reading game records: YAML files (one game per document), JSON and JSON Lines
// (json_record_reader.h) into GameRecord values.
//
// Streaming: a file is cut into its documents before any is parsed (found_document.h), a
// chunk at a time, and each document is handed to `sink` as soon as it is read, so a file of
// a million games never sits in memory whole (a `.json` file, one value, is held whole).
// Uses libyaml's event API (the fast end: about 25x yaml-cpp's node API on records), walking
// a fixed schema with a depth limit.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "record/found_document.h"
#include "record/record.h"

namespace conquian::record {

// The formats a record file may be in (specs/record-format.md): YAML, a JSON file (one
// record or an array of them), or JSON Lines (one record per line).
enum class RecordFormat { Detect, Yaml, Json, JsonLines };

// By the name's ending: .json, .jsonl or .ndjson; anything else is YAML; "-" is Detect.
RecordFormat record_format_of(const std::string& path);
// "yaml", "json", "jsonl" (also "ndjson"), "detect"; nullopt for anything else.
std::optional<RecordFormat> record_format_named(std::string_view name);
// The format standard input is read in (`--format`); Detect (the default) looks at the
// first byte that is not blank: `[` is a JSON array, `{` JSON Lines (a one-line JSON record
// is both), anything else YAML. Set once, before any reading (the command line).
void set_standard_input_format(RecordFormat format);

// Reads every document of the file at `path`, in the format its name says, on `threads`
// threads (0: one per core): the documents come in file order, the same whatever the number
// (found_document.h). A file that cannot be opened or parsed at all yields one ReadItem with
// an error whose index is 0.
void read_record_file(const std::string& path, const RecordSink& sink, const ReadLimits& limits = {}, int threads = 1);

// The same from an open file descriptor, which it closes; `path` names it in messages.
// read_record_file("-") reads standard input this way, named kStdinName.
void read_record_stream(int fd, const std::string& path, const RecordSink& sink, const ReadLimits& limits = {},
                        RecordFormat format = RecordFormat::Detect);
inline const std::string kStdinName = "<stdin>";

// The same, from text in memory; `name` stands for the file name in messages.
void read_record_text(std::string_view text, const std::string& name, const RecordSink& sink,
                      const ReadLimits& limits = {}, RecordFormat format = RecordFormat::Yaml, int threads = 1);

// The cut that the readers above make before any parse: the documents of the file at `path`
// (or of `text`), found but not read, given to `chunks` a chunk at a time, for the caller to
// read (record/document_reader.h) on threads of its own and take in file order
// (record/document_order.h). What is no document goes to `sink`, in order with them: a file
// that cannot be opened or read, one past max_file_bytes, a `.json` file that is no array of
// records (read whole). Returns the format the file was read in.
RecordFormat split_record_file(const std::string& path, const DocumentChunkSink& chunks, const RecordSink& sink,
                               const ReadLimits& limits = {});
RecordFormat split_record_text(std::string_view text, const std::string& name, const DocumentChunkSink& chunks,
                               const RecordSink& sink, const ReadLimits& limits = {},
                               RecordFormat format = RecordFormat::Yaml);

}  // namespace conquian::record
