// Internal to the YAML record reader: the seam between its two halves.
//
//   record_reader.cpp  the file and its documents: libyaml parsers over stretches of the
//                      text, the resync after a limit breach, broken YAML, the items emitted;
//                      and the event stream below.
//   record_schema.h    one document against the fixed record schema (keys, types, moves),
//                      the same for YAML and JSON (json_record_reader.cpp).
//
// EventStream is one libyaml parser's events, the front end the schema reads YAML through,
// with the path into the document that error messages name.
#pragma once

#include <yaml.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "record/record.h"
#include "record/record_schema.h"

namespace conquian::record::detail {

// Thrown when libyaml cannot go on; the details are in the parser.
struct SyntaxBreak {};

class EventStream : public SchemaPath {
 public:
  using Place = yaml_mark_t;
  EventStream(const std::string& name, const ReadLimits& limits) : SchemaPath(name), limits_(limits) {}
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // A new parser over `text`, whose first line is line `line_base` (0-based) of the file.
  // False when libyaml cannot start one (out of memory); else close() must follow.
  bool open(std::string_view text, std::uint32_t line_base);
  // Frees the last event and the parser.
  void close();
  const yaml_parser_t& parser() const { return parser_; }
  // A new document: depth and path start again.
  void begin_document() {
    depth_ = 0;
    path_.clear();
  }

  // ---- events ----
  // The next event; throws SyntaxBreak when libyaml fails, DocFailure on a limit breach or
  // an alias.
  void advance();
  yaml_event_type_t type() const { return ev_.type; }
  // The event as the schema sees it.
  Node node() const {
    switch (ev_.type) {
      case YAML_DOCUMENT_START_EVENT: return Node::DocumentStart;
      case YAML_DOCUMENT_END_EVENT: return Node::DocumentEnd;
      case YAML_MAPPING_START_EVENT: return Node::MappingStart;
      case YAML_MAPPING_END_EVENT: return Node::MappingEnd;
      case YAML_SEQUENCE_START_EVENT: return Node::ListStart;
      case YAML_SEQUENCE_END_EVENT: return Node::ListEnd;
      case YAML_SCALAR_EVENT: return Node::Scalar;
      default: return Node::Other;
    }
  }
  const yaml_mark_t& start_mark() const { return ev_.start_mark; }
  const yaml_mark_t& end_mark() const { return ev_.end_mark; }
  std::size_t column_of(const yaml_mark_t& m) const { return m.column; }
  // The byte of the text the parser reads where a mark stands. libyaml counts a mark's index
  // in characters, not bytes (an accented name before an inline ruleset would cut its text
  // short).
  std::size_t byte_of(const yaml_mark_t& m) const;
  // The text the parser reads between two marks.
  std::string_view text_between(const yaml_mark_t& begin, const yaml_mark_t& end) const {
    const std::size_t from = std::min(byte_of(begin), text_.size());
    return text_.substr(from, std::max(byte_of(end), from) - from);
  }
  bool is_scalar() const { return ev_.type == YAML_SCALAR_EVENT; }
  bool is_plain() const { return is_scalar() && ev_.data.scalar.style == YAML_PLAIN_SCALAR_STYLE; }
  std::string_view scalar_view() const {
    return {reinterpret_cast<const char*>(ev_.data.scalar.value), ev_.data.scalar.length};
  }
  // A plain empty, ~ or null scalar.
  bool is_null() const { return is_plain() && detail::is_null_text(scalar_view()); }
  const char* found() const;  // "a mapping", "a list", "a scalar", "nothing"
  Mark mark_of(const yaml_mark_t& m) const { return Mark{clamp32(m.line + 1 + line_base_), clamp32(m.column + 1)}; }
  // Skips the rest of a failed document (throws DocFailure with resync when too deep).
  void skip_to_document_end();

  // ---- errors ----
  [[noreturn]] void fail_at(const yaml_mark_t& m, const std::string& reason, bool resync = false);
  [[noreturn]] void fail_here(const std::string& reason) { fail_at(ev_.start_mark, reason); }
  // A limit breach is hostile input: rather than have libyaml parse the rest of a huge list,
  // drop the document and restart at the next document marker (record_reader.cpp).
  [[noreturn]] void fail_limit(const std::string& reason) { fail_at(ev_.start_mark, reason, true); }

  const ReadLimits& limits() const { return limits_; }

 private:
  const ReadLimits& limits_;
  std::string_view text_;  // what the parser reads (a stretch of the file)
  yaml_parser_t parser_{};
  yaml_event_t ev_{};
  bool has_ev_ = false;
  std::uint32_t line_base_ = 0;  // lines before the current stretch of text
  // byte_of's place so far (marks are asked in file order, so the count goes on from there).
  mutable std::size_t counted_chars_ = 0, counted_bytes_ = 0;
  std::size_t depth_ = 0;
  bool skipping_ = false;
};

// The schema is compiled once for YAML, in record_schema.cpp.
extern template void read_document<EventStream>(EventStream&, GameRecord&, MatchHeader&, bool&, SchemaScratch&);

}  // namespace conquian::record::detail
