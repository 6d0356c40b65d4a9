// Reading game records: YAML files (one game per document) into GameRecord values.
//
// Streaming: each document is handed to `sink` as soon as it is read, so a file of a
// million games never sits in memory whole. Uses libyaml's event API (the fast end: about
// 25x yaml-cpp's node API on records), walking a fixed schema with a depth limit.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "record/record.h"

namespace conquian::record {

using RecordSink = std::function<void(ReadItem&&)>;

// Reads every document of the file at `path`. A file that cannot be opened or parsed at
// all yields one ReadItem with an error whose index is 0.
void read_record_file(const std::string& path, const RecordSink& sink, const ReadLimits& limits = {});

// The same from an open file descriptor, which it closes; `path` names it in messages.
// read_record_file("-") reads standard input this way, named kStdinName.
void read_record_stream(int fd, const std::string& path, const RecordSink& sink, const ReadLimits& limits = {});
inline const std::string kStdinName = "<stdin>";

// The same, from text in memory; `name` stands for the file name in messages.
void read_record_text(std::string_view text, const std::string& name, const RecordSink& sink,
                      const ReadLimits& limits = {});

}  // namespace conquian::record
