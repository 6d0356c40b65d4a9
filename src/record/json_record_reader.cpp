// Game records from JSON: simdjson's On-Demand parser is stepped value by value as the
// record schema (record_schema.h) reads, so that a record is built straight from the parser's
// views, with the same keys, values, error codes and messages as YAML's.
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
//   - JsonStream hands the schema one node at a time (a key, a value, the start or end of a
//     mapping or list), stepping On-Demand's iterators, kept on a stack of open containers.
//     A JSON error anywhere in a document is its error, before any fault of the schema: when
//     the schema refuses a node, the stream walks the rest of the document as the schema
//     would have (finish()), and a JSON error there is the document's error instead. The walk
//     stops, as the schema does, past max_depth and past max_moves + 1 entries of one list,
//     so that hostile nesting and lists cost no more than their limit. JSON strings are
//     quoted scalars, numbers, true, false and null plain ones (so a seat written "0" is
//     refused as quoted, as in YAML); a string holding U+0000 is refused.
#include "record/json_record_reader.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "record/json_lines.h"
#include "record/record_schema.h"

namespace conquian::record {
namespace {

namespace od = simdjson::ondemand;
using detail::DocFailure;
using detail::Node;

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

// A JSON error that stops a document's walk, at `where`: thrown by the stream, it is the
// document's error whatever the schema found.
struct JsonStop {
  simdjson::error_code error = simdjson::SUCCESS;
  const char* where = nullptr;
  std::string reason;  // when not simdjson's (a NUL in a string, text after the record)
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

// One document of JSON as the schema reads it: the front end of record_schema.h over
// simdjson's On-Demand parser. Each advance() steps the parser to the next node, whose text
// is a view of the file's (or of the parser's unescaped copy, for a string with escapes).
// Places are byte offsets into the text the document was cut from.
class JsonStream : public detail::SchemaPath {
 public:
  using Place = std::uint32_t;

  JsonStream(const std::string& name, const ReadLimits& limits)
      : SchemaPath(name), limits_(limits), longest_(std::max(limits.max_moves, limits.max_cards_per_list)) {
    // Room for the containers a record opens (a few); more only under a deeper limit.
    frames_.reserve(std::min<std::size_t>(limits.max_depth, 30) + 2);
  }

  // The text a document lies in (its places count from its start), the file's line it starts
  // on (0-based) and the offsets of its lines after the first (empty: the text is one line).
  void set_text(std::string_view text, std::uint32_t line_base, const std::vector<std::uint32_t>& line_starts) {
    base_ = text.data();
    end_ = text.data() + text.size();
    line_base_ = line_base;
    line_starts_ = &line_starts;
  }
  // A document: the whole of `doc` (its first node starts at its first byte that is not
  // blank; more text after it is a JSON error).
  void start_document(od::document& doc) {
    const char* at = base_;
    while (at < end_ && is_blank(*at)) ++at;
    begin(doc, Top::Document, at, end_);
  }
  // A document: the object `o` of `doc` that starts at `at`, an element of a `.json` file's array.
  void start_object(od::document& doc, od::object o, const char* at) {
    top_object_ = o;
    begin(doc, Top::Object, at, at);
  }
  // A document: the value `v` of `doc`, an element of a `.json` file's array read whole.
  void start_value(od::document& doc, od::value v) {
    top_value_ = v;
    const char* at = v.raw_json_token().data();
    begin(doc, Top::Value, at, at);
  }

  // ---- the schema's front end (record_schema.h) ----
  [[gnu::always_inline]] void advance() {
    switch (next_) {
      case Next::Body: step(); break;
      case Next::Start:
        set(Node::DocumentStart, doc_at_, doc_at_);
        next_ = Next::Top;
        return;
      case Next::Top: top(); break;
      case Next::End: end(); return;
      case Next::Ended: set(Node::DocumentEnd, doc_end_, doc_end_); return;
    }
    // The limits the schema holds every node to, as YAML's event stream does.
    if (node_ == Node::Scalar) {
      if (length_ > limits_.max_scalar_bytes)
        fail_limit("a scalar of " + std::to_string(length_) + " bytes is longer than max_scalar_bytes (" +
                   std::to_string(limits_.max_scalar_bytes) + ")");
    } else if ((node_ == Node::MappingStart || node_ == Node::ListStart) && frames_.size() > limits_.max_depth) {
      fail_at(start_, "nested more than " + std::to_string(limits_.max_depth) + " levels deep (max_depth)", true);
    }
  }
  Node node() const { return node_; }
  bool is_scalar() const { return node_ == Node::Scalar; }
  bool is_plain() const { return node_ == Node::Scalar && !quoted_; }
  std::string_view scalar_view() const { return {value_, length_}; }
  bool is_null() const { return is_plain() && detail::is_null_text(scalar_view()); }
  const char* found() const {
    switch (node_) {
      case Node::MappingStart: return "a mapping";
      case Node::ListStart: return "a list";
      case Node::Scalar: return is_null() ? "nothing" : "a scalar";
      default: return "something else";
    }
  }
  Place start_mark() const { return start_; }
  Place end_mark() const { return end_at_; }
  Mark mark_of(Place p) const {
    if (line_starts_->empty()) return Mark{line_base_ + 1, p + 1};  // a JSON line: the offset is the column
    // The last line that starts at or before the place (line 0 starts at 0).
    const auto after = std::upper_bound(line_starts_->begin(), line_starts_->end(), p);
    return Mark{line_base_ + static_cast<std::uint32_t>(after - line_starts_->begin()) + 1,
                p - (after == line_starts_->begin() ? 0 : *(after - 1)) + 1};
  }
  std::size_t column_of(Place p) const { return mark_of(p).column - 1; }
  std::string_view text_between(Place from, Place to) const {
    const std::string_view text(base_, static_cast<std::size_t>(end_ - base_));
    const std::size_t a = std::min<std::size_t>(from, text.size());
    return text.substr(a, std::max<std::size_t>(to, a) - a);
  }
  [[noreturn]] void fail_at(Place p, const std::string& reason, bool resync = false) {
    const Mark mark = mark_of(p);
    throw DocFailure{mark, located(mark, reason), resync};
  }
  [[noreturn]] void fail_here(const std::string& reason) { fail_at(start_, reason); }
  [[noreturn]] void fail_limit(const std::string& reason) { fail_at(start_, reason, true); }
  const ReadLimits& limits() const { return limits_; }

  // On a list's start: its entries that are strings with no escape, of at most
  // kMaxTokenBytes, each a token as token_value() makes it, stepping the parser as step()
  // does but with no node for each (a record is mostly such lists). Stops before the first
  // entry that is anything else, or before entry `max`: that entry is then the next node.
  detail::schema::PlainTokens plain_tokens(TokenList& out, std::size_t max) {
    Frame& f = frames_.back();
    for (std::size_t n = 0;; ++n) {
      if (n >= max) return {n, false};
      if (f.begun) {
        if (f.count + 1 > longest_) return {n, false};  // step() stops the list there
        ++f.count;
        ++f.elements;
      } else {
        f.begun = true;
      }
      if (!(f.elements != f.elements)) {
        close(Node::ListEnd);
        return {n, true};
      }
      od::value v;
      if (auto e = (*f.elements).get(v); e) stop(e, end_);
      // As value() does: the value's type first, which refuses what is no value (the token's
      // extent is then not to be trusted), and only a string's text is looked at.
      const std::string_view raw = v.raw_json_token();
      od::json_type type;
      if (auto e = v.type().get(type); e) stop(e, raw.data());
      const std::string_view plain = type == od::json_type::string ? unescaped_as_written(raw) : std::string_view{};
      if (plain.data() == nullptr || plain.size() > kMaxTokenBytes) {
        pending_ = v;  // step() gives it as the next node
        has_pending_ = true;
        return {n, false};
      }
      out.push_back(Token{TokenText(plain), mark_of(offset(raw.data()))});
    }
  }

  // On a mapping's start, or after the schema read the value of one of its fields: the fields
  // that follow, read as record_schema.h's ReadsPlainFields says, stepping the parser as
  // step() does but with no node for each (a move is mostly such fields). A field whose key
  // or value is anything else, or that `take` does not take, is given as step() gives it: its
  // key is the current node. True at the mapping's end, which is then the current node.
  template <std::size_t N, typename Take>
  bool plain_fields(const std::string_view (&keys)[N], unsigned& seen, Take&& take) {
    Frame& f = frames_.back();
    for (;;) {
      if (f.begun) ++f.fields;
      else f.begun = true;
      if (!(f.fields != f.fields)) {
        close(Node::MappingEnd);
        return true;
      }
      od::field field;
      if (auto e = (*f.fields).get(field); e) stop(e, end_);
      const char* key_at = field.key().raw() - 1;  // the opening quote
      const std::string_view key = key_as_written(key_at);
      if (const int k = plain_key(keys, key, seen); k >= 0 && take_value(field.value(), k, take)) {
        seen |= detail::schema::bit(k);
        continue;
      }
      give_field(field, key_at, key);
      return false;
    }
  }

  // After the schema refused a node: the rest of the document walked as the schema would have
  // walked it, so that a JSON error past the node is the document's error (thrown).
  void finish() {
    while (next_ != Next::Ended) {
      switch (next_) {
        case Next::Body: step(); break;
        case Next::Start: next_ = Next::Top; break;
        case Next::Top: top(); break;
        case Next::End: end(); break;
        case Next::Ended: break;
      }
    }
  }

 private:
  enum class Top : std::uint8_t { Document, Object, Value };
  enum class Next : std::uint8_t { Start, Top, Body, End, Ended };
  // An open mapping or list: its iterator, where it starts, and its entries so far.
  struct Frame {
    od::object_iterator fields;
    od::array_iterator elements;
    const char* at = nullptr;
    std::size_t count = 0;
    bool object = false;
    bool begun = false;
  };

  void begin(od::document& doc, Top top, const char* at, const char* doc_end) {
    doc_ = &doc;
    top_ = top;
    doc_at_ = at;
    doc_end_ = doc_end;
    next_ = Next::Start;
    frames_.clear();
    has_pending_ = false;
    top_scalar_ = false;
  }
  Place offset(const char* p) const { return static_cast<Place>(p - base_); }
  void set(Node node, const char* at, const char* end, std::string_view text = {}, bool quoted = false) {
    node_ = node;
    start_ = offset(at);
    end_at_ = offset(end);
    value_ = text.data();
    length_ = text.size();
    quoted_ = quoted;
  }
  [[noreturn]] void stop(simdjson::error_code e, const char* where, std::string reason = {}) {
    throw JsonStop{e, where, std::move(reason)};
  }
  // A limit reached (max_depth, or a list past the longest the schema takes): the document's
  // nodes end here, and the schema refuses the node it stopped at.
  void limit_reached() { next_ = Next::Ended; }

  // The next node inside the open containers.
  [[gnu::always_inline]] void step() {
    if (has_pending_) {  // a key was the last node: its value
      has_pending_ = false;
      return value(pending_);
    }
    Frame& f = frames_.back();
    if (f.object) {
      if (f.begun) ++f.fields;
      else f.begun = true;
      if (!(f.fields != f.fields)) return close(Node::MappingEnd);
      od::field field;
      if (auto e = (*f.fields).get(field); e) stop(e, end_);
      const char* key_at = field.key().raw() - 1;  // the opening quote
      return give_field(field, key_at, key_as_written(key_at));
    }
    if (f.begun) {
      if (++f.count > longest_) {  // the schema refused an entry before this one
        limit_reached();
        return set(Node::DocumentEnd, doc_end_, doc_end_);
      }
      ++f.elements;
    } else {
      f.begun = true;
    }
    if (!(f.elements != f.elements)) return close(Node::ListEnd);
    od::value v;
    if (auto e = (*f.elements).get(v); e) stop(e, end_);
    value(v);
  }

  // A field's key as the next node, and its value as the one after. `key` is the key as
  // written, or no text when it has an escape (simdjson's unescaped copy is then the node's).
  [[gnu::always_inline]] void give_field(od::field& field, const char* key_at, std::string_view key) {
    const bool unescaped = key.data() == nullptr;
    if (unescaped)
      if (auto e = field.unescaped_key().get(key); e) stop(e, key_at);
    string(key, key_at, unescaped);
    pending_ = field.value();
    has_pending_ = true;
  }

  // The node of a value inside the open containers (one more deep when it is one itself).
  [[gnu::always_inline]] void value(od::value v) {
    std::string_view raw = v.raw_json_token();
    const char* at = raw.data();
    od::json_type type;
    if (auto e = v.type().get(type); e) stop(e, at);
    switch (type) {
      case od::json_type::object: {
        od::object o;
        if (auto e = v.get_object().get(o); e) stop(e, at);
        return open(o, at);
      }
      case od::json_type::array: {
        od::array a;
        if (auto e = v.get_array().get(a); e) stop(e, at);
        return open(a, at);
      }
      case od::json_type::string: {
        // Most strings (card tokens) have no escape: their text is the file's, between the quotes.
        if (const std::string_view plain = unescaped_as_written(raw); plain.data() != nullptr)
          return string(plain, at, false);
        std::string_view s;
        if (auto e = v.get_string().get(s); e) stop(e, at);
        return string(s, at, true);
      }
      case od::json_type::number: {
        while (!raw.empty() && is_blank(raw.back())) raw.remove_suffix(1);
        double d;
        if (auto e = v.get_double().get(d); e) stop(e, at);
        return set(Node::Scalar, at, at + raw.size(), raw);
      }
      case od::json_type::boolean: {
        bool b;
        if (auto e = v.get_bool().get(b); e) stop(e, at);
        return set(Node::Scalar, at, at + (b ? 4 : 5), b ? "true" : "false");
      }
      case od::json_type::null: {
        bool null = false;
        if (auto e = v.is_null().get(null); e || !null) stop(e ? e : simdjson::N_ATOM_ERROR, at);
        return set(Node::Scalar, at, at + 4, "null");
      }
    }
    stop(simdjson::TAPE_ERROR, at);
  }
  // `unescaped`: simdjson unescaped it, so it may hold a U+0000 that no raw byte showed (a
  // string as written cannot: the document was refused for a NUL byte before its walk).
  [[gnu::always_inline]] void string(std::string_view s, const char* at, bool unescaped) {
    if (unescaped && std::memchr(s.data(), '\0', s.size()) != nullptr)
      stop(simdjson::STRING_ERROR, at, "a string holds the character U+0000 (NUL), which no record holds");
    // The token's end is past its closing quote; only error messages and inline rulesets use
    // ends, and a string is neither, so its start stands for both.
    set(Node::Scalar, at, at + 1, s, true);
  }
  template <typename Container>
  void open(Container c, const char* at) {
    Frame& f = frames_.emplace_back();
    f.at = at;
    if constexpr (std::is_same_v<Container, od::object>) {
      f.object = true;
      f.fields = c.begin().value_unsafe();
      set(Node::MappingStart, at, at + 1);
    } else {
      f.elements = c.begin().value_unsafe();
      set(Node::ListStart, at, at + 1);
    }
    next_ = Next::Body;
    if (frames_.size() > limits_.max_depth) limit_reached();  // the schema refuses this node
  }
  // The end of the innermost container, just read.
  void close(Node node) {
    const char* at = frames_.back().at;
    // Past the closing bracket: the next token's place, less the blanks before it.
    const char* close = end_;
    const char* next = nullptr;
    if (doc_->current_location().get(next) == simdjson::SUCCESS && next >= base_ && next <= end_) close = next;
    while (close > base_ && is_blank(close[-1])) --close;
    set(node, close > at ? close - 1 : at, close);
    frames_.pop_back();
    if (frames_.empty()) next_ = Next::End;
  }
  // The top value of the document.
  void top() {
    switch (top_) {
      case Top::Object: return open(top_object_, doc_at_);
      case Top::Value:
        value(top_value_);
        if (frames_.empty()) next_ = Next::End;  // a scalar
        return;
      case Top::Document: break;
    }
    od::document& doc = *doc_;
    const char* at = doc_at_;
    od::json_type type;
    if (auto e = doc.type().get(type); e) stop(e, at);
    if (type == od::json_type::object) {
      od::object o;
      if (auto e = doc.get_object().get(o); e) stop(e, at);
      return open(o, at);
    }
    if (type == od::json_type::array) {
      od::array a;
      if (auto e = doc.get_array().get(a); e) stop(e, at);
      return open(a, at);
    }
    // A scalar is no record; the schema says so ("empty document" for null).
    std::string_view raw;
    if (doc.raw_json_token().get(raw) != simdjson::SUCCESS) raw = {at, static_cast<std::size_t>(end_ - at)};
    while (!raw.empty() && is_blank(raw.back())) raw.remove_suffix(1);
    const bool quoted = type == od::json_type::string;
    if (quoted && raw.size() >= 2) raw = raw.substr(1, raw.size() - 2);
    set(Node::Scalar, at, at, raw, quoted);
    top_scalar_ = true;
    next_ = Next::End;
  }
  // Past the top value: a whole document has nothing after it but blanks.
  void end() {
    if (top_ == Top::Document && !top_scalar_ && !at_end(*doc_)) {
      const char* next = end_;
      if (doc_->current_location().get(next) != simdjson::SUCCESS) next = end_;
      stop(simdjson::TAPE_ERROR, next, "broken JSON: more text after the record");
    }
    set(Node::DocumentEnd, doc_end_, doc_end_);
    next_ = Next::Ended;
  }
  // The index of `key` (as written, with no escape) among `keys` when it is one not yet seen,
  // else -1 (the schema's key_index then says what is wrong with it).
  template <std::size_t N>
  static int plain_key(const std::string_view (&keys)[N], std::string_view key, unsigned seen) {
    if (key.empty()) return -1;  // no text: an escape; or the empty key, which no mapping has
    for (std::size_t i = 0; i < N; ++i)
      if (keys[i][0] == key[0] && detail::schema::same_text(keys[i], key))
        return (seen & detail::schema::bit(static_cast<int>(i))) != 0 ? -1 : static_cast<int>(i);
    return -1;
  }
  // A field's value given to `take` when it is a string written with no escape of at most
  // kMaxTokenBytes, or a number (its text as written); whether `take` took it. As value()
  // does: the type first, which refuses what is no value; a number's text is only looked at
  // (`take` takes nothing but plain decimal digits, which are a number as JSON writes one).
  template <typename Take>
  bool take_value(od::value v, int k, Take& take) {
    std::string_view raw = v.raw_json_token();
    od::json_type type;
    if (auto e = v.type().get(type); e) stop(e, raw.data());
    const Place place = offset(raw.data());
    if (type == od::json_type::string) {
      const std::string_view plain = unescaped_as_written(raw);
      return plain.data() != nullptr && plain.size() <= kMaxTokenBytes && plain.size() <= limits_.max_scalar_bytes &&
             take(k, plain, true, place);
    }
    if (type != od::json_type::number) return false;
    while (!raw.empty() && is_blank(raw.back())) raw.remove_suffix(1);
    return raw.size() <= limits_.max_scalar_bytes && take(k, raw, false, place);
  }
  // A key as written, from its opening quote, within the document's text.
  std::string_view key_as_written(const char* quote) const {
    const char* from = quote + 1;
    for (const char* p = from; p < end_; ++p) {
      if (*p == '\\') return {};
      if (*p == '"') return {from, static_cast<std::size_t>(p - from)};
    }
    return {};
  }

  const ReadLimits& limits_;
  const std::size_t longest_;  // the longest list the schema reads to its end
  const char* base_ = nullptr;
  const char* end_ = nullptr;
  std::uint32_t line_base_ = 0;
  const std::vector<std::uint32_t>* line_starts_ = nullptr;
  od::document* doc_ = nullptr;
  Top top_ = Top::Document;
  od::object top_object_;
  od::value top_value_;
  const char* doc_at_ = nullptr;   // where DOCUMENT-START stands
  const char* doc_end_ = nullptr;  // where DOCUMENT-END stands
  Next next_ = Next::Start;
  std::vector<Frame> frames_;
  od::value pending_;  // the value of the key just handed over
  bool has_pending_ = false;
  bool top_scalar_ = false;
  // The current node.
  Node node_ = Node::Other;
  bool quoted_ = false;
  Place start_ = 0;
  Place end_at_ = 0;
  const char* value_ = nullptr;
  std::size_t length_ = 0;
};

// The documents of one file: each read by the schema through the stream.
class Documents {
 public:
  Documents(const std::string& name, const RecordSink& sink, const ReadLimits& limits)
      : name_(name), sink_(sink), limits_(limits), in_(name, limits) {}

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
  // Reads the document the stream was started on against the schema, and gives its item;
  // a JSON error in it is given to the caller instead (nothing given).
  std::optional<JsonStop> read();
  void json_error(std::string_view text, std::uint32_t line_base, const JsonStop& stop, bool fatal) {
    error(mark_at(text, line_base, stop.where), stop.reason.empty() ? reason_of(stop.error) : stop.reason, fatal);
  }
  Mark mark_at(std::string_view text, std::uint32_t line_base, const char* at) const;

  const std::string& name_;
  const RecordSink& sink_;
  const ReadLimits& limits_;
  od::parser parser_;
  JsonStream in_;
  detail::SchemaScratch scratch_;
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

std::optional<JsonStop> Documents::read() {
  in_.clear_path();
  GameRecord doc;
  doc.file = name_;
  doc.index = count_;
  MatchHeader header;  // its file is set when the document is one: a copy of the name per line is no small cost
  header.index = count_;
  bool is_match = false;
  try {
    try {
      in_.advance();  // DOCUMENT-START
      doc.mark = in_.mark_of(in_.start_mark());
      detail::read_document(in_, doc, header, is_match, scratch_);
    } catch (DocFailure& f) {
      in_.finish();  // a JSON error past the schema's fault is the document's error
      RecordError err;
      err.file = name_;
      err.index = count_;
      err.id = doc.id.empty() ? header.id : doc.id;
      err.mark = f.mark;
      err.message = std::move(f.message);
      sink_(ReadItem{std::nullopt, std::move(err), std::nullopt});
      return std::nullopt;
    }
  } catch (JsonStop& stop) { return std::move(stop); }
  if (is_match) {
    header.file = name_;
    sink_(ReadItem{std::nullopt, std::nullopt, std::move(header)});
  } else sink_(ReadItem{std::move(doc), std::nullopt, std::nullopt});
  return std::nullopt;
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
  in_.set_text(text, line, line_starts_);
  in_.start_document(doc);
  if (const auto stop = read()) json_error(text, line, *stop, false);
}

// An element of the array, read over the element's own text (from the start of its first
// line, so that marks count columns from there), as whole() reads it.
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
  in_.set_text(text, found.line, line_starts_);
  in_.start_object(doc, o, at);
  return !read();
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
  in_.set_text(text, 0, line_starts_);
  od::json_type type;
  const bool is_array = doc.type().get(type) == simdjson::SUCCESS && type == od::json_type::array;
  if (!is_array) {
    ++count_;
    in_.start_document(doc);
    if (const auto stop = read()) json_error(text, 0, *stop, true);
    return;
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
    in_.start_value(doc, v);
    if (const auto stop = read()) return json_error(text, 0, *stop, true);
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
