// One game that another program plays move by move (`conquian engine`, specs/protocol.md; the
// referee of issue 26 and the Python module of issue 27 stand on it): made from a ruleset and a
// seed, a deal, a position file or a record cut after N moves; then asked for the legal moves,
// told moves, taken back, shown whole or as one seat sees it, written as a record, solved.
//
// No rule lives here: every question goes to the engine (legal_moves, judge, apply) and every
// move's words to replay/ (to_move, to_record_move, move_json), exactly as `check` replays a
// record, so a move this session finds legal is one `check` finds legal, and a refused move
// carries check's code and sentence. Moves come in and go out in the record's JSON form
// ({"seat": 0, "take": "5h", "melds": [["5h", "5c", "5s"]], "discard": "Kd"}).
//
// A session is a value (copying it clones the game); it is not thread-safe, except that
// solve() only reads it. The record's words of moves played as engine moves are written when
// the record is first read (game_record, record, moves_json), not at every move.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/seat_view.h"
#include "record/record.h"
#include "record/record_reader.h"
#include "rules/ruleset.h"

namespace conquian::serve {

// A request the session cannot use: `code` is the protocol's (bad-field, bad-ruleset,
// bad-deal, bad-position, bad-record, bad-seat, no-record, unsolvable), what() the sentence.
struct SessionError : std::runtime_error {
  SessionError(std::string code_, const std::string& message) : std::runtime_error(message), code(std::move(code_)) {}
  std::string code;
};

// The ruleset a request names: a name or path (a JSON string), or a mapping written inline (a
// JSON object, read as a record's inline `ruleset:`). Throws SessionError bad-ruleset.
std::shared_ptr<const Ruleset> ruleset_from_json(const nlohmann::json& ruleset);

// What play() found: legal, or the code and sentence check gives the move (nothing changed).
struct PlayVerdict {
  bool legal = false;
  std::string code;    // check's code (code_name), "" when legal
  std::string reason;  // check's sentence, "" when legal
};

// What solve() is asked: mode "exact" (every card as the session knows it), "stock_unknown"
// (the stock order forgotten), or "view" (seat's view, solved over its worlds: PIMC).
// Budgets: 0 is the solver's default (nodes), no limit (movetime_ms).
struct SolveRequest {
  std::string mode = "exact";
  int seat = -1;             // mode "view"
  std::uint64_t nodes = 0;   // node budget (exact: of the search; view: of each world)
  std::uint64_t worlds = 0;  // view: enumerate up to this many worlds, else sample this many
  std::uint64_t movetime_ms = 0;
};

// Work done so far, for the protocol's `info` lines (called from the solving thread).
struct SolveProgress {
  std::uint64_t nodes = 0;
  std::uint64_t worlds = 0;
  // The best move at the root so far, in the record's JSON form (a turn from the unknown
  // stock of a view: {"seat": S, "turn": null}; a waive: {"seat": S, "waive": true}), or null.
  nlohmann::json best;
};

class GameSession {
 public:
  // A shuffled deal: the deck shuffled from `seed` as `conquian simulate` deals game 0 of that
  // seed, dealt by `dealer`.
  static GameSession from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int dealer);
  // The deck in `order` (card indices, top first) dealt by `dealer`: a deal of the referee
  // (serve/referee.h), shuffled by the run's seed and the deal's number.
  static GameSession from_order(std::shared_ptr<const Ruleset> rules, const std::vector<Card>& order, int dealer);
  // A deal as records write it: {"dealer": D, "hands": [[cards]...], "stock": [cards]}
  // (stock optional: unknown). Throws SessionError bad-deal with check's code and sentence.
  static GameSession from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal);
  // A position file's text (specs/position-format.md); `rules` overrides the ruleset it names
  // (may be null). Started from a position, the session has no record (record() throws).
  // `name` stands for the file in messages, and a relative ruleset path is read beside it.
  static GameSession from_position(const std::string& text, std::shared_ptr<const Ruleset> rules,
                                   const std::string& name = "<position>");
  static constexpr std::size_t kAllMoves = static_cast<std::size_t>(-1);
  // A record's text, game `game` (1-based) after its first `after` moves (kAllMoves: all); `rules` overrides the
  // ruleset it names (may be null). Throws SessionError bad-record naming the line and reason.
  static GameSession from_record(const std::string& text, std::size_t after, int game,
                                 std::shared_ptr<const Ruleset> rules, const std::string& name = "<record>",
                                 record::RecordFormat format = record::RecordFormat::Yaml);
  // A whole position as it stands (a world drawn from a seat's view: seat_view.h); no record.
  static GameSession from_world(std::shared_ptr<const Ruleset> rules, const Position& world);

  const Ruleset& rules() const { return *rules_; }
  const std::shared_ptr<const Ruleset>& rules_ptr() const { return rules_; }
  const Position& position() const { return pos_; }
  int to_act() const;
  bool over() const { return pos_.result.over(); }

  // Every move the seat to act may play, in the record's JSON form. In a force window the
  // seat that may force is listed with its forces, and the moves that follow if it does not
  // (a record writes no waive: the next move declines the force).
  std::vector<nlohmann::json> legal() const;
  // The same as engine moves, with the position each is played in.
  struct LegalMove {
    Position before;
    Move move;
  };
  std::vector<LegalMove> legal_moves() const;
  // The same into `out` (cleared first, its storage reused: a playout asks at every move).
  void legal_moves(std::vector<LegalMove>& out) const;
  // Judges `move` (the record's JSON form) as check judges the next move of a record; plays
  // it when legal. A move that is not a mapping of the record's keys throws SessionError
  // bad-field; one whose words do not resolve (an unknown card) is illegal with check's code.
  PlayVerdict play(const nlohmann::json& move);
  // Plays one of legal_moves() as it stands, without going through its JSON words: judged by
  // the engine and applied as play() does, the record given the move's words (to_record_move
  // of the position it is listed in). The fast path of the Python module's apply_action.
  PlayVerdict play(const LegalMove& move);
  // The engine's own moves at this decision, a force window's waive included (the bot
  // protocol lists it: serve/protocol_moves.h); empty when the deal is over.
  std::vector<Move> engine_moves() const;
  // Judges an engine move (a waive included) as check judges the next move, and plays it
  // when legal; the record gets the move's words as record_moves.h writes them (a waive has
  // none). The referee's road: a bot's words are read into a move first (protocol_moves.h).
  PlayVerdict play(const Move& move);
  // Forgets the stock's order, in the position and in the record's deal (which then has no
  // `stock`, as a record may be written): every turn may show any unseen card, as `check`
  // judges a record without a stock. For a game whose turns are chance (specs/python.md).
  void forget_stock_order();
  // Takes back the last move played; false when none was played since the start.
  bool undo();
  std::size_t moves_played() const { return history_.size(); }

  // Everything about the game, as `conquian show --json` gives it (serve/state_json.h).
  nlohmann::json state() const;
  // What `seat` may know (serve/state_json.h). Throws SessionError bad-seat.
  nlohmann::json view(int seat) const;
  SeatView seat_view(int seat) const;
  // The game so far as a record `check` accepts (YAML text); throws SessionError no-record
  // when the session started from a position (no deal to write).
  std::string record() const;
  // The same game as a record (deal and moves, no result); throws SessionError no-record.
  const record::GameRecord& game_record() const;

  // The deal as records write it, the form from_deal reads ({"dealer", "hands", "stock"},
  // no stock when it is unknown); null without a record.
  nlohmann::json deal_json() const;
  // The moves played since the deal (empty without a record), in the record's JSON form.
  nlohmann::json moves_json() const;
  // The same as `seat` saw them: another seat's swap card is passed face down, so its card is null.
  nlohmann::json moves_seen_by(int seat) const;

  // What `conquian solve --json` answers for the position (mode "view": `solve --view SEAT
  // --json`), plus "stopped": true when `stop` turned true or the movetime ran out first: an
  // answer with a best move whenever the seat to act has a choice (solve/answer.h). The
  // search polls `stop` where it checks its node budget (every 1,024 nodes); the movetime is
  // the answer's time budget (the search the first half, an estimate the rest when the search
  // does not finish). `progress` (may be empty) is called at once, then four times a second and
  // whenever the best move so far changes, from another thread (SolveProgress). Throws
  // SessionError unsolvable with solve's reason.
  nlohmann::json solve(const SolveRequest& request, std::atomic<bool>& stop,
                       const std::function<void(const SolveProgress&)>& progress = {}) const;

 private:
  GameSession() = default;
  PlayVerdict play_engine_move(const Move& move);
  void push_history();
  // Writes the words of the unworded_ moves into the record, in order.
  void put_words() const;
  std::shared_ptr<const Ruleset> rules_;
  Position pos_;
  // The deal's words and the moves played (absent when started from a position); the words of
  // the moves played as engine moves are written when the record is read (put_words), so the
  // record is mutable: reading it changes nothing it says.
  mutable std::optional<record::GameRecord> record_;
  std::vector<Position> history_;      // the position before each move played
  std::vector<std::size_t> wordless_;  // indices into history_ of moves the record has no words for (a waive)
  struct Unworded {
    std::size_t index;  // into history_
    Move move;
  };
  // Engine moves played since the record's words were last written, oldest first (with a record only).
  mutable std::vector<Unworded> unworded_;
};

}  // namespace conquian::serve
