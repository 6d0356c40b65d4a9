// Game records from JSON: simdjson's On-Demand parser walks a document into ReplayEvents
// (record_events.h), and the YAML reader's schema (record_schema.cpp) reads those events, so
// that both formats share every key, type, limit and message.
//
// Shape of the reader:
//   - JSON Lines are cut into lines first (json_lines.cpp: chunks of one buffer, a line too
//     long refused unread), and each line is parsed where it lies by a JsonDocumentReader, one
//     per thread that reads. A broken line is one malformed document and reading goes on.
//     (simdjson's iterate_many indexes a whole batch of documents at once, and an unclosed
//     string in one line would run into the lines after it; a parse per line keeps a fault to
//     its line, and lets the lines of a chunk be read on many threads.)
//   - A `.json` file is read whole (max_file_bytes): an object is one record, an array holds
//     one record per element. A JSON error ends the file, as broken YAML does: the elements
//     before it stand, the rest is not read. An array whose text simdjson indexes without
//     error is cut into its elements (json_array_split.cpp), and each element is parsed over
//     its own text, as the whole file's parse walks it (element()); an element that is no JSON
//     sends the file back to the whole parse, in file order, from that element on.
//   - The walk makes an event for every key and value, then the schema reads them. It stops
//     early, at the event the schema then refuses, past max_depth and past max_moves + 1
//     entries of one list, so that hostile nesting and lists cost no more than their limit.
//     JSON strings are quoted scalars, numbers, true, false and null plain ones (so a seat
//     written "0" is refused as quoted, as in YAML); a string holding U+0000 is refused.
#include "record/json_record_reader.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "record/json_lines.h"
#include "record/record_events.h"

namespace conquian::record {
namespace {

namespace od = simdjson::ondemand;
using detail::DocFailure;
using detail::ReplayEvent;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The sentence for a simdjson error.
std::string json_reason(simdjson::error_code e) {
  switch (e) {
    case simdjson::UTF8_ERROR: return "the text is not valid UTF-8";
    case simdjson::STRING_ERROR:
      return "broken JSON string: a bad escape (a lone surrogate \\uD800-\\uDFFF, or an unknown or short escape)";
    case simdjson::UNESCAPED_CHARS: return "broken JSON string: a control character that must be escaped";
    case simdjson::UNCLOSED_STRING: return "broken JSON: a string is not closed";
    case simdjson::NUMBER_ERROR: return "broken JSON: a bad number";
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR: return "broken JSON: a bad literal (expected true, false or null)";
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
    case simdjson::EMPTY: return "broken JSON: the document ends before its last } or ]";
    case simdjson::CAPACITY: return "the document is larger than the JSON parser's capacity";
    case simdjson::MEMALLOC: return "out of memory reading JSON";
    default: return std::string("broken JSON: ") + simdjson::error_message(e);
  }
}

// Whether the parser has read the whole document (simdjson 3.0 says so by refusing a place).
bool at_end(od::document& doc) {
  const char* p = nullptr;
  return doc.current_location().get(p) != simdjson::SUCCESS;
}

// Why a walk stopped: a JSON error at `where`, or a limit (the events end at the event the
// schema refuses).
struct WalkStop {
  simdjson::error_code error = simdjson::SUCCESS;
  const char* where = nullptr;
  std::string reason;  // when not simdjson's (a NUL in a string)
};

// One document's values into events, by recursive descent (at most max_depth + 1 deep).
class Walker {
 public:
  Walker(std::vector<ReplayEvent>& out, od::document& doc, const char* base, const char* text_end,
         const ReadLimits& limits)
      : out_(out), doc_(doc), base_(base), end_(text_end), limits_(limits) {}

  // False when the walk stopped: `stop()` says why (no error: a limit).
  bool value(od::value v, std::size_t depth);
  bool object(od::object o, const char* at, std::size_t depth);
  bool array(od::array a, const char* at, std::size_t depth);
  const WalkStop& stop() const { return stop_; }
  bool fail(simdjson::error_code e, const char* where) {
    stop_.error = e;
    stop_.where = where;
    return false;
  }
  std::uint32_t offset(const char* p) const { return static_cast<std::uint32_t>(p - base_); }

 private:
  // `unescaped`: simdjson unescaped it, so it may hold a U+0000 that no raw byte showed (a
  // string as written cannot: the document was refused for a NUL byte before its walk).
  bool string_event(std::string_view s, const char* at, bool unescaped);
  std::string_view key_as_written(const char* quote) const;
  void push(yaml_event_type_t type, const char* at, const char* end, std::string_view text = {}, bool quoted = false) {
    // Made in place: a copy from a temporary stalled on its narrow stores (perf).
    out_.emplace_back(text.data(), static_cast<std::uint32_t>(text.size()), offset(at), offset(end), type, quoted);
  }
  // Past the closing bracket just read: the next token's place, less the blanks before it.
  const char* after_close() {
    const char* p = end_;
    const char* next = nullptr;
    if (doc_.current_location().get(next) == simdjson::SUCCESS && next >= base_ && next <= end_) p = next;
    while (p > base_ && is_blank(p[-1])) --p;
    return p;
  }

  std::vector<ReplayEvent>& out_;
  od::document& doc_;
  const char* base_;
  const char* end_;
  const ReadLimits& limits_;
  WalkStop stop_;
};

// A string token as written (`raw`: from its opening quote, perhaps with blanks after), when
// it holds no escape: its text between the quotes, which is what simdjson would unescape it
// to (the document's UTF-8 and control characters were checked when it was indexed).
// Otherwise a view with no data: unescape it.
// (Loops, not memchr: the strings are card tokens and keys of a few bytes, where a call to
// memchr cost more than the scan, 7% of checking JSON Lines, perf.)
std::string_view unescaped_as_written(std::string_view raw) {
  while (!raw.empty() && is_blank(raw.back())) raw.remove_suffix(1);
  if (raw.size() < 2 || raw.front() != '"' || raw.back() != '"') return {};
  raw = raw.substr(1, raw.size() - 2);
  for (const char c : raw)
    if (c == '\\') return {};
  return raw;
}

// The same for a key, from its opening quote, within the document's text.
std::string_view Walker::key_as_written(const char* quote) const {
  const char* from = quote + 1;
  for (const char* p = from; p < end_; ++p) {
    if (*p == '\\') return {};
    if (*p == '"') return {from, static_cast<std::size_t>(p - from)};
  }
  return {};
}

bool Walker::string_event(std::string_view s, const char* at, bool unescaped) {
  if (unescaped && std::memchr(s.data(), '\0', s.size()) != nullptr) {
    stop_.where = at;
    stop_.reason = "a string holds the character U+0000 (NUL), which no record holds";
    stop_.error = simdjson::STRING_ERROR;
    return false;
  }
  const char* close = at + 1;
  // The token's end is past its closing quote; only error messages and inline rulesets use
  // ends, and a string is neither, so its start stands for both.
  push(YAML_SCALAR_EVENT, at, close, s, true);
  return true;
}

bool Walker::value(od::value v, std::size_t depth) {
  std::string_view raw = v.raw_json_token();
  const char* at = raw.data();
  od::json_type type;
  if (auto e = v.type().get(type); e) return fail(e, at);
  switch (type) {
    case od::json_type::object: {
      od::object o;
      if (auto e = v.get_object().get(o); e) return fail(e, at);
      return object(o, at, depth + 1);
    }
    case od::json_type::array: {
      od::array a;
      if (auto e = v.get_array().get(a); e) return fail(e, at);
      return array(a, at, depth + 1);
    }
    case od::json_type::string: {
      // Most strings (card tokens) have no escape: their text is the file's, between the quotes.
      if (const std::string_view plain = unescaped_as_written(raw); plain.data() != nullptr)
        return string_event(plain, at, false);
      std::string_view s;
      if (auto e = v.get_string().get(s); e) return fail(e, at);
      return string_event(s, at, true);
    }
    case od::json_type::number: {
      while (!raw.empty() && is_blank(raw.back())) raw.remove_suffix(1);
      double d;
      if (auto e = v.get_double().get(d); e) return fail(e, at);
      push(YAML_SCALAR_EVENT, at, at + raw.size(), raw);
      return true;
    }
    case od::json_type::boolean: {
      bool b;
      if (auto e = v.get_bool().get(b); e) return fail(e, at);
      push(YAML_SCALAR_EVENT, at, at + (b ? 4 : 5), b ? "true" : "false");
      return true;
    }
    case od::json_type::null: {
      bool null = false;
      if (auto e = v.is_null().get(null); e || !null) return fail(e ? e : simdjson::N_ATOM_ERROR, at);
      push(YAML_SCALAR_EVENT, at, at + 4, "null");
      return true;
    }
  }
  return fail(simdjson::TAPE_ERROR, at);
}

bool Walker::object(od::object o, const char* at, std::size_t depth) {
  push(YAML_MAPPING_START_EVENT, at, at + 1);
  if (depth > limits_.max_depth) return false;  // the schema refuses this event
  for (auto field : o) {
    if (auto e = field.error(); e) return fail(e, end_);
    const char* key_at = field.key().raw() - 1;  // the opening quote
    std::string_view key = key_as_written(key_at);
    const bool unescaped = key.data() == nullptr;
    if (unescaped)
      if (auto e = field.unescaped_key().get(key); e) return fail(e, key_at);
    if (!string_event(key, key_at, unescaped)) return false;
    if (!value(field.value(), depth)) return false;
  }
  const char* close = after_close();
  push(YAML_MAPPING_END_EVENT, close > at ? close - 1 : at, close);
  return true;
}

bool Walker::array(od::array a, const char* at, std::size_t depth) {
  push(YAML_SEQUENCE_START_EVENT, at, at + 1);
  if (depth > limits_.max_depth) return false;
  const std::size_t longest = std::max(limits_.max_moves, limits_.max_cards_per_list);
  std::size_t count = 0;
  for (auto element : a) {
    od::value v;
    if (auto e = element.get(v); e) return fail(e, end_);
    if (!value(v, depth)) return false;
    if (++count > longest) return false;  // the schema refuses this entry
  }
  const char* close = after_close();
  push(YAML_SEQUENCE_END_EVENT, close > at ? close - 1 : at, close);
  return true;
}

// The documents of one file: each walked into events, then read by the schema.
class Documents {
 public:
  Documents(const std::string& name, const RecordSink& sink, const ReadLimits& limits)
      : name_(name), sink_(sink), limits_(limits), in_(name, limits) {
    events_.reserve(4096);  // a record of a hundred moves makes about a thousand; reused, line after line
  }

  // One document of JSON Lines (split_json_lines found it, and that it is not blank).
  void line(const FoundDocument& found);
  // One element of a `.json` file's array; false on a JSON error (nothing given).
  bool element(const FoundDocument& found);
  // The whole of a `.json` file (padded).
  void whole(std::string_view text, std::size_t room);
  // A document that cannot be read; `fatal`: it ends the file (a break in the first
  // document makes the file unreadable, index 0).
  void error(Mark mark, const std::string& reason, bool fatal = false);
  void no_document(const char* what);
  // simdjson's depth limit (far past max_depth) is max_depth's breach too.
  std::string reason_of(simdjson::error_code e) const {
    if (e == simdjson::DEPTH_ERROR)
      return "nested more than " + std::to_string(limits_.max_depth) + " levels deep (max_depth)";
    return json_reason(e);
  }

 private:
  // Reads the events of one document (made over `text`) against the schema.
  void read_events(std::string_view text, std::uint32_t line_base);
  Mark mark_at(std::string_view text, std::uint32_t line_base, const char* at) const;
  // Walks the top value of `doc` into events_ (a document of its own); false on a JSON error.
  bool walk_top(od::document& doc, std::string_view text, WalkStop& stop);

  const std::string& name_;
  const RecordSink& sink_;
  const ReadLimits& limits_;
  od::parser parser_;
  detail::EventStream in_;
  detail::SchemaScratch scratch_;
  std::vector<ReplayEvent> events_;
  std::vector<std::uint32_t> line_starts_;  // a `.json` file's lines after the first
  int count_ = 0;                           // documents so far
};

Mark Documents::mark_at(std::string_view text, std::uint32_t line_base, const char* at) const {
  const auto offset = static_cast<std::uint32_t>(std::clamp(at, text.data(), text.data() + text.size()) - text.data());
  const auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const std::uint32_t column = offset - (after == line_starts_.begin() ? 0 : *(after - 1));
  return Mark{line_base + static_cast<std::uint32_t>(after - line_starts_.begin()) + 1, column + 1};
}

void Documents::error(Mark mark, const std::string& reason, bool fatal) {
  RecordError err;
  err.file = name_;
  err.index = fatal && count_ <= 1 ? 0 : count_;
  err.mark = mark;
  in_.clear_path();
  err.message = in_.located(mark, reason);
  if (fatal) err.message += "; the rest of the file is not read";
  err.ends_file = fatal;
  sink_(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

void Documents::no_document(const char* what) {
  RecordError err;
  err.file = name_;
  err.message = name_ + ": no game: the file holds no JSON record (" + what + ")";
  sink_(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

void Documents::read_events(std::string_view text, std::uint32_t line_base) {
  in_.replay(text, line_base, events_, line_starts_);
  in_.begin_document();
  GameRecord doc;
  doc.file = name_;
  doc.index = count_;
  MatchHeader header;  // its file is set when the document is one: a copy of the name per line is no small cost
  header.index = count_;
  bool is_match = false;
  try {
    in_.advance();  // DOCUMENT-START
    doc.mark = in_.mark_of(in_.start_mark());
    detail::read_document(in_, doc, header, is_match, scratch_);
  } catch (DocFailure& f) {
    RecordError err;
    err.file = name_;
    err.index = count_;
    err.id = doc.id.empty() ? header.id : doc.id;
    err.mark = f.mark;
    err.message = std::move(f.message);
    sink_(ReadItem{std::nullopt, std::move(err), std::nullopt});
    return;
  }
  if (is_match) {
    header.file = name_;
    sink_(ReadItem{std::nullopt, std::nullopt, std::move(header)});
  } else sink_(ReadItem{std::move(doc), std::nullopt, std::nullopt});
}

bool Documents::walk_top(od::document& doc, std::string_view text, WalkStop& stop) {
  const char* base = text.data();
  const char* end = base + text.size();
  events_.clear();
  Walker walk(events_, doc, base, end, limits_);
  const char* at = base;
  while (at < end && is_blank(*at)) ++at;
  events_.emplace_back(nullptr, 0, walk.offset(at), walk.offset(at), YAML_DOCUMENT_START_EVENT, false);
  od::json_type type;
  bool whole = true;
  if (auto e = doc.type().get(type); e) {
    walk.fail(e, at);
    whole = false;
  } else if (type == od::json_type::object) {
    od::object o;
    if (auto e2 = doc.get_object().get(o); e2) whole = walk.fail(e2, at);
    else whole = walk.object(o, at, 1);
  } else if (type == od::json_type::array) {
    od::array a;
    if (auto e2 = doc.get_array().get(a); e2) whole = walk.fail(e2, at);
    else whole = walk.array(a, at, 1);
  } else {
    // A scalar is no record; the schema says so ("empty document" for null).
    std::string_view raw;
    if (doc.raw_json_token().get(raw) != simdjson::SUCCESS) raw = {at, static_cast<std::size_t>(end - at)};
    while (!raw.empty() && is_blank(raw.back())) raw.remove_suffix(1);
    const bool quoted = type == od::json_type::string;
    if (quoted && raw.size() >= 2) raw = raw.substr(1, raw.size() - 2);
    events_.emplace_back(raw.data(), static_cast<std::uint32_t>(raw.size()), walk.offset(at), walk.offset(at),
                         YAML_SCALAR_EVENT, quoted);
  }
  if (whole && !at_end(doc) && type != od::json_type::string && type != od::json_type::number &&
      type != od::json_type::boolean && type != od::json_type::null) {
    const char* next = end;
    if (doc.current_location().get(next) != simdjson::SUCCESS) next = end;
    stop = WalkStop{simdjson::TAPE_ERROR, next, "broken JSON: more text after the record"};
    return false;
  }
  stop = walk.stop();
  if (stop.error != simdjson::SUCCESS) return false;
  events_.emplace_back(nullptr, 0, walk.offset(end), walk.offset(end), YAML_DOCUMENT_END_EVENT, false);
  return true;
}

void Documents::line(const FoundDocument& found) {
  const std::string_view text = found.text;
  const std::uint32_t line = found.line;
  count_ = found.index;
  line_starts_.clear();
  if (found.too_long)
    return error(Mark{line + 1, 1}, "the line is longer than max_line_bytes (" +
                                        std::to_string(limits_.max_line_bytes) + " bytes); it is not read");
  if (const void* nul = std::memchr(text.data(), '\0', text.size()); nul != nullptr) {
    const auto column = static_cast<std::uint32_t>(static_cast<const char*>(nul) - text.data());
    return error(Mark{line + 1, column + 1}, "a NUL byte (records are text)");
  }
  od::document doc;
  if (auto e = parser_.iterate(simdjson::padded_string_view(text.data(), text.size(), found.room)).get(doc); e)
    return error(Mark{line + 1, 1}, reason_of(e));
  WalkStop stop;
  if (!walk_top(doc, text, stop))
    return error(mark_at(text, line, stop.where), stop.reason.empty() ? reason_of(stop.error) : stop.reason);
  read_events(text, line);
}

// The events whole() makes for an element of its array, over the element's own text (from the
// start of its first line, so that marks count columns from there).
bool Documents::element(const FoundDocument& found) {
  const std::string_view text = found.text;
  count_ = found.index;
  line_starts_.clear();
  for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', text.end() - p))) != nullptr;)
    line_starts_.push_back(static_cast<std::uint32_t>(++p - text.data()));
  const char* at = text.data() + found.begin;
  od::document doc;
  const simdjson::padded_string_view own(at, text.size() - found.begin, found.room - found.begin);
  if (parser_.iterate(own).get(doc) != simdjson::SUCCESS) return false;
  od::object o;
  if (doc.get_object().get(o) != simdjson::SUCCESS) return false;
  events_.clear();
  Walker walk(events_, doc, text.data(), text.data() + text.size(), limits_);
  events_.emplace_back(nullptr, 0, walk.offset(at), walk.offset(at), YAML_DOCUMENT_START_EVENT, false);
  if (!walk.object(o, at, 1) && walk.stop().error != simdjson::SUCCESS) return false;
  events_.emplace_back(nullptr, 0, walk.offset(at), walk.offset(at), YAML_DOCUMENT_END_EVENT, false);
  read_events(text, found.line);
  return true;
}

void Documents::whole(std::string_view text, std::size_t room) {
  line_starts_.clear();
  for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', text.end() - p))) != nullptr;)
    line_starts_.push_back(static_cast<std::uint32_t>(++p - text.data()));
  if (std::all_of(text.begin(), text.end(), is_blank)) return no_document("it is empty or blank");
  if (const void* nul = std::memchr(text.data(), '\0', text.size()); nul != nullptr) {
    count_ = 1;
    return error(mark_at(text, 0, static_cast<const char*>(nul)), "a NUL byte (records are text)", true);
  }
  od::document doc;
  if (auto e = parser_.iterate(simdjson::padded_string_view(text.data(), text.size(), room)).get(doc); e) {
    count_ = 1;
    return error(Mark{1, 1}, reason_of(e), true);
  }
  od::json_type type;
  const bool is_array = doc.type().get(type) == simdjson::SUCCESS && type == od::json_type::array;
  if (!is_array) {
    ++count_;
    WalkStop stop;
    if (!walk_top(doc, text, stop))
      return error(mark_at(text, 0, stop.where), stop.reason.empty() ? reason_of(stop.error) : stop.reason, true);
    return read_events(text, 0);
  }
  // An array of records: each element is a document of its own.
  od::array records;
  if (auto e = doc.get_array().get(records); e) {
    count_ = 1;
    return error(Mark{1, 1}, reason_of(e), true);
  }
  const char* end = text.data() + text.size();
  for (auto element : records) {
    ++count_;
    od::value v;
    if (auto e = element.get(v); e) return error(mark_at(text, 0, end), reason_of(e), true);
    events_.clear();
    Walker walk(events_, doc, text.data(), end, limits_);
    const char* at = v.raw_json_token().data();
    events_.emplace_back(nullptr, 0, walk.offset(at), walk.offset(at), YAML_DOCUMENT_START_EVENT, false);
    if (!walk.value(v, 0) && walk.stop().error != simdjson::SUCCESS) {
      const WalkStop& stop = walk.stop();
      return error(mark_at(text, 0, stop.where), stop.reason.empty() ? reason_of(stop.error) : stop.reason, true);
    }
    events_.emplace_back(nullptr, 0, walk.offset(at), walk.offset(at), YAML_DOCUMENT_END_EVENT, false);
    read_events(text, 0);
  }
  if (!at_end(doc)) {
    const char* next = end;
    if (doc.current_location().get(next) != simdjson::SUCCESS) next = end;
    ++count_;
    return error(mark_at(text, 0, next), "broken JSON: more text after the list of records", true);
  }
  if (count_ == 0) no_document("an empty list");
}

}  // namespace

static_assert(kJsonPadding >= simdjson::SIMDJSON_PADDING);

// The document a line or an element reads to is caught here from the sink Documents gives it to.
struct JsonDocumentReader::Impl {
  Impl(const std::string& name, const ReadLimits& limits)
      : keep([this](ReadItem&& item) { out = std::move(item); }), docs(name, keep, limits) {}
  std::optional<ReadItem> out;
  RecordSink keep;
  Documents docs;
  simdjson::dom::parser strict;  // made ready only when an element's fault is checked

  // Whether the element's own text, from where it begins, is one whole JSON value.
  bool well_formed(const FoundDocument& element) {
    const std::string_view own = element.text.substr(element.begin);
    simdjson::dom::element value;
    return strict.parse(own.data(), own.size(), true).get(value) == simdjson::SUCCESS;
  }
};

JsonDocumentReader::JsonDocumentReader(const std::string& name, const ReadLimits& limits)
    : impl_(std::make_unique<Impl>(name, limits)) {}
JsonDocumentReader::~JsonDocumentReader() = default;

ReadItem JsonDocumentReader::read_line(const FoundDocument& line) {
  impl_->out.reset();
  impl_->docs.line(line);
  return std::move(*impl_->out);  // every line reads to one item: a record, a match or an error
}

std::optional<ReadItem> JsonDocumentReader::read_element(const FoundDocument& element) {
  impl_->out.reset();
  if (!impl_->docs.element(element)) return std::nullopt;
  // On-Demand checks the JSON only as far as the walk asks, so an element whose brackets are
  // mismatched (a key inside a list, say) can walk into a fault of the schema where the parse
  // of the whole file stops at the broken JSON. A fault is therefore held to a full parse of
  // the element alone, off the path of the elements that read: when the element is no JSON
  // by itself, the file's own parse reads it, in file order, and names what it finds.
  if (impl_->out && impl_->out->error && !impl_->well_formed(element)) return std::nullopt;
  return std::move(impl_->out);
}

namespace {

void file_too_large(std::size_t size, const std::string& name, const RecordSink& sink, const ReadLimits& limits) {
  RecordError err;
  err.file = name;
  err.message = name + ": file is " + std::to_string(size) + " bytes, more than max_file_bytes (" +
                std::to_string(limits.max_file_bytes) + ")";
  err.ends_file = true;
  sink(ReadItem{std::nullopt, std::move(err), std::nullopt});
}

}  // namespace

void read_json_text(std::string_view text, const std::string& name, const RecordSink& sink, const ReadLimits& limits) {
  if (text.size() > limits.max_file_bytes) return file_too_large(text.size(), name, sink, limits);
  const simdjson::padded_string padded(text);
  read_json_padded(std::string_view(padded.data(), padded.size()), padded.size() + simdjson::SIMDJSON_PADDING, name,
                   sink, limits);
}

void read_json_padded(std::string_view text, std::size_t room, const std::string& name, const RecordSink& sink,
                      const ReadLimits& limits) {
  if (text.size() > limits.max_file_bytes) return file_too_large(text.size(), name, sink, limits);
  Documents docs(name, sink, limits);
  docs.whole(text, room);
}

}  // namespace conquian::record
