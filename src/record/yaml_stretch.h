// Internal to the record reader: YAML read a stretch at a time (yaml_split.h), by the one
// reader of YAML documents (record_reader.cpp), which reads a whole file the same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "record/record.h"
#include "record/record_events.h"

namespace conquian::record::detail {

// Where a stretch of YAML stands in its file.
struct YamlStart {
  std::uint32_t line = 0;   // the file's line (0-based) the text starts
  int documents = 0;        // documents before it
  bool tab_before = false;  // a line before it indents with a tab
};

// One stretch read alone, as a thread reads it: its documents into `items`, indexed from 1
// within it. False, with nothing in `items`, when it breaks (a syntax error) or holds a byte
// libyaml refuses: it must be read again in file order (read_yaml_from), which ends the file.
bool read_yaml_stretch(std::string_view text, std::uint32_t line, EventStream& events, SchemaScratch& scratch,
                       const std::string& name, const ReadLimits& limits, std::vector<ReadItem>& items);

// YAML text from `start` on, read as the whole file's reader reads it (it holds back the
// document before a bad byte, numbers the documents on from start.documents, and ends the
// file at a break); returns whether it ended the file. A stretch that broke alone is read
// again this way, in file order, with the `---` line after it.
bool read_yaml_from(std::string_view text, const std::string& name, const RecordSink& sink, const ReadLimits& limits,
                    const YamlStart& start);

// A whole file's YAML text, read in one piece: what read_record_text gives, without the split.
// The reference that the split is held to (tests and the record fuzz target compare them).
void read_yaml_whole(std::string_view text, const std::string& name, const RecordSink& sink,
                     const ReadLimits& limits = {});

}  // namespace conquian::record::detail
