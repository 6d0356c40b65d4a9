// Game records from YAML, walking libyaml's event stream against the fixed record schema.
//
// Shape of the reader:
//   - The whole file is read into memory first (bounded by max_file_bytes), and checked for
//     bytes libyaml would refuse (text_scan.h); libyaml only ever sees the clean lines
//     before the first bad one, so its read-ahead cannot blame the wrong document.
//   - Each document is parsed by recursive descent over events. A schema error throws
//     DocFailure; the reader then skips the document's remaining events and goes on.
//   - A limit breach (max_depth, max_moves, max_cards_per_list, max_scalar_bytes) also
//     throws, but then the rest of the document is not given to libyaml: libyaml is
//     quadratic in flow nesting depth (each token rescans the stack of possible simple
//     keys), so skipping events through a 100,000-deep `[[[[...` would take minutes, and a
//     100 MB list takes seconds. Instead the parser is dropped and a new one started at the
//     next line that starts a document (`---` at column 0), which libyaml itself always
//     treats as a document start or an error ("resync"). Nesting past max_depth while
//     skipping after an ordinary error resyncs too.
//   - Broken YAML (a libyaml error) ends the file: one error for the document it broke in.
//     A break in the first document makes the whole file unreadable (index 0).
#include "record/record_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "cards/deck.h"
#include "record/text_scan.h"

namespace conquian::record {
namespace {

constexpr std::string_view kFormat = "conquian-record/1";

constexpr std::string_view kRecordKeys[] = {"format", "ruleset", "id",    "players",
                                            "dealer", "deal",    "moves", "result"};
enum RecordKey { kFormatKey, kRuleset, kId, kPlayers, kDealer, kDeal, kMoves, kResult };

constexpr std::string_view kDealKeys[] = {"hands", "stock", "salt", "commitment"};
enum DealKey { kHands, kStock, kSalt, kCommitment };

constexpr std::string_view kMoveKeys[] = {"seat",  "swap",  "turn", "take",    "pass", "force",
                                          "throw", "melds", "lay",  "discard", "onto"};
enum MoveKey { kSeat, kSwap, kTurn, kTake, kPass, kForce, kThrow, kMelds, kLay, kDiscard, kOnto };
constexpr unsigned bit(int k) { return 1u << k; }
constexpr unsigned kActionBits =
    bit(kSwap) | bit(kTurn) | bit(kTake) | bit(kPass) | bit(kForce) | bit(kThrow);

constexpr std::string_view kResultKeys[] = {"winner", "draw"};
enum ResultKey { kWinner, kDraw };

std::uint32_t clamp32(std::size_t v) {
  return v > std::numeric_limits<std::uint32_t>::max() ? std::numeric_limits<std::uint32_t>::max()
                                                        : static_cast<std::uint32_t>(v);
}

// A scalar as shown in a message: at most 32 characters, control characters as '?'.
std::string shown(std::string_view v) {
  constexpr std::size_t kShow = 32;
  std::string out;
  std::size_t chars = 0;
  std::size_t i = 0;
  for (; i < v.size(); ++i) {
    const auto c = static_cast<unsigned char>(v[i]);
    const bool lead = (c & 0xC0) != 0x80;
    if (lead && chars == kShow) break;
    if (lead) ++chars;
    out += (c < 0x20 || c == 0x7F) ? '?' : static_cast<char>(c);
  }
  if (i < v.size()) out += "...";
  return "'" + out + "'";
}

template <std::size_t N>
std::string key_list(const std::string_view (&keys)[N]) {
  std::string s;
  for (std::size_t i = 0; i < N; ++i) {
    if (i != 0) s += ", ";
    s += keys[i];
  }
  return s;
}

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

class Reader {
 public:
  Reader(std::string_view text, const std::string& name, const RecordSink& sink,
         const ReadLimits& limits)
      : text_(text), name_(name), sink_(sink), limits_(limits) {
    path_.reserve(16);
  }

  void run();

 private:
  enum class SegmentEnd { Done, Resync, Broken };

  // ---- emitting (holds one item back when a bad character cut the text short) ----
  void emit(ReadItem&& item);
  void flush();
  void emit_fatal(int index, Mark mark, std::string message);

  // ---- segments: one libyaml parser over text_[begin, end) ----
  SegmentEnd parse_segment(std::size_t begin, std::size_t end);
  std::string syntax_message(Mark& mark);

  // ---- events ----
  void advance();
  std::string_view scalar_view() const {
    return {reinterpret_cast<const char*>(ev_.data.scalar.value), ev_.data.scalar.length};
  }
  bool is_scalar() const { return ev_.type == YAML_SCALAR_EVENT; }
  bool is_null() const;
  const char* found() const;
  Mark mark_of(const yaml_mark_t& m) const {
    return Mark{clamp32(m.line + 1 + line_base_), clamp32(m.column + 1)};
  }

  // ---- errors ----
  std::string path_text() const;
  std::string located(Mark mark, const std::string& reason) const;
  [[noreturn]] void fail_at(const yaml_mark_t& m, const std::string& reason, bool resync = false);
  [[noreturn]] void fail_here(const std::string& reason) { fail_at(ev_.start_mark, reason); }
  // A limit breach is hostile input: rather than have libyaml parse the rest of a huge list,
  // drop the document and restart at the next document marker (see the top of the file).
  [[noreturn]] void fail_limit(const std::string& reason) { fail_at(ev_.start_mark, reason, true); }

  // ---- schema ----
  void parse_document(GameRecord& g);
  template <std::size_t N>
  int key_index(const std::string_view (&keys)[N], const char* what, unsigned& seen);
  // Reads the mapping whose start event is current, up to its end: `on_key(k)` reads the
  // value of keys[k], with the key on the error path. Returns the keys seen (bit k: keys[k]).
  template <std::size_t N, typename OnKey>
  unsigned read_mapping(const std::string_view (&keys)[N], const char* what, OnKey&& on_key) {
    unsigned seen = 0;
    for (;;) {
      advance();
      if (ev_.type == YAML_MAPPING_END_EVENT) return seen;
      const int k = key_index(keys, what, seen);
      path_.push_back({keys[k].data(), 0});
      on_key(k);
      path_.pop_back();
    }
  }
  void parse_deal(GameRecord& g);
  void parse_moves(std::vector<RecordMove>& moves);
  void parse_move(RecordMove& m);
  void parse_result(RecordResult& r);
  void parse_players(std::vector<std::string>& players);
  std::string text_value(const char* expected);
  int seat_value();
  Token token_value();
  void token_list(TokenList& out, const char* expected);
  void token_list_into(TokenList& out, const char* expected);
  void token_lists(std::vector<TokenList>& out, const char* expected);
  void skip_to_document_end();

  std::string_view text_;
  const std::string& name_;
  const RecordSink& sink_;
  const ReadLimits& limits_;

  yaml_parser_t parser_{};
  yaml_event_t ev_{};
  bool has_ev_ = false;
  std::uint32_t line_base_ = 0;  // lines before the current segment
  std::size_t depth_ = 0;
  bool skipping_ = false;
  std::vector<PathStep> path_;

  int doc_count_ = 0;      // documents started so far
  bool in_doc_ = false;    // a document started and not yet emitted
  std::string doc_id_;     // its id, once read
  Mark resync_mark_;       // where the nesting went too deep
  std::size_t segment_begin_ = 0;
  std::size_t segment_end_ = 0;
  Mark broken_mark_;       // where libyaml gave up, and why
  std::string broken_message_;
  int broken_index_ = 0;

  TokenList token_scratch_;                // reused buffers (see token_list_into)
  std::vector<RecordMove> move_scratch_;
  bool hold_ = false;      // keep the last item back (see emit)
  std::optional<ReadItem> pending_;
};

// ---------------------------------------------------------------------------------------
// Emitting

void Reader::emit(ReadItem&& item) {
  if (!hold_) {
    sink_(std::move(item));
    return;
  }
  flush();
  pending_ = std::move(item);
}

void Reader::flush() {
  if (pending_) {
    ReadItem item = std::move(*pending_);
    pending_.reset();
    sink_(std::move(item));
  }
}

// An error that ends the file, for document `index`: replaces that document's held-back
// item if there is one. A break in the first document makes the whole file unreadable.
void Reader::emit_fatal(int index, Mark mark, std::string message) {
  RecordError err;
  err.file = name_;
  err.index = index <= 1 ? 0 : index;
  err.mark = mark;
  err.message = std::move(message);
  if (pending_) {
    const int held = pending_->record ? pending_->record->index : pending_->error->index;
    if (held == index) {
      err.id = pending_->record ? pending_->record->id : pending_->error->id;
      pending_.reset();
    }
  }
  if (in_doc_ && index == doc_count_ && err.id.empty()) err.id = doc_id_;
  flush();
  hold_ = false;
  sink_(ReadItem{std::nullopt, std::move(err)});
}

// ---------------------------------------------------------------------------------------
// The file

void Reader::run() {
  if (text_.size() > limits_.max_file_bytes) {
    emit_fatal(0, Mark{},
               name_ + ": file is " + std::to_string(text_.size()) + " bytes, more than max_file_bytes (" +
                   std::to_string(limits_.max_file_bytes) + ")");
    return;
  }
  const detail::TextProblem bad = detail::find_text_problem(text_);
  hold_ = bad.found;
  const std::size_t end = bad.found ? bad.line_start : text_.size();
  std::size_t begin = 0;
  line_base_ = 0;
  for (;;) {
    const SegmentEnd how = parse_segment(begin, end);
    if (how == SegmentEnd::Resync) {
      std::size_t next = 0;
      std::uint32_t next_line = 0;
      // resync_mark_ is 1-based; find_document_start wants 0-based lines.
      if (!detail::find_document_start(text_, begin, line_base_, resync_mark_.line - 1, end, next,
                                       next_line))
        break;
      begin = next;
      line_base_ = next_line;
      continue;
    }
    if (how == SegmentEnd::Broken) {
      // A break at the cut before a bad character is the cut's doing: report the character.
      if (bad.found && broken_mark_.line >= bad.line + 1) {
        const Mark mark{bad.line + 1, bad.column + 1};
        path_.clear();
        emit_fatal(broken_index_, mark, located(mark, bad.what) + "; the rest of the file is not read");
      } else {
        emit_fatal(broken_index_, broken_mark_, std::move(broken_message_));
      }
      in_doc_ = false;
      return;
    }
    break;
  }
  if (bad.found) {
    // The bad line belongs to the last document, unless it starts a new one.
    const bool new_doc = doc_count_ == 0 || detail::is_document_marker(text_, bad.line_start);
    const Mark mark{bad.line + 1, bad.column + 1};
    emit_fatal(new_doc ? doc_count_ + 1 : doc_count_, mark,
               located(mark, bad.what) + "; the rest of the file is not read");
    return;
  }
  // No document at all (empty, blank, or only comments): a pipeline that wrote nothing must
  // not pass for a valid file of zero games (specs/record-format.md). A lone `---` is a
  // document, an empty one, and fails the schema above.
  if (doc_count_ == 0) {
    emit_fatal(0, Mark{}, name_ + ": no game: the file holds no YAML document (it is empty or only comments)");
    return;
  }
  flush();
}

Reader::SegmentEnd Reader::parse_segment(std::size_t begin, std::size_t end) {
  segment_begin_ = begin;
  segment_end_ = end;
  if (yaml_parser_initialize(&parser_) == 0) {
    broken_mark_ = Mark{};
    broken_message_ = name_ + ": out of memory starting the YAML parser";
    broken_index_ = doc_count_ + 1;
    return SegmentEnd::Broken;
  }
  // Frees the parser and the last event however this function is left (the sink may throw).
  struct Cleanup {
    Reader& r;
    ~Cleanup() {
      if (r.has_ev_) {
        yaml_event_delete(&r.ev_);
        r.has_ev_ = false;
      }
      yaml_parser_delete(&r.parser_);
    }
  } cleanup{*this};
  yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text_.data() + begin),
                               end - begin);
  has_ev_ = false;
  depth_ = 0;
  skipping_ = false;
  SegmentEnd how = SegmentEnd::Done;
  try {
    advance();  // STREAM-START
    for (;;) {
      advance();
      if (ev_.type == YAML_STREAM_END_EVENT) break;
      // DOCUMENT-START (libyaml emits nothing else here)
      ++doc_count_;
      in_doc_ = true;
      doc_id_.clear();
      depth_ = 0;
      path_.clear();
      GameRecord g;
      g.file = name_;
      g.index = doc_count_;
      g.mark = mark_of(ev_.start_mark);
      std::optional<DocFailure> failure;
      try {
        parse_document(g);
      } catch (DocFailure& f) {
        failure = std::move(f);
      }
      if (!failure) {
        in_doc_ = false;
        emit(ReadItem{std::move(g), std::nullopt});
        continue;
      }
      if (failure->resync) {
        resync_mark_ = failure->mark;
      } else {
        try {
          skip_to_document_end();
        } catch (DocFailure& f) {  // too deep while skipping
          resync_mark_ = f.mark;
          failure->resync = true;
        }
      }
      RecordError err;
      err.file = name_;
      err.index = doc_count_;
      err.id = doc_id_;
      err.mark = failure->mark;
      err.message = std::move(failure->message);
      in_doc_ = false;
      emit(ReadItem{std::nullopt, std::move(err)});
      if (failure->resync) {
        how = SegmentEnd::Resync;
        break;
      }
    }
  } catch (SyntaxBreak&) {
    broken_message_ = syntax_message(broken_mark_);
    broken_index_ = in_doc_ ? doc_count_ : doc_count_ + 1;
    how = SegmentEnd::Broken;
  }
  return how;
}

std::string Reader::syntax_message(Mark& mark) {
  const yaml_parser_t& p = parser_;
  path_.clear();
  std::string reason;
  switch (p.error) {
    case YAML_MEMORY_ERROR:
      reason = "out of memory reading YAML";
      break;
    case YAML_READER_ERROR: {
      // Only a byte offset into the segment here; the text checks should have caught it.
      std::uint32_t line = 0, column = 0;
      detail::locate(text_, segment_begin_, line_base_,
                     segment_begin_ + std::min(segment_end_ - segment_begin_, p.problem_offset),
                     line, column);
      mark = Mark{line + 1, column + 1};
      reason = std::string("unreadable text: ") + (p.problem ? p.problem : "reader error");
      return located(mark, reason) + "; the rest of the file is not read";
    }
    default:
      reason = std::string("broken YAML: ") + (p.problem ? p.problem : "syntax error");
      if (p.context != nullptr) {
        const Mark cm = mark_of(p.context_mark);
        reason += " (" + std::string(p.context) + " at line " + std::to_string(cm.line) +
                  ", column " + std::to_string(cm.column) + ")";
      }
      break;
  }
  mark = mark_of(p.problem_mark);
  if (p.error == YAML_MEMORY_ERROR) mark = Mark{};
  return located(mark, reason) + "; the rest of the file is not read";
}

// ---------------------------------------------------------------------------------------
// Events

void Reader::advance() {
  if (has_ev_) {
    yaml_event_delete(&ev_);
    has_ev_ = false;
  }
  if (yaml_parser_parse(&parser_, &ev_) == 0) throw SyntaxBreak{};
  has_ev_ = true;
  switch (ev_.type) {
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT:
      if (++depth_ > limits_.max_depth)
        fail_at(ev_.start_mark,
                "nested more than " + std::to_string(limits_.max_depth) + " levels deep (max_depth)",
                true);
      break;
    case YAML_MAPPING_END_EVENT:
    case YAML_SEQUENCE_END_EVENT:
      --depth_;
      break;
    case YAML_SCALAR_EVENT:
      if (!skipping_ && ev_.data.scalar.length > limits_.max_scalar_bytes)
        fail_limit("a scalar of " + std::to_string(ev_.data.scalar.length) +
                  " bytes is longer than max_scalar_bytes (" +
                  std::to_string(limits_.max_scalar_bytes) + ")");
      break;
    case YAML_ALIAS_EVENT:
      if (!skipping_)
        fail_here("alias *" +
                  std::string(reinterpret_cast<const char*>(ev_.data.alias.anchor)).substr(0, 32) +
                  ": aliases are not allowed in records");
      break;
    default:
      break;
  }
}

bool Reader::is_null() const {
  if (ev_.type != YAML_SCALAR_EVENT || ev_.data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
    return false;
  const std::string_view v = scalar_view();
  return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL";
}

const char* Reader::found() const {
  switch (ev_.type) {
    case YAML_MAPPING_START_EVENT:
      return "a mapping";
    case YAML_SEQUENCE_START_EVENT:
      return "a list";
    case YAML_SCALAR_EVENT:
      return is_null() ? "nothing" : "a scalar";
    default:
      return "something else";
  }
}

void Reader::skip_to_document_end() {
  skipping_ = true;
  while (ev_.type != YAML_DOCUMENT_END_EVENT) advance();
  skipping_ = false;
}

// ---------------------------------------------------------------------------------------
// Errors

std::string Reader::path_text() const {
  std::string s;
  for (const PathStep& step : path_) {
    if (step.key != nullptr) {
      if (!s.empty()) s += '.';
      s += step.key;
    } else {
      s += '[';
      s += std::to_string(step.index);
      s += ']';
    }
  }
  return s;
}

std::string Reader::located(Mark mark, const std::string& reason) const {
  std::string s = name_;
  s += ':';
  s += std::to_string(mark.line);
  s += ':';
  s += std::to_string(mark.column);
  s += ": ";
  const std::string path = path_text();
  if (!path.empty()) {
    s += path;
    s += ": ";
  }
  s += reason;
  return s;
}

void Reader::fail_at(const yaml_mark_t& m, const std::string& reason, bool resync) {
  const Mark mark = mark_of(m);
  throw DocFailure{mark, located(mark, reason), resync};
}

// ---------------------------------------------------------------------------------------
// Schema

template <std::size_t N>
int Reader::key_index(const std::string_view (&keys)[N], const char* what, unsigned& seen) {
  if (!is_scalar()) fail_here(std::string("a key must be a scalar, found ") + found());
  const std::string_view k = scalar_view();
  for (std::size_t i = 0; i < N; ++i) {
    if (keys[i] == k) {
      if ((seen & bit(static_cast<int>(i))) != 0) fail_here("key '" + std::string(k) + "' is given twice");
      seen |= bit(static_cast<int>(i));
      return static_cast<int>(i);
    }
  }
  fail_here("key " + shown(k) + " is not " + what + " (expected " + key_list(keys) + ")");
}

void Reader::parse_document(GameRecord& g) {
  advance();
  if (ev_.type != YAML_MAPPING_START_EVENT) {
    if (is_null()) fail_here("empty document");
    fail_here(std::string("a record is a mapping of keys (format, ruleset, deal, moves, ...); found ") +
              found());
  }
  const yaml_mark_t start = ev_.start_mark;
  const unsigned seen = read_mapping(kRecordKeys, "a record key", [&](int k) {
    switch (k) {
      case kFormatKey:
        g.format = text_value("the format name");
        if (g.format != kFormat)
          fail_here("format " + shown(g.format) + " is not supported (expected " + std::string(kFormat) + ")");
        break;
      case kRuleset:
        g.ruleset = text_value("a ruleset name or path");
        g.ruleset_mark = mark_of(ev_.start_mark);
        if (g.ruleset.empty()) fail_here("expected a ruleset name or path, found nothing");
        break;
      case kId:
        advance();
        if (!is_scalar()) fail_here(std::string("expected an id, found ") + found());
        if (!is_null()) g.id = std::string(scalar_view());
        doc_id_ = g.id;
        break;
      case kPlayers:
        parse_players(g.players);
        break;
      case kDealer:
        advance();
        g.dealer = seat_value();
        break;
      case kDeal:
        parse_deal(g);
        break;
      case kMoves:
        parse_moves(g.moves);
        break;
      case kResult:
        parse_result(g.result);
        break;
      default:
        break;
    }
  });
  static constexpr const char* kRequired[][2] = {
      {"format", "(expected format: conquian-record/1)"},
      {"ruleset", "(the ruleset the game was played under)"},
      {"deal", "(the cards as dealt)"},
      {"moves", "(write 'moves: []' for a game with none)"}};
  static constexpr int kRequiredKeys[] = {kFormatKey, kRuleset, kDeal, kMoves};
  for (std::size_t i = 0; i < 4; ++i) {
    if ((seen & bit(kRequiredKeys[i])) == 0)
      fail_at(start, std::string("the record has no '") + kRequired[i][0] + "' " + kRequired[i][1]);
  }
  advance();  // DOCUMENT-END
}

// Reads the next value as text: any scalar (numbers too); nothing gives "".
std::string Reader::text_value(const char* expected) {
  advance();
  if (!is_scalar()) fail_here(std::string("expected ") + expected + ", found " + found());
  if (is_null()) return {};
  return std::string(scalar_view());
}

int Reader::seat_value() {
  if (!is_scalar() || is_null())
    fail_here(std::string("expected a seat number (0..63), found ") + found());
  const std::string_view v = scalar_view();
  if (ev_.data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
    fail_here(shown(v) + " is quoted; a seat number is a plain decimal integer (0..63)");
  const bool negative = v[0] == '-';
  const std::string_view digits = negative ? v.substr(1) : v;
  bool all_digits = !digits.empty();
  for (const char c : digits) all_digits = all_digits && c >= '0' && c <= '9';
  if (!all_digits) fail_here(shown(v) + " is not a seat number (a plain decimal integer 0..63)");
  if (negative) fail_here(shown(v) + " is negative; seats are 0..63");
  if (digits.size() > 1 && digits[0] == '0')
    fail_here(shown(v) + " has a leading zero; write seat numbers in plain decimal");
  int value = 0;
  if (digits.size() <= 2)
    for (const char c : digits) value = value * 10 + (c - '0');
  if (digits.size() > 2 || value > kMaxSeatNumber) fail_here(shown(v) + " is out of range; seats are 0..63");
  return value;
}

Token Reader::token_value() {
  if (!is_scalar() || is_null()) fail_here(std::string("expected a card token, found ") + found());
  const std::string_view v = scalar_view();
  if (v.size() > kMaxTokenBytes)
    fail_here("card token " + shown(v) + " is longer than " + std::to_string(kMaxTokenBytes) +
              " characters");
  return Token{std::string(v), mark_of(ev_.start_mark)};
}

// The current event must start a list of card tokens.
void Reader::token_list(TokenList& out, const char* expected) {
  if (ev_.type != YAML_SEQUENCE_START_EVENT)
    fail_here(std::string("expected ") + expected + ", found " + found());
  path_.push_back({nullptr, 0});
  for (;;) {
    path_.back().index = out.size();
    advance();
    if (ev_.type == YAML_SEQUENCE_END_EVENT) break;
    if (out.size() >= limits_.max_cards_per_list)
      fail_limit("more than " + std::to_string(limits_.max_cards_per_list) +
                " entries in one list (max_cards_per_list)");
    out.push_back(token_value());
  }
  path_.pop_back();
}

// The same, into a list of exactly the right size (one allocation instead of a doubling
// series: records hold many short lists).
void Reader::token_list_into(TokenList& out, const char* expected) {
  token_scratch_.clear();
  token_list(token_scratch_, expected);
  out.assign(std::make_move_iterator(token_scratch_.begin()),
             std::make_move_iterator(token_scratch_.end()));
}

// The current event must start a list of lists of card tokens.
void Reader::token_lists(std::vector<TokenList>& out, const char* expected) {
  if (ev_.type != YAML_SEQUENCE_START_EVENT)
    fail_here(std::string("expected ") + expected + ", found " + found());
  path_.push_back({nullptr, 0});
  for (;;) {
    path_.back().index = out.size();
    advance();
    if (ev_.type == YAML_SEQUENCE_END_EVENT) break;
    if (out.size() >= limits_.max_cards_per_list)
      fail_limit("more than " + std::to_string(limits_.max_cards_per_list) +
                " entries in one list (max_cards_per_list)");
    if (out.empty()) out.reserve(4);  // seats, or melds on a table: few
    out.emplace_back();
    token_list_into(out.back(), "a list of card tokens");
  }
  path_.pop_back();
}

void Reader::parse_players(std::vector<std::string>& players) {
  advance();
  if (is_null()) return;
  if (ev_.type != YAML_SEQUENCE_START_EVENT)
    fail_here(std::string("expected a list of player names, found ") + found());
  path_.push_back({nullptr, 0});
  for (;;) {
    path_.back().index = players.size();
    advance();
    if (ev_.type == YAML_SEQUENCE_END_EVENT) break;
    if (players.size() >= limits_.max_cards_per_list)
      fail_limit("more than " + std::to_string(limits_.max_cards_per_list) +
                " entries in one list (max_cards_per_list)");
    if (!is_scalar()) fail_here(std::string("expected a player name, found ") + found());
    players.emplace_back(is_null() ? std::string_view{} : scalar_view());
  }
  path_.pop_back();
}

void Reader::parse_deal(GameRecord& g) {
  advance();
  if (ev_.type != YAML_MAPPING_START_EVENT)
    fail_here(std::string("expected a mapping with hands (and stock, salt, commitment), found ") +
              found());
  const yaml_mark_t start = ev_.start_mark;
  const unsigned seen = read_mapping(kDealKeys, "a deal key", [&](int k) {
    switch (k) {
      case kHands:
        advance();
        token_lists(g.hands, "a list of hands (one list of card tokens per seat)");
        break;
      case kStock:
        advance();
        if (is_null()) break;
        token_list_into(g.stock, "a list of card tokens");
        g.has_stock = true;
        break;
      case kSalt:
        g.salt = text_value("a salt");
        break;
      case kCommitment:
        g.commitment = text_value("a commitment (sha256:<hex>)");
        g.commitment_mark = mark_of(ev_.start_mark);
        break;
      default:
        break;
    }
  });
  if ((seen & bit(kHands)) == 0) fail_at(start, "the deal has no 'hands'");
}

void Reader::parse_moves(std::vector<RecordMove>& moves) {
  advance();
  if (ev_.type != YAML_SEQUENCE_START_EVENT)
    fail_here(std::string("expected a list of moves, found ") + found() +
              (is_null() ? " (write 'moves: []' for a game with none)" : ""));
  // Built in a reused buffer, then moved into a vector of exactly the right size.
  std::vector<RecordMove>& scratch = move_scratch_;
  scratch.clear();
  path_.push_back({nullptr, 0});
  for (;;) {
    path_.back().index = scratch.size();
    advance();
    if (ev_.type == YAML_SEQUENCE_END_EVENT) break;
    if (scratch.size() >= limits_.max_moves)
      fail_limit("more than " + std::to_string(limits_.max_moves) + " moves (max_moves)");
    scratch.emplace_back();
    parse_move(scratch.back());
  }
  path_.pop_back();
  moves.assign(std::make_move_iterator(scratch.begin()), std::make_move_iterator(scratch.end()));
}

void Reader::parse_move(RecordMove& m) {
  if (ev_.type != YAML_MAPPING_START_EVENT)
    fail_here(std::string("a move is a mapping like {seat: 0, turn: 5h}; found ") + found());
  const yaml_mark_t start = ev_.start_mark;
  m.mark = mark_of(start);
  const unsigned seen = read_mapping(kMoveKeys, "a move key", [&](int k) {
    switch (k) {
      case kSeat:
        advance();
        m.seat = seat_value();
        break;
      case kSwap:
      case kTurn:
      case kTake:
      case kPass:
      case kThrow:
        advance();
        m.card = token_value();
        break;
      case kForce:
        advance();
        m.force_seat = seat_value();
        break;
      case kMelds:
        advance();
        token_lists(m.melds, "a list of melds (each a list of card tokens)");
        m.has_melds = true;
        break;
      case kLay:
        advance();
        token_list_into(m.lay, "a list of card tokens");
        m.has_lay = true;
        break;
      case kDiscard:
        advance();
        m.discard = token_value();
        break;
      case kOnto:
        advance();
        m.onto = seat_value();
        break;
      default:
        break;
    }
  });

  const unsigned actions = seen & kActionBits;
  const bool laying = (seen & (bit(kMelds) | bit(kLay))) != 0;
  if (std::popcount(actions) > 1) {
    const int first = std::countr_zero(actions);
    const int second = std::countr_zero(actions & ~bit(first));
    fail_at(start, "a move has one action, this one has both '" + std::string(kMoveKeys[first]) +
                       "' and '" + std::string(kMoveKeys[second]) + "'");
  }
  if ((seen & bit(kSeat)) == 0) fail_at(start, "the move has no 'seat'");
  if ((seen & bit(kMelds)) != 0 && (seen & bit(kLay)) != 0)
    fail_at(start, "'melds' and 'lay' cannot both be given (melds: the whole table; lay: the cards laid)");
  if (actions != bit(kTake)) {
    for (const int k : {kDiscard, kOnto})
      if ((seen & bit(k)) != 0)
        fail_at(start, "'" + std::string(kMoveKeys[k]) + "' goes only with 'take'");
  }
  if (actions == 0 && !laying)
    fail_at(start, "the move has no action (expected one of swap, turn, take, pass, force, throw, "
                   "or melds/lay alone)");
  if (actions != 0 && actions != bit(kTake) && laying)
    fail_at(start, std::string("'") + ((seen & bit(kMelds)) != 0 ? "melds" : "lay") +
                       "' goes only with 'take' (or alone, to lay cards down)");
  if ((seen & bit(kOnto)) != 0 && (seen & bit(kDiscard)) == 0)
    fail_at(start, "'onto' needs a 'discard' (the card thrown onto that seat's table)");

  switch (std::countr_zero(actions)) {
    case kSwap: m.kind = MoveKind::Swap; break;
    case kTurn: m.kind = MoveKind::Turn; break;
    case kTake: m.kind = MoveKind::Take; break;
    case kPass: m.kind = MoveKind::Pass; break;
    case kForce: m.kind = MoveKind::Force; break;
    case kThrow: m.kind = MoveKind::Throw; break;
    default: m.kind = MoveKind::Lay; break;
  }
}

void Reader::parse_result(RecordResult& r) {
  advance();
  if (is_null()) return;
  if (ev_.type != YAML_MAPPING_START_EVENT)
    fail_here(std::string("expected {winner: N} or {draw: true}, found ") + found());
  const yaml_mark_t start = ev_.start_mark;
  r.mark = mark_of(start);
  const unsigned seen = read_mapping(kResultKeys, "a result key", [&](int k) {
    advance();
    if (k == kWinner) {
      r.winner = seat_value();
    } else {
      const std::string_view v = is_scalar() ? scalar_view() : std::string_view{};
      const bool plain = is_scalar() && ev_.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
      if (plain && (v == "true" || v == "True" || v == "TRUE")) {
        r.draw = true;
      } else if (plain && (v == "false" || v == "False" || v == "FALSE")) {
        fail_here("'draw: false' is no result; leave 'result' out for an unfinished game");
      } else {
        fail_here(std::string("expected true, found ") + (is_scalar() && !is_null() ? shown(v) : found()));
      }
    }
  });
  if (seen == (bit(kWinner) | bit(kDraw))) fail_at(start, "a result has 'winner' or 'draw', not both");
  if (seen == 0) fail_at(start, "expected {winner: N} or {draw: true}, found an empty mapping");
  r.present = true;
}

// ---------------------------------------------------------------------------------------
// Files

void file_error(const std::string& path, const std::string& reason, const RecordSink& sink) {
  RecordError err;
  err.file = path;
  err.index = 0;
  err.message = path + ": " + reason;
  sink(ReadItem{std::nullopt, std::move(err)});
}

std::string os_reason(int e) { return std::error_code(e, std::generic_category()).message(); }

}  // namespace

void read_record_text(std::string_view text, const std::string& name, const RecordSink& sink,
                      const ReadLimits& limits) {
  Reader reader(text, name, sink, limits);
  reader.run();
}

void read_record_file(const std::string& path, const RecordSink& sink, const ReadLimits& limits) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    file_error(path, "cannot open: " + os_reason(errno), sink);
    return;
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    file_error(path, "cannot read: " + os_reason(errno), sink);
    return;
  }
  if (S_ISDIR(st.st_mode)) {
    file_error(path, "cannot read: " + os_reason(EISDIR), sink);
    return;
  }
  std::string text;
  if (S_ISREG(st.st_mode)) {
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > limits.max_file_bytes) {
      file_error(path,
                 "file is " + std::to_string(size) + " bytes, more than max_file_bytes (" +
                     std::to_string(limits.max_file_bytes) + ")",
                 sink);
      return;
    }
    text.reserve(size);
  }
  // Read to the end (a regular file may grow; pipes have no size), never past the limit.
  char buf[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      file_error(path, "cannot read: " + os_reason(errno), sink);
      return;
    }
    if (got == 0) break;
    if (text.size() + static_cast<std::size_t>(got) > limits.max_file_bytes) {
      file_error(path,
                 "file is more than max_file_bytes (" + std::to_string(limits.max_file_bytes) +
                     " bytes)",
                 sink);
      return;
    }
    text.append(buf, static_cast<std::size_t>(got));
  }
  read_record_text(text, path, sink, limits);
}

}  // namespace conquian::record
