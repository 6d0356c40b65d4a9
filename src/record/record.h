// A game record as read from a file, before any rule is applied.
//
// The record layer knows formats, not rules: card tokens stay as text here (the deck that
// gives them meaning comes from the ruleset, which the checker loads). See
// specs/record-format.md for the format.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "cards/deck.h"
#include "record/input_error.h"

namespace conquian::record {

// Seat numbers a record or position file may write (0..63); a ruleset then allows 2 to 4
// (Conquian) or 2 to 15 (Panguingue).
inline constexpr int kMaxSeatNumber = 63;

// A card token's text exactly as written ("Ac", "10o"): at most kMaxTokenBytes bytes, held
// inline, so that a token is made from the parser's view without a string of its own and a
// list of them is copied and freed as plain bytes (a record holds hundreds). Readers refuse a
// longer token, with its place, before they make one.
class TokenText {
 public:
  TokenText() = default;
  // Longer text than kMaxTokenBytes is cut there; the readers never give it.
  explicit TokenText(std::string_view text) : size_(static_cast<std::uint8_t>(std::min(text.size(), kMaxTokenBytes))) {
    // Copies of a fixed size, overlapping when the text is shorter (a copy of a variable size
    // is a call to memcpy, which cost more than the copy itself here).
    static_assert(kMaxTokenBytes == 8);
    const char* from = text.data();
    if (size_ >= 4) {
      std::memcpy(bytes_, from, 4);
      std::memcpy(bytes_ + size_ - 4, from + size_ - 4, 4);
    } else if (size_ >= 2) {
      std::memcpy(bytes_, from, 2);
      std::memcpy(bytes_ + size_ - 2, from + size_ - 2, 2);
    } else if (size_ == 1) {
      bytes_[0] = from[0];
    }
  }
  std::string_view view() const { return {bytes_, size_}; }
  operator std::string_view() const { return view(); }  // NOLINT: a token's text reads as text
  std::string str() const { return std::string(view()); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  friend bool operator==(const TokenText& a, const TokenText& b) { return a.view() == b.view(); }
  friend bool operator==(const TokenText& a, std::string_view b) { return a.view() == b; }
  friend bool operator==(const TokenText& a, const char* b) { return a.view() == std::string_view(b); }
  friend bool operator<(const TokenText& a, const TokenText& b) { return a.view() < b.view(); }
  friend std::string operator+(std::string a, const TokenText& b) { return a.append(b.view()); }
  friend std::string operator+(const char* a, const TokenText& b) { return std::string(a).append(b.view()); }
  friend std::string operator+(const TokenText& a, std::string_view b) { return a.str().append(b); }

 private:
  char bytes_[kMaxTokenBytes] = {};
  std::uint8_t size_ = 0;
};

// A card token as written, with where it was written.
struct Token {
  TokenText text;
  Mark mark;
};
static_assert(std::is_trivially_copyable_v<Token>);

using TokenList = std::vector<Token>;

// What one entry of `moves:` says. Exactly one of the action keys is set (`kind`).
// Play and Drop are Panguingue's declarations ({seat: S, play: true}, {seat: S, drop: true});
// Forfeit its referee's word for a seat that leaves the deal ({seat: S, forfeit: "reason"}).
enum class MoveKind : std::uint8_t { Swap, Turn, Take, Pass, Force, Throw, Lay, Play, Drop, Forfeit };

struct RecordMove {
  Mark mark;  // where the move's mapping starts
  MoveKind kind = MoveKind::Pass;
  int seat = -1;           // `seat:`
  Token card;              // swap / turn / take / pass / throw
  int force_seat = -1;     // `force: N`
  bool has_melds = false;  // `melds:` given (the whole table after)
  std::vector<TokenList> melds;
  bool has_lay = false;  // `lay:` given (cards laid from the hand)
  TokenList lay;
  std::optional<Token> discard;  // `discard:`
  int onto = -1;                 // `onto: N` ("hit" forcing)
  std::int64_t collect = -1;     // `collect: N` (Panguingue: chips from each paying seat), -1 absent
  Mark collect_mark;
  std::string forfeit_reason;  // `forfeit: "..."`
};

struct RecordResult {
  bool present = false;
  bool draw = false;
  int winner = -1;
  Mark mark;
  // `forfeit: {seat: S, reason: "..."}` beside `winner`: the deal ended before its end
  // because seat S broke the referee's rules (specs/record-format.md, "Forfeits").
  int forfeit_seat = -1;
  std::string forfeit_reason;
  Mark forfeit_mark;
  // Panguingue's settlement: `chips: [...]`, each seat's net for the deal, and `pot: N`, what
  // stays on the table (both optional; chips plus pot sum to zero).
  bool has_chips = false;
  std::vector<std::int64_t> chips;
  Mark chips_mark;
  bool has_pot = false;
  std::int64_t pot = 0;
  Mark pot_mark;
};

// The result of a deal that was played to its end: won by `winner`, or drawn.
inline RecordResult won_result(int winner) {
  RecordResult r;
  r.present = true;
  r.winner = winner;
  return r;
}
inline RecordResult drawn_result() {
  RecordResult r;
  r.present = true;
  r.draw = true;
  return r;
}

// A deal's place in a match (`score:`, specs/record-format.md "Matches"): what the
// record states about the match after this deal.
struct RecordScore {
  bool present = false;
  Mark mark;
  std::int64_t multiplier = 0;      // the multiplier this deal was played at
  std::vector<std::int64_t> total;  // every seat's match points after the deal
  int match_winner = -1;            // stated on the deal that ends the match
};

struct GameRecord {
  std::string file;    // the file it came from
  int index = 0;       // 1-based document index in the file
  Mark mark;           // where the document starts
  std::string format;  // "conquian-record/1"
  // The ruleset: a name or path as written, or a mapping written inline (its text as
  // written, indented as in the file; `ruleset` is then ""). Neither: a deal of a match,
  // played under the match's ruleset.
  std::string ruleset;
  std::string ruleset_inline;
  Mark ruleset_mark;  // where the value starts
  std::string id;     // empty: reports use file:index
  std::vector<std::string> players;
  int dealer = 0;
  std::vector<TokenList> hands;  // as dealt, one list per seat
  bool has_stock = false;
  TokenList stock;  // top card first
  std::string salt;
  std::string commitment;  // "sha256:<hex>" or empty
  Mark commitment_mark;
  std::vector<RecordMove> moves;
  RecordResult result;
  RecordScore score;  // deals of a match only

  std::string display_id() const { return id.empty() ? file + ":" + std::to_string(index) : id; }
};

// The first document of a match file (`match:`): the terms every deal after it is played
// under. Absent numbers (-1) are the ruleset's.
struct MatchHeader {
  std::string file;
  int index = 0;        // 1-based document index
  Mark mark;            // where the `match` mapping starts
  std::string id;       // empty: reports use file:index
  std::string ruleset;  // required: a name or path, or inline (as in GameRecord)
  std::string ruleset_inline;
  Mark ruleset_mark;
  int seats = -1;  // optional: must be the ruleset's
  std::vector<std::string> players;
  std::int64_t target = -1;  // points that win the match (the ruleset's match_target)
  Mark target_mark;
  std::int64_t stake = -1;  // points for a won deal before the multiplier (scoring.stake)

  std::string display_id() const { return id.empty() ? file + ":" + std::to_string(index) : id; }
};

// A document that could not be read as a record: it becomes one `malformed` game.
struct RecordError {
  std::string file;
  int index = 0;   // 1-based document index; 0: the file as a whole
  std::string id;  // the record's id if it got that far
  Mark mark;
  std::string message;     // names the key and the reason
  bool ends_file = false;  // the file is not read past it (broken text, a read error)
};

// One document of a record file: a record, a match header, or the reason it is neither.
struct ReadItem {
  std::optional<GameRecord> record;
  std::optional<RecordError> error;
  std::optional<MatchHeader> match;
};

// Called with each document of a file, in order, as it is read.
using RecordSink = std::function<void(ReadItem&&)>;

// Limits that keep hostile input bounded (documented in specs/limits.md).
struct ReadLimits {
  std::size_t max_file_bytes = std::size_t{1} << 30;  // 1 GiB
  std::size_t max_moves = 100'000;                    // per game
  std::size_t max_cards_per_list = 64;
  // A deal's stock: Panguingue's largest pack (11 packs of 40) less the smallest deal.
  std::size_t max_stock_cards = 512;
  std::size_t max_depth = 16;  // YAML nesting
  std::size_t max_scalar_bytes = 4096;
  std::size_t max_inline_ruleset_bytes = 64 * 1024;  // an inline `ruleset:` mapping
  // One line of JSON Lines (a record of max_moves short moves is about 3 MB); refused
  // without being held whole.
  std::size_t max_line_bytes = std::size_t{4} << 20;  // 4 MiB
  // Bytes read from a streamed file (JSON Lines, YAML) at a time: no limit, but a buffer's
  // size (tests make it small, so that documents straddle the chunks).
  std::size_t chunk_bytes = std::size_t{1} << 20;  // 1 MiB
};
}  // namespace conquian::record
