// A record file cut into its documents before any is parsed (specs/record-format.md,
// "Reading in parallel"): the cut is cheap and serial, the parse is dear and runs on as many
// threads as there are (record/document_reader.h), and the documents are then taken in file
// order (DocumentOrder), so that every reader of records gives what one thread gives.
//
//   JSON Lines   a line is a document (json_lines.h);
//   YAML         a stretch runs from one `---` line to the next (yaml_split.h): a `---` at
//                column 0 is always a document's start or a syntax error to libyaml, so a
//                stretch read alone gives the events the whole file gives, unless it breaks;
//   .json        an element of the top array is a document (json_array_split.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

namespace conquian::record {

enum class DocumentKind : std::uint8_t { JsonLine, YamlStretch, JsonElement };

// One document of a file, found but not read. Its text lives until the chunk sink returns.
struct FoundDocument {
  DocumentKind kind = DocumentKind::JsonLine;
  // JsonLine: the line without its line break (nor a '\r' before it), empty when too_long.
  // YamlStretch: from its first line up to the next cut. JsonElement: from the start of the
  // line the element starts on up to the element's end (so that columns count from the line).
  std::string_view text;
  std::size_t room = 0;     // bytes readable from text.data() on (simdjson reads past a document)
  std::uint32_t line = 0;   // the file's line (0-based) that text starts
  std::uint32_t begin = 0;  // JsonElement: where the element starts in text
  // YamlStretch: bytes of text and of the `---` line after it, which the stretch is read with
  // again, in file order, when it breaks alone (libyaml's error may stand on that line).
  std::size_t extent = 0;
  int index = 0;  // JsonLine, JsonElement: its document's index in the file, from 1
  // Holds exactly one document, if it reads at all (a YAML stretch may hold none, or more
  // when a `...` or a directive stands between two documents).
  bool single = true;
  bool too_long = false;    // JsonLine: longer than max_line_bytes, refused unread
  bool tab_before = false;  // YamlStretch: a line before it indents with a tab (a syntax error's hint)
  // JsonElement: the whole text of the file (padded), read again whole when an element breaks.
  std::string_view file_text;
  std::size_t file_room = 0;
};

// Whether `found` may be a match document (specs/record-format.md, "Matches"): its text
// holds the key's word, `match`, or an escape, which could spell it. Under MPI a document that
// cannot be one is read only by the process whose part it is (check/check_file.h).
inline bool may_be_match_document(const FoundDocument& found) {
  return found.text.data() == nullptr || found.text.find("match") != std::string_view::npos ||
         found.text.find('\\') != std::string_view::npos;
}

// Called with the documents of each chunk of a file, in file order; `last`: no chunk follows.
// Returns false to stop the reading (the file ended: nothing after is wanted).
using DocumentChunkSink = std::function<bool(std::span<const FoundDocument> chunk, bool last)>;

}  // namespace conquian::record
