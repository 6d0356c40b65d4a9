// Internal to the record readers: one document against the fixed record schema of
// specs/record-format.md (its keys, their types, the moves and their combinations of keys),
// read by recursive descent over the nodes of a document as a front end hands them over, one
// at a time, so that YAML and JSON share every key, type, limit and message.
//
//   record_events.h        YAML: libyaml's events (EventStream, record_reader.cpp).
//   json_record_reader.cpp JSON: simdjson's On-Demand parser, stepped value by value under
//                          the schema's reads (no list of events is made first).
//
// A front end `In` gives: advance() to the next node, node(), is_scalar(), is_plain(),
// is_null(), scalar_view(), found(), start_mark() and end_mark() (an In::Place),
// mark_of(place), column_of(place) (0-based), text_between(place, place), the path into the
// document (SchemaPath), fail_at(place, reason), fail_here(reason), fail_limit(reason), and
// limits(). A document that does not fit throws DocFailure naming the place; the reader of
// the file then goes on with the next document.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cards/deck.h"
#include "record/record.h"

namespace conquian::record::detail {

// What a front end hands the schema: a node of the document.
enum class Node : std::uint8_t {
  Other,
  DocumentStart,
  DocumentEnd,
  MappingStart,
  MappingEnd,
  ListStart,
  ListEnd,
  Scalar
};

// Whether a plain scalar's text is YAML's null: empty, ~, null, Null or NULL. By length
// first: the schema asks it of nearly every scalar, and most are card tokens and numbers.
inline bool is_null_text(std::string_view v) {
  switch (v.size()) {
    case 0: return true;
    case 1: return v[0] == '~';
    case 4: return v == "null" || v == "Null" || v == "NULL";
    default: return false;
  }
}

// Thrown when a document does not fit the schema (or breaks a limit).
struct DocFailure {
  Mark mark;
  std::string message;  // complete: "file:line:col: path: reason"
  bool resync = false;  // YAML: drop the parser and restart at the next document marker
};

// One step of a path into the document: a key, or an index into a list.
struct PathStep {
  const char* key;  // nullptr: an index
  std::size_t index;
};

inline std::uint32_t clamp32(std::size_t v) {
  return v > std::numeric_limits<std::uint32_t>::max() ? std::numeric_limits<std::uint32_t>::max()
                                                       : static_cast<std::uint32_t>(v);
}

// The path into the document that error messages name, and the messages themselves.
class SchemaPath {
 public:
  explicit SchemaPath(const std::string& name) : name_(name) { path_.reserve(16); }
  void push_key(const char* key) { path_.push_back({key, 0}); }
  void push_index() { path_.push_back({nullptr, 0}); }
  void set_index(std::size_t index) { path_.back().index = index; }
  void pop() { path_.pop_back(); }
  void clear_path() { path_.clear(); }
  // "file:line:col: path: reason"
  std::string located(Mark mark, const std::string& reason) const;

 protected:
  std::string path_text() const;
  const std::string& name_;
  std::vector<PathStep> path_;
};

// Buffers the schema reuses from one document to the next (records hold many short lists).
struct SchemaScratch {
  TokenList tokens;
  std::size_t last_moves = 0;  // the moves of the last record: room for as many in the next
};

namespace schema {
inline constexpr std::string_view kFormat = "conquian-record/1";

inline constexpr std::string_view kRecordKeys[] = {"format", "ruleset", "id",     "players", "dealer",
                                                   "deal",   "moves",   "result", "score",   "match"};
enum RecordKey { kFormatKey, kRuleset, kId, kPlayers, kDealer, kDeal, kMoves, kResult, kScore, kMatch };

inline constexpr std::string_view kMatchKeys[] = {"id", "ruleset", "seats", "players", "target", "stake"};
enum MatchKey { kMatchId, kMatchRuleset, kMatchSeats, kMatchPlayers, kMatchTarget, kMatchStake };

inline constexpr std::string_view kScoreKeys[] = {"multiplier", "total", "match_winner"};
enum ScoreKey { kMultiplier, kTotal, kMatchWinner };

// Points and multipliers a record may write: plain decimal, at most this.
inline constexpr std::int64_t kMaxPoints = 1'000'000'000'000'000;

inline constexpr std::string_view kDealKeys[] = {"hands", "stock", "salt", "commitment"};
enum DealKey { kHands, kStock, kSalt, kCommitment };

inline constexpr std::string_view kMoveKeys[] = {"seat",  "swap",  "turn",  "take",    "pass",
                                                 "force", "throw", "melds", "lay",     "discard",
                                                 "onto",  "play",  "drop",  "collect", "forfeit"};
enum MoveKey {
  kSeat,
  kSwap,
  kTurn,
  kTake,
  kPass,
  kForce,
  kThrow,
  kMelds,
  kLay,
  kDiscard,
  kOnto,
  kPlay,
  kDrop,
  kCollect,
  kForfeitMove
};
constexpr unsigned bit(int k) { return 1u << k; }
inline constexpr unsigned kActionBits = bit(kSwap) | bit(kTurn) | bit(kTake) | bit(kPass) | bit(kForce) | bit(kThrow) |
                                        bit(kPlay) | bit(kDrop) | bit(kForfeitMove);

inline constexpr std::string_view kResultKeys[] = {"winner", "draw", "forfeit", "chips", "pot"};
enum ResultKey { kWinner, kDraw, kForfeit, kChips, kPot };

inline constexpr std::string_view kForfeitKeys[] = {"seat", "reason"};
enum ForfeitKey { kForfeitSeat, kForfeitReason };

// A scalar as shown in a message: at most 32 characters, control characters as '?'.
inline std::string shown(std::string_view v) {
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

// Equal texts, compared in line: keys are a few bytes, where a call to memcmp cost more than
// the compare.
inline bool same_text(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
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

// A front end may read the plain entries of a list of card tokens on its own (JSON does,
// stepping its parser without a node for each): `in.plain_tokens(out, max)`, called on the
// list's start, appends to `out` the entries it can give exactly as token_value() would, up to
// `max`, and stops before the first it cannot (the schema then goes on node by node from
// there, so that every refusal is the schema's own, word for word). It returns how many it
// appended, and whether it read the list's end (which is then the current node).
struct PlainTokens {
  std::size_t count = 0;
  bool ended = false;
};
template <class In>
concept ReadsPlainTokens = requires(In& in, TokenList& out, std::size_t max) {
  { in.plain_tokens(out, max) } -> std::same_as<PlainTokens>;
};

// A front end may also read a mapping's simple fields itself (JsonStream::plain_fields): on a
// mapping's start, or after the schema read a field's value, it reads each field whose key is
// written plainly, is one of the mapping's keys and is not yet in `seen`, and whose value is a
// string written with no escape of at most kMaxTokenBytes, or a number; it hands each to
// `take(k, text, is_string, place)`, which takes it only when it would read it exactly as the
// schema does (else it returns false). It stops at the first field not taken, whose key is
// then the current node, or at the mapping's end (then current, and it returns true).
template <class In>
concept ReadsPlainFields = requires(In& in, unsigned& seen) {
  {
    in.plain_fields(kMoveKeys, seen, [](int, std::string_view, bool, typename In::Place) { return false; })
    } -> std::same_as<bool>;
};

// A seat number as seat_value() takes it (plain decimal, no leading zero, 0..kMaxSeatNumber),
// or -1 for anything it refuses or would have to say more about.
inline int plain_seat(std::string_view digits) {
  if (digits.empty() || digits.size() > 2 || (digits.size() == 2 && digits[0] == '0')) return -1;
  int value = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value <= kMaxSeatNumber ? value : -1;
}

// The schema reader of one document: the events it walks, the buffers it reuses.
template <class In>
class Schema {
 public:
  Schema(In& in, SchemaScratch& scratch) : in_(in), scratch_(scratch) {}

  void parse_document(GameRecord& g, MatchHeader& m, bool& is_match);

 private:
  using Place = typename In::Place;
  template <std::size_t N>
  int key_index(const std::string_view (&keys)[N], const char* what, unsigned& seen);
  // Reads the mapping whose start event is current, up to its end: `on_key(k)` reads the
  // value of keys[k], with the key on the error path. Returns the keys seen (bit k: keys[k]).
  template <std::size_t N, typename OnKey>
  unsigned read_mapping(const std::string_view (&keys)[N], const char* what, OnKey&& on_key) {
    unsigned seen = 0;
    for (;;) {
      in_.advance();
      if (in_.node() == Node::MappingEnd) return seen;
      const int k = key_index(keys, what, seen);
      in_.push_key(keys[k].data());
      on_key(k);
      in_.pop();
    }
  }
  // read_mapping where the front end reads simple fields itself (ReadsPlainFields): `take`
  // takes what it can, as above, and `on_key(k)` reads every other field as read_mapping does,
  // word for word in its refusals.
  template <std::size_t N, typename OnKey, typename Take>
  unsigned read_mapping(const std::string_view (&keys)[N], const char* what, OnKey&& on_key, Take&& take) {
    if constexpr (ReadsPlainFields<In>) {
      unsigned seen = 0;
      while (!in_.plain_fields(keys, seen, take)) {
        const int k = key_index(keys, what, seen);
        in_.push_key(keys[k].data());
        on_key(k);
        in_.pop();
      }
      return seen;
    } else {
      return read_mapping(keys, what, std::forward<OnKey>(on_key));
    }
  }
  // Reads the list whose start event is current (else "expected <what>"), up to its end:
  // `on_entry()` reads each entry, with its index on the error path. More than `max` entries
  // is past a limit of specs/limits.md, named by `limit` ("entries in one list (max_cards_per_list)").
  template <typename OnEntry>
  void read_list(const char* what, std::size_t max, const char* limit, OnEntry&& on_entry) {
    if (in_.node() != Node::ListStart) in_.fail_here(std::string("expected ") + what + ", found " + in_.found());
    in_.push_index();
    for (std::size_t n = 0;; ++n) {
      in_.set_index(n);
      in_.advance();
      if (in_.node() == Node::ListEnd) break;
      if (n >= max) in_.fail_limit("more than " + std::to_string(max) + " " + limit);
      on_entry();
    }
    in_.pop();
  }
  // read_list with the limit on short lists (cards, seats, players, points).
  template <typename OnEntry>
  void read_short_list(const char* what, OnEntry&& on_entry) {
    read_list(what, in_.limits().max_cards_per_list, "entries in one list (max_cards_per_list)",
              std::forward<OnEntry>(on_entry));
  }
  // A list of card tokens whose start event is current, into `out`: read_list's loop with
  // token_value() on each entry, after the front end has read what entries it can on its own.
  void read_tokens(TokenList& out, const char* what, std::size_t max, const char* limit);
  void parse_deal(GameRecord& g);
  void parse_moves(std::vector<RecordMove>& moves);
  void parse_move(RecordMove& m);
  void parse_result(RecordResult& r);
  void parse_forfeit(RecordResult& r);
  void parse_score(RecordScore& sc);
  void parse_match(MatchHeader& m);
  void parse_players(std::vector<std::string>& players);
  void ruleset_value(std::string& name, std::string& inline_text, Mark& mark);
  std::string text_value(const char* expected);
  int seat_value();
  std::int64_t whole_value(const char* what, std::int64_t lo, std::int64_t hi);
  std::int64_t signed_value(const char* what);
  void true_value(const char* key);
  Token token_value();
  void token_list(TokenList& out, const char* expected);
  void token_list_into(TokenList& out, const char* expected);
  void token_lists(std::vector<TokenList>& out, const char* expected);

  In& in_;
  SchemaScratch& scratch_;
};

template <class In>
template <std::size_t N>
int Schema<In>::key_index(const std::string_view (&keys)[N], const char* what, unsigned& seen) {
  if (!in_.is_scalar()) in_.fail_here(std::string("a key must be a scalar, found ") + in_.found());
  const std::string_view k = in_.scalar_view();
  for (std::size_t i = 0; i < N; ++i) {
    // The first byte before the rest: most keys differ there, and a call to compare costs more.
    if (!k.empty() && keys[i][0] == k[0] && same_text(keys[i], k)) {
      if ((seen & bit(static_cast<int>(i))) != 0) in_.fail_here("key '" + std::string(k) + "' is given twice");
      seen |= bit(static_cast<int>(i));
      return static_cast<int>(i);
    }
  }
  in_.fail_here("key " + shown(k) + " is not " + what + " (expected " + key_list(keys) + ")");
}

template <class In>
void Schema<In>::parse_document(GameRecord& g, MatchHeader& header, bool& is_match) {
  in_.advance();
  if (in_.node() != Node::MappingStart) {
    if (in_.is_null()) in_.fail_here("empty document");
    in_.fail_here(std::string("a record is a mapping of keys (format, ruleset, deal, moves, ...); found ") +
                  in_.found());
  }
  const Place start = in_.start_mark();
  const unsigned seen = read_mapping(kRecordKeys, "a record key", [&](int k) {
    switch (k) {
      case kFormatKey:
        g.format = text_value("the format name");
        if (g.format != kFormat)
          in_.fail_here("format " + shown(g.format) + " is not supported (expected " + std::string(kFormat) + ")");
        break;
      case kRuleset: ruleset_value(g.ruleset, g.ruleset_inline, g.ruleset_mark); break;
      case kId:
        in_.advance();
        if (!in_.is_scalar()) in_.fail_here(std::string("expected an id, found ") + in_.found());
        if (!in_.is_null()) g.id = std::string(in_.scalar_view());
        break;
      case kPlayers: parse_players(g.players); break;
      case kDealer:
        in_.advance();
        g.dealer = seat_value();
        break;
      case kDeal: parse_deal(g); break;
      case kMoves: parse_moves(g.moves); break;
      case kResult: parse_result(g.result); break;
      case kScore: parse_score(g.score); break;
      case kMatch: parse_match(header); break;
      default: break;
    }
  });
  if ((seen & bit(kFormatKey)) == 0)
    in_.fail_at(start, "the record has no 'format' (expected format: conquian-record/1)");
  if ((seen & bit(kMatch)) != 0) {
    const unsigned others = seen & ~(bit(kFormatKey) | bit(kMatch));
    if (others != 0)
      in_.fail_at(start, "a match document holds only 'format' and 'match', but this one also has '" +
                             std::string(kRecordKeys[std::countr_zero(others)]) +
                             "' (the deals follow as documents of their own)");
    is_match = true;
    in_.advance();  // DOCUMENT-END
    return;
  }
  static constexpr const char* kRequired[][2] = {{"deal", "(the cards as dealt)"},
                                                 {"moves", "(write 'moves: []' for a game with none)"}};
  static constexpr int kRequiredKeys[] = {kDeal, kMoves};
  for (std::size_t i = 0; i < 2; ++i) {
    if ((seen & bit(kRequiredKeys[i])) == 0)
      in_.fail_at(start, std::string("the record has no '") + kRequired[i][0] + "' " + kRequired[i][1]);
  }
  in_.advance();  // DOCUMENT-END
}

// A ruleset: a name or path (a scalar), or a ruleset mapping written inline, kept as the
// text it was written as (the rules layer reads it: this layer knows no ruleset keys).
template <class In>
void Schema<In>::ruleset_value(std::string& name, std::string& inline_text, Mark& mark) {
  in_.advance();
  mark = in_.mark_of(in_.start_mark());
  if (in_.node() == Node::MappingStart) {
    const Place start = in_.start_mark();
    for (int depth = 1; depth > 0;) {
      in_.advance();
      const Node t = in_.node();
      if (t == Node::MappingStart || t == Node::ListStart) ++depth;
      if (t == Node::MappingEnd || t == Node::ListEnd) --depth;
    }
    const std::string_view text = in_.text_between(start, in_.end_mark());
    if (text.size() > in_.limits().max_inline_ruleset_bytes)
      in_.fail_at(start, "an inline ruleset of " + std::to_string(text.size()) +
                             " bytes is longer than max_inline_ruleset_bytes (" +
                             std::to_string(in_.limits().max_inline_ruleset_bytes) + ")");
    // Indented as in the file, so that a block mapping's lines line up and columns match.
    inline_text.assign(in_.column_of(start), ' ');
    inline_text += text;
    return;
  }
  if (!in_.is_scalar())
    in_.fail_here(std::string("expected a ruleset name or path, or a ruleset mapping, found ") + in_.found());
  if (in_.is_null() || in_.scalar_view().empty()) in_.fail_here("expected a ruleset name or path, found nothing");
  name = std::string(in_.scalar_view());
}

// Reads the next value as text: any scalar (numbers too); nothing gives "".
template <class In>
std::string Schema<In>::text_value(const char* expected) {
  in_.advance();
  if (!in_.is_scalar()) in_.fail_here(std::string("expected ") + expected + ", found " + in_.found());
  if (in_.is_null()) return {};
  return std::string(in_.scalar_view());
}

template <class In>
int Schema<In>::seat_value() {
  if (!in_.is_scalar() || in_.is_null())
    in_.fail_here(std::string("expected a seat number (0..63), found ") + in_.found());
  const std::string_view v = in_.scalar_view();
  if (!in_.is_plain()) in_.fail_here(shown(v) + " is quoted; a seat number is a plain decimal integer (0..63)");
  const bool negative = v[0] == '-';
  const std::string_view digits = negative ? v.substr(1) : v;
  bool all_digits = !digits.empty();
  for (const char c : digits) all_digits = all_digits && c >= '0' && c <= '9';
  if (!all_digits) in_.fail_here(shown(v) + " is not a seat number (a plain decimal integer 0..63)");
  if (negative) in_.fail_here(shown(v) + " is negative; seats are 0..63");
  if (digits.size() > 1 && digits[0] == '0')
    in_.fail_here(shown(v) + " has a leading zero; write seat numbers in plain decimal");
  int value = 0;
  if (digits.size() <= 2)
    for (const char c : digits) value = value * 10 + (c - '0');
  if (digits.size() > 2 || value > kMaxSeatNumber) in_.fail_here(shown(v) + " is out of range; seats are 0..63");
  return value;
}

// A whole number in [lo, hi], written in plain decimal.
template <class In>
std::int64_t Schema<In>::whole_value(const char* what, std::int64_t lo, std::int64_t hi) {
  if (!in_.is_scalar() || in_.is_null()) in_.fail_here(std::string("expected ") + what + ", found " + in_.found());
  const std::string_view v = in_.scalar_view();
  bool digits = in_.is_plain() && !v.empty() && v.size() <= 18;
  for (const char c : v) digits = digits && c >= '0' && c <= '9';
  if (!digits || (v.size() > 1 && v[0] == '0'))
    in_.fail_here(shown(v) + " is not " + what + " (a whole number in plain decimal)");
  std::int64_t value = 0;
  for (const char c : v) value = value * 10 + (c - '0');
  if (value < lo || value > hi)
    in_.fail_here(shown(v) + " is out of range for " + what + " (" + std::to_string(lo) + " to " + std::to_string(hi) +
                  ")");
  return value;
}

// A whole number that may be negative (a seat's net chips), plain decimal, at most kMaxPoints.
template <class In>
std::int64_t Schema<In>::signed_value(const char* what) {
  if (in_.is_scalar() && !in_.is_null() && in_.is_plain() && in_.scalar_view().starts_with('-')) {
    const std::string_view v = in_.scalar_view();
    bool digits = v.size() > 1 && v.size() <= 19 && v[1] != '0';
    for (const char c : v.substr(1)) digits = digits && c >= '0' && c <= '9';
    if (!digits) in_.fail_here(shown(v) + " is not " + what + " (a whole number in plain decimal)");
    std::int64_t value = 0;
    for (const char c : v.substr(1)) value = value * 10 + (c - '0');
    if (value > kMaxPoints)
      in_.fail_here(shown(v) + " is out of range for " + what + " (-" + std::to_string(kMaxPoints) + " to " +
                    std::to_string(kMaxPoints) + ")");
    return -value;
  }
  return whole_value(what, 0, kMaxPoints);
}

// `play: true` / `drop: true`: the declaration's value is true, nothing else.
template <class In>
void Schema<In>::true_value(const char* key) {
  const std::string_view v = in_.is_scalar() ? in_.scalar_view() : std::string_view{};
  if (in_.is_scalar() && in_.is_plain() && (v == "true" || v == "True" || v == "TRUE")) return;
  in_.fail_here(std::string("expected '") + key + ": true', found " +
                (in_.is_scalar() && !in_.is_null() ? shown(v) : in_.found()));
}

template <class In>
Token Schema<In>::token_value() {
  if (!in_.is_scalar() || in_.is_null()) in_.fail_here(std::string("expected a card token, found ") + in_.found());
  const std::string_view v = in_.scalar_view();
  if (v.size() > kMaxTokenBytes)
    in_.fail_here("card token " + shown(v) + " is longer than " + std::to_string(kMaxTokenBytes) + " characters");
  return Token{TokenText(v), in_.mark_of(in_.start_mark())};
}

// The current event must start a list of card tokens.
template <class In>
void Schema<In>::read_tokens(TokenList& out, const char* what, std::size_t max, const char* limit) {
  if constexpr (ReadsPlainTokens<In>) {
    if (in_.node() != Node::ListStart) in_.fail_here(std::string("expected ") + what + ", found " + in_.found());
    const PlainTokens plain = in_.plain_tokens(out, max);
    if (plain.ended) return;
    in_.push_index();
    for (std::size_t n = plain.count;; ++n) {
      in_.set_index(n);
      in_.advance();
      if (in_.node() == Node::ListEnd) break;
      if (n >= max) in_.fail_limit("more than " + std::to_string(max) + " " + limit);
      out.push_back(token_value());
    }
    in_.pop();
  } else {
    read_list(what, max, limit, [&] { out.push_back(token_value()); });
  }
}

template <class In>
void Schema<In>::token_list(TokenList& out, const char* expected) {
  read_tokens(out, expected, in_.limits().max_cards_per_list, "entries in one list (max_cards_per_list)");
}

// The same, into a list of exactly the right size (one allocation instead of a doubling
// series: records hold many short lists).
template <class In>
void Schema<In>::token_list_into(TokenList& out, const char* expected) {
  scratch_.tokens.clear();
  token_list(scratch_.tokens, expected);
  out.assign(std::make_move_iterator(scratch_.tokens.begin()), std::make_move_iterator(scratch_.tokens.end()));
}

// The current event must start a list of lists of card tokens.
template <class In>
void Schema<In>::token_lists(std::vector<TokenList>& out, const char* expected) {
  read_short_list(expected, [&] {
    if (out.empty()) out.reserve(4);  // seats, or melds on a table: few
    out.emplace_back();
    token_list_into(out.back(), "a list of card tokens");
  });
}

template <class In>
void Schema<In>::parse_players(std::vector<std::string>& players) {
  in_.advance();
  if (in_.is_null()) return;
  read_short_list("a list of player names", [&] {
    if (!in_.is_scalar()) in_.fail_here(std::string("expected a player name, found ") + in_.found());
    players.emplace_back(in_.is_null() ? std::string_view{} : in_.scalar_view());
  });
}

template <class In>
void Schema<In>::parse_deal(GameRecord& g) {
  in_.advance();
  if (in_.node() != Node::MappingStart)
    in_.fail_here(std::string("expected a mapping with hands (and stock, salt, commitment), found ") + in_.found());
  const Place start = in_.start_mark();
  const unsigned seen = read_mapping(kDealKeys, "a deal key", [&](int k) {
    switch (k) {
      case kHands:
        in_.advance();
        token_lists(g.hands, "a list of hands (one list of card tokens per seat)");
        break;
      case kStock:
        in_.advance();
        if (in_.is_null()) break;
        scratch_.tokens.clear();
        read_tokens(scratch_.tokens, "a list of card tokens", in_.limits().max_stock_cards,
                    "cards in the stock (max_stock_cards)");
        g.stock.assign(std::make_move_iterator(scratch_.tokens.begin()),
                       std::make_move_iterator(scratch_.tokens.end()));
        g.has_stock = true;
        break;
      case kSalt: g.salt = text_value("a salt"); break;
      case kCommitment:
        g.commitment = text_value("a commitment (sha256:<hex>)");
        g.commitment_mark = in_.mark_of(in_.start_mark());
        break;
      default: break;
    }
  });
  if ((seen & bit(kHands)) == 0) in_.fail_at(start, "the deal has no 'hands'");
}

template <class In>
void Schema<In>::parse_moves(std::vector<RecordMove>& moves) {
  in_.advance();
  if (in_.node() != Node::ListStart)
    in_.fail_here(std::string("expected a list of moves, found ") + in_.found() +
                  (in_.is_null() ? " (write 'moves: []' for a game with none)" : ""));
  // Read in place, with room for a quarter more moves than the last record had (records of
  // one file are alike, but not the same length): building them in a buffer and moving them
  // over cost a tenth of the JSON reader's time (perf, 3,000 games), and growing the list
  // when a record was longer than the last one a fortieth.
  moves.reserve(std::min(scratch_.last_moves + scratch_.last_moves / 4, in_.limits().max_moves));
  read_list("a list of moves", in_.limits().max_moves, "moves (max_moves)", [&] {
    moves.emplace_back();
    parse_move(moves.back());
  });
  scratch_.last_moves = moves.size();
}

template <class In>
void Schema<In>::parse_move(RecordMove& m) {
  if (in_.node() != Node::MappingStart)
    in_.fail_here(std::string("a move is a mapping like {seat: 0, turn: 5h}; found ") + in_.found());
  const Place start = in_.start_mark();
  m.mark = in_.mark_of(start);
  // A move's seat and card, most of its fields, as the cases below read them: a seat as
  // seat_value() takes it, a card token as token_value() makes it (at `place`, its quote).
  const auto take = [&](int k, std::string_view text, bool is_string, Place place) {
    switch (k) {
      case kSeat:
      case kForce:
      case kOnto: {
        const int seat = is_string ? -1 : plain_seat(text);
        if (seat < 0) return false;
        (k == kSeat ? m.seat : k == kForce ? m.force_seat : m.onto) = seat;
        return true;
      }
      case kSwap:
      case kTurn:
      case kTake:
      case kPass:
      case kThrow:
      case kDiscard:
        if (!is_string) return false;
        if (k == kDiscard) m.discard = Token{TokenText(text), in_.mark_of(place)};
        else m.card = Token{TokenText(text), in_.mark_of(place)};
        return true;
      default: return false;
    }
  };
  const unsigned seen = read_mapping(
      kMoveKeys, "a move key",
      [&](int k) {
        switch (k) {
          case kSeat:
            in_.advance();
            m.seat = seat_value();
            break;
          case kSwap:
          case kTurn:
          case kTake:
          case kPass:
          case kThrow:
            in_.advance();
            m.card = token_value();
            break;
          case kForce:
            in_.advance();
            m.force_seat = seat_value();
            break;
          case kMelds:
            in_.advance();
            token_lists(m.melds, "a list of melds (each a list of card tokens)");
            m.has_melds = true;
            break;
          case kLay:
            in_.advance();
            token_list_into(m.lay, "a list of card tokens");
            m.has_lay = true;
            break;
          case kDiscard:
            in_.advance();
            m.discard = token_value();
            break;
          case kOnto:
            in_.advance();
            m.onto = seat_value();
            break;
          case kPlay:
          case kDrop:
            in_.advance();
            true_value(kMoveKeys[k].data());
            break;
          case kCollect:
            in_.advance();
            m.collect_mark = in_.mark_of(in_.start_mark());
            m.collect = whole_value("chips collected from each paying seat", 0, kMaxPoints);
            break;
          case kForfeitMove: m.forfeit_reason = text_value("the reason of the forfeit, a string"); break;
          default: break;
        }
      },
      take);

  const unsigned actions = seen & kActionBits;
  const bool laying = (seen & (bit(kMelds) | bit(kLay))) != 0;
  if (std::popcount(actions) > 1) {
    const int first = std::countr_zero(actions);
    const int second = std::countr_zero(actions & ~bit(first));
    in_.fail_at(start, "a move has one action, this one has both '" + std::string(kMoveKeys[first]) + "' and '" +
                           std::string(kMoveKeys[second]) + "'");
  }
  if ((seen & bit(kSeat)) == 0) in_.fail_at(start, "the move has no 'seat'");
  if ((seen & bit(kMelds)) != 0 && (seen & bit(kLay)) != 0)
    in_.fail_at(start, "'melds' and 'lay' cannot both be given (melds: the whole table; lay: the cards laid)");
  if (actions != bit(kTake)) {
    for (const int k : {kDiscard, kOnto, kCollect})
      if ((seen & bit(k)) != 0) in_.fail_at(start, "'" + std::string(kMoveKeys[k]) + "' goes only with 'take'");
  }
  if (actions == 0 && !laying)
    in_.fail_at(start,
                "the move has no action (expected one of swap, turn, take, pass, force, throw, play, drop, "
                "forfeit, or melds/lay alone)");
  if (actions != 0 && actions != bit(kTake) && laying)
    in_.fail_at(start, std::string("'") + ((seen & bit(kMelds)) != 0 ? "melds" : "lay") +
                           "' goes only with 'take' (or alone, to lay cards down)");
  if ((seen & bit(kOnto)) != 0 && (seen & bit(kDiscard)) == 0)
    in_.fail_at(start, "'onto' needs a 'discard' (the card thrown onto that seat's table)");

  switch (std::countr_zero(actions)) {
    case kSwap: m.kind = MoveKind::Swap; break;
    case kTurn: m.kind = MoveKind::Turn; break;
    case kTake: m.kind = MoveKind::Take; break;
    case kPass: m.kind = MoveKind::Pass; break;
    case kForce: m.kind = MoveKind::Force; break;
    case kThrow: m.kind = MoveKind::Throw; break;
    case kPlay: m.kind = MoveKind::Play; break;
    case kDrop: m.kind = MoveKind::Drop; break;
    case kForfeitMove: m.kind = MoveKind::Forfeit; break;
    default: m.kind = MoveKind::Lay; break;
  }
}

template <class In>
void Schema<In>::parse_result(RecordResult& r) {
  in_.advance();
  if (in_.is_null()) return;
  if (in_.node() != Node::MappingStart)
    in_.fail_here(std::string("expected {winner: N} or {draw: true}, found ") + in_.found());
  const Place start = in_.start_mark();
  r.mark = in_.mark_of(start);
  const unsigned seen = read_mapping(kResultKeys, "a result key", [&](int k) {
    in_.advance();
    if (k == kWinner) {
      r.winner = seat_value();
    } else if (k == kForfeit) {
      parse_forfeit(r);
    } else if (k == kChips) {
      r.chips_mark = in_.mark_of(in_.start_mark());
      read_short_list("a list of chips, one per seat", [&] { r.chips.push_back(signed_value("a seat's net chips")); });
      r.has_chips = true;
    } else if (k == kPot) {
      r.pot_mark = in_.mark_of(in_.start_mark());
      r.pot = whole_value("the chips left in the pot", 0, kMaxPoints);
      r.has_pot = true;
    } else {
      const std::string_view v = in_.is_scalar() ? in_.scalar_view() : std::string_view{};
      const bool plain = in_.is_plain();
      if (plain && (v == "true" || v == "True" || v == "TRUE")) {
        r.draw = true;
      } else if (plain && (v == "false" || v == "False" || v == "FALSE")) {
        in_.fail_here("'draw: false' is no result; leave 'result' out for an unfinished game");
      } else {
        in_.fail_here(std::string("expected true, found ") +
                      (in_.is_scalar() && !in_.is_null() ? shown(v) : in_.found()));
      }
    }
  });
  if ((seen & (bit(kWinner) | bit(kDraw))) == (bit(kWinner) | bit(kDraw)))
    in_.fail_at(start, "a result has 'winner' or 'draw', not both");
  if ((seen & bit(kForfeit)) != 0 && (seen & bit(kWinner)) == 0)
    in_.fail_at(start, "a forfeit goes with 'winner' (the seat that wins by it)");
  if ((seen & (bit(kWinner) | bit(kDraw))) == 0)
    in_.fail_at(start, seen == 0 ? "expected {winner: N} or {draw: true}, found an empty mapping"
                                 : "a result has 'winner' or 'draw' (beside chips and pot)");
  r.present = true;
}

template <class In>
void Schema<In>::parse_forfeit(RecordResult& r) {
  if (in_.node() != Node::MappingStart)
    in_.fail_here(std::string("expected {seat: S, reason: \"...\"}, found ") + in_.found());
  const Place start = in_.start_mark();
  r.forfeit_mark = in_.mark_of(start);
  const unsigned seen = read_mapping(kForfeitKeys, "a forfeit key", [&](int k) {
    if (k == kForfeitSeat) {
      in_.advance();
      r.forfeit_seat = seat_value();
    } else {
      r.forfeit_reason = text_value("the reason, a string");
    }
  });
  if (seen != (bit(kForfeitSeat) | bit(kForfeitReason))) in_.fail_at(start, "a forfeit has both 'seat' and 'reason'");
}

template <class In>
void Schema<In>::parse_score(RecordScore& sc) {
  in_.advance();
  if (in_.node() != Node::MappingStart)
    in_.fail_here(
        std::string(
            "expected {multiplier: M, total: [...]} (and match_winner on the deal that ends the match), found ") +
        in_.found());
  const Place start = in_.start_mark();
  sc.mark = in_.mark_of(start);
  const unsigned seen = read_mapping(kScoreKeys, "a score key", [&](int k) {
    in_.advance();
    switch (k) {
      case kMultiplier: sc.multiplier = whole_value("a multiplier", 1, kMaxPoints); break;
      case kTotal:
        read_short_list("a list of points, one per seat",
                        [&] { sc.total.push_back(whole_value("a seat's points", 0, kMaxPoints)); });
        break;
      case kMatchWinner: sc.match_winner = seat_value(); break;
      default: break;
    }
  });
  if ((seen & bit(kMultiplier)) == 0)
    in_.fail_at(start, "the score has no 'multiplier' (the multiplier the deal was played at)");
  if ((seen & bit(kTotal)) == 0)
    in_.fail_at(start, "the score has no 'total' (every seat's match points after the deal)");
  sc.present = true;
}

template <class In>
void Schema<In>::parse_match(MatchHeader& m) {
  in_.advance();
  if (in_.node() != Node::MappingStart)
    in_.fail_here(std::string("expected a mapping with ruleset (and id, seats, players, target, stake), found ") +
                  in_.found());
  const Place start = in_.start_mark();
  m.mark = in_.mark_of(start);
  const unsigned seen = read_mapping(kMatchKeys, "a match key", [&](int k) {
    switch (k) {
      case kMatchId:
        in_.advance();
        if (!in_.is_scalar()) in_.fail_here(std::string("expected an id, found ") + in_.found());
        if (!in_.is_null()) m.id = std::string(in_.scalar_view());
        break;
      case kMatchRuleset: ruleset_value(m.ruleset, m.ruleset_inline, m.ruleset_mark); break;
      case kMatchSeats:
        in_.advance();
        m.seats = static_cast<int>(whole_value("a number of seats", 1, kMaxSeatNumber + 1));
        break;
      case kMatchPlayers: parse_players(m.players); break;
      case kMatchTarget:
        in_.advance();
        m.target_mark = in_.mark_of(in_.start_mark());
        m.target = whole_value("a target (the points that win the match)", 1, kMaxPoints);
        break;
      case kMatchStake:
        in_.advance();
        m.stake = whole_value("a stake (the points of a won deal)", 1, kMaxPoints);
        break;
      default: break;
    }
  });
  if ((seen & bit(kMatchRuleset)) == 0)
    in_.fail_at(start, "the match has no 'ruleset' (the ruleset every deal is played under)");
}

}  // namespace schema

// Reads one document whose DOCUMENT-START node is current, up to its DOCUMENT-END: a game
// record into `g`, or a match header into `m` (then `is_match` is set).
template <class In>
void read_document(In& in, GameRecord& g, MatchHeader& m, bool& is_match, SchemaScratch& scratch) {
  schema::Schema<In>(in, scratch).parse_document(g, m, is_match);
}

}  // namespace conquian::record::detail
