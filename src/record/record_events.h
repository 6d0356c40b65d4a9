// Internal to the record reader: the seam between its two halves.
//
//   record_reader.cpp  the file and its documents: libyaml parsers over stretches of the
//                      text, the resync after a limit breach, broken YAML, the items emitted;
//                      and the event stream below.
//   record_schema.cpp  one document against the fixed record schema (keys, types, moves).
//   json_record_reader.cpp  the same for JSON: simdjson walks a document into ReplayEvents,
//                      which the stream below replays to the same schema.
//
// EventStream is one libyaml parser's events with the path into the document that error
// messages name. read_document() is the schema's entry point: it reads one document whose
// DOCUMENT-START event is current, up to its DOCUMENT-END, or throws DocFailure.
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

namespace conquian::record::detail {

// Thrown when a document does not fit the schema (or breaks a limit).
struct DocFailure {
  Mark mark;
  std::string message;  // complete: "file:line:col: path: reason"
  bool resync = false;  // drop the parser and restart at the next document marker
};

// Thrown when libyaml cannot go on; the details are in the parser.
struct SyntaxBreak {};

// One step of a path into the document: a key, or an index into a list.
struct PathStep {
  const char* key;  // nullptr: an index
  std::size_t index;
};

inline std::uint32_t clamp32(std::size_t v) {
  return v > std::numeric_limits<std::uint32_t>::max() ? std::numeric_limits<std::uint32_t>::max()
                                                       : static_cast<std::uint32_t>(v);
}

// An event of a document read by another front end (JSON), in the terms of libyaml's events,
// kept small: an event is made for every key and value of a document before the schema reads
// them. `begin` and `end` are byte offsets into the text the stream replays.
// 24 bytes: a record of a hundred moves makes about a thousand of them.
struct ReplayEvent {
  ReplayEvent(const char* v, std::uint32_t n, std::uint32_t b, std::uint32_t e, yaml_event_type_t t, bool q)
      : value(v), length(n), begin(b), end(e), type(static_cast<std::uint8_t>(t)), quoted(q) {}
  const char* value = nullptr;  // a scalar's text (not owned)
  std::uint32_t length = 0;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::uint8_t type = YAML_NO_EVENT;  // a yaml_event_type_t
  bool quoted = false;                // a JSON string (YAML's quoted scalar); numbers, true, false, null are plain
};
static_assert(sizeof(void*) != 8 || sizeof(ReplayEvent) == 24);

class EventStream {
 public:
  EventStream(const std::string& name, const ReadLimits& limits) : name_(name), limits_(limits) { path_.reserve(16); }
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // A new parser over `text`, whose first line is line `line_base` (0-based) of the file.
  // False when libyaml cannot start one (out of memory); else close() must follow.
  bool open(std::string_view text, std::uint32_t line_base);
  // Frees the last event and the parser.
  void close();
  // Instead of a parser: replays `events` (made by the JSON reader) over `text`, whose first
  // line is line `line_base` (0-based) of the file; `line_starts` holds the offsets of the
  // text's lines after the first (empty: the text is one line). Both must outlive the replay.
  void replay(std::string_view text, std::uint32_t line_base, const std::vector<ReplayEvent>& events,
              const std::vector<std::uint32_t>& line_starts);
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
  const yaml_mark_t& start_mark() const { return ev_.start_mark; }
  const yaml_mark_t& end_mark() const {
    if (replay_ == nullptr) return ev_.end_mark;
    replay_end_ = replay_mark(replay_end_offset_);  // made when asked: only inline rulesets ask
    return replay_end_;
  }
  // The byte of the text the parser reads where a mark stands. libyaml counts a mark's index
  // in characters, not bytes (an accented name before an inline ruleset would cut its text
  // short); replayed events carry bytes.
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
  bool is_null() const {
    if (!is_plain()) return false;
    const std::string_view v = scalar_view();
    return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL";
  }
  const char* found() const;  // "a mapping", "a list", "a scalar", "nothing"
  Mark mark_of(const yaml_mark_t& m) const { return Mark{clamp32(m.line + 1 + line_base_), clamp32(m.column + 1)}; }
  // Skips the rest of a failed document (throws DocFailure with resync when too deep).
  void skip_to_document_end();

  // ---- the path into the document ----
  void push_key(const char* key) { path_.push_back({key, 0}); }
  void push_index() { path_.push_back({nullptr, 0}); }
  void set_index(std::size_t index) { path_.back().index = index; }
  void pop() { path_.pop_back(); }
  void clear_path() { path_.clear(); }

  // ---- errors ----
  // "file:line:col: path: reason"
  std::string located(Mark mark, const std::string& reason) const;
  [[noreturn]] void fail_at(const yaml_mark_t& m, const std::string& reason, bool resync = false);
  [[noreturn]] void fail_here(const std::string& reason) { fail_at(ev_.start_mark, reason); }
  // A limit breach is hostile input: rather than have libyaml parse the rest of a huge list,
  // drop the document and restart at the next document marker (record_reader.cpp).
  [[noreturn]] void fail_limit(const std::string& reason) { fail_at(ev_.start_mark, reason, true); }

  const ReadLimits& limits() const { return limits_; }

 private:
  std::string path_text() const;

  const std::string& name_;
  const ReadLimits& limits_;
  std::string_view text_;  // what the parser reads (a stretch of the file)
  yaml_parser_t parser_{};
  yaml_event_t ev_{};
  bool has_ev_ = false;
  std::uint32_t line_base_ = 0;                       // lines before the current stretch of text
  const std::vector<ReplayEvent>* replay_ = nullptr;  // not null: replaying, not parsing
  const std::vector<std::uint32_t>* line_starts_ = nullptr;
  std::size_t next_ = 0;                 // the next event replayed
  std::uint32_t replay_end_offset_ = 0;  // the replayed event's end
  mutable yaml_mark_t replay_end_{};
  // byte_of's place so far (marks are asked in file order, so the count goes on from there).
  mutable std::size_t counted_chars_ = 0, counted_bytes_ = 0;
  yaml_mark_t replay_mark(std::uint32_t offset) const;
  std::size_t depth_ = 0;
  bool skipping_ = false;
  std::vector<PathStep> path_;
};

// Buffers the schema reuses from one document to the next (records hold many short lists).
struct SchemaScratch {
  TokenList tokens;
  std::size_t last_moves = 0;  // the moves of the last record: room for as many in the next
};

// Reads one document against the record schema (record_schema.cpp): a game record into
// `g`, or a match header into `m` (then `is_match` is set).
void read_document(EventStream& events, GameRecord& g, MatchHeader& m, bool& is_match, SchemaScratch& scratch);

}  // namespace conquian::record::detail
