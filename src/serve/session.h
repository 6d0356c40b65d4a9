// A game in progress as every front end holds it, whichever game of the family it plays: the
// engine protocol (specs/protocol.md), the referee and tournaments, the Python module and the
// web board all stand on this interface (OpenSpiel's State, in the record's JSON words).
// serve/session_of.h writes it once for every game of turn/game.h; GameSession (Conquian) and
// PanSession (Panguingue) add what only their game has. Make one with serve/sessions.h.
//
// No rule lives here or below it in serve/: every question goes to the game's engine (through
// turn/game.h's interface) and every move's words to replay/, exactly as `check` replays a
// record, so a move a session finds legal is one `check` finds legal, and a refused move
// carries check's code and sentence. Moves come in and go out in the record's JSON form
// ({"seat": 0, "take": "5h", "melds": [["5h", "5c", "5s"]], "discard": "Kd"}).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "record/record.h"
#include "rules/ruleset.h"
#include "turn/outcome.h"

namespace conquian::serve {

// A request the session cannot use: `code` is the protocol's (bad-field, bad-ruleset,
// bad-deal, bad-position, bad-record, bad-seat, no-record, unsolvable), what() the sentence.
struct SessionError : std::runtime_error {
  SessionError(std::string code_, const std::string& message) : std::runtime_error(message), code(std::move(code_)) {}
  std::string code;
};

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
  unsigned threads = 1;  // view: worlds solved at once (the pool's threads)
  // exact, stock_unknown: every move's value beside the best (solve --all-moves), for a board
  // that lists each legal move with its worth.
  bool all_moves = false;
};

// Work done so far, for the protocol's `info` lines (called from the solving thread).
struct SolveProgress {
  std::uint64_t nodes = 0;
  std::uint64_t worlds = 0;
  // The best move at the root so far, in the record's JSON form (a turn from the unknown
  // stock of a view: {"seat": S, "turn": null}; a waive: {"seat": S, "waive": true}), or null.
  nlohmann::json best;
};

class Session {
 public:
  virtual ~Session() = default;
  virtual std::unique_ptr<Session> clone() const = 0;

  virtual const std::shared_ptr<const Ruleset>& rules_ptr() const = 0;
  const Ruleset& rules() const { return *rules_ptr(); }
  virtual int seats() const = 0;
  // The seat whose decision it is (in a force window: the seat that may force), -1 when over.
  virtual int to_act() const = 0;
  virtual bool over() const = 0;
  virtual Outcome outcome() const = 0;
  // Each seat's chips for the deal so far, as its game settles them (turn/game.h: Panguingue's
  // antes, forfeits, conditions and going out; Conquian's scoring of a won deal, the stake or the
  // hand points each loser pays), and the pot. They sum to zero with the pot.
  virtual std::vector<std::int64_t> chips() const = 0;
  virtual std::int64_t pot() const = 0;

  // The moves `seat` may choose now, as it is offered them (turn/game.h, offered_moves): its
  // own only, each naming only cards it can see, in the protocol's words: the record's JSON
  // form, a force window's waive as {"seat": S, "waive": true}, a turn of the face-down stock
  // as {"seat": S, "turn": null}. Empty when another seat is to act or the deal is over.
  virtual std::vector<nlohmann::json> legal_for(int seat) const = 0;
  // legal_for(the seat to act), and the same as one JSON array's text, appended (the protocol
  // answers it many times a second).
  virtual std::vector<nlohmann::json> legal() const = 0;
  virtual void append_legal_json(std::string& out) const = 0;
  // Judges `move` as check judges the next move of a record (the record's JSON form; also a
  // waive or a blind turn in the protocol's words); plays it when legal. A move that is not a
  // mapping of the record's keys throws SessionError bad-field; one whose words do not resolve
  // (an unknown card) is illegal with check's code. A record writes no waive: in a force window
  // the next move declines the force.
  virtual PlayVerdict play(const nlohmann::json& move) = 0;
  // Takes back the last move played; false when none was played since the start.
  virtual bool undo() = 0;
  virtual std::size_t moves_played() const = 0;

  // A seat's answer (the bots of specs/referee.md, the board's card table): `answer` played
  // for seat `asked`, "" when legal, else the sentence of the refusal (the game is then as it
  // was). Only the seat's own moves are its to play, and a card it cannot see (the stock's next)
  // is not its to name. In a force window an answer that is neither a force nor a waive means
  // nobody forced: the waive is played first.
  virtual std::string play_for(int asked, const nlohmann::json& answer) = 0;
  // The last move played as `seat` may see it, in the protocol's words (a card passed face down
  // is null to a seat that does not know it); null when no move was played.
  virtual nlohmann::json last_move_seen_by(int seat) const = 0;
  // Seat `seat` broke a protocol, and its game decides what follows (turn/game.h): Panguingue's
  // seat leaves as a drop does (the record says {seat: S, forfeit: "reason"}) and the others
  // play on: true. Conquian's deal ends, won by the next seat: false (the referee writes the
  // forfeit into the result).
  virtual bool forfeit(int seat, const std::string& reason) = 0;
  // An upper bound on the moves of this deal (turn/game.h, max_plies).
  virtual int max_plies() const = 0;

  // Everything about the game (`conquian show --json`), and what `seat` may know (throws
  // SessionError bad-seat).
  virtual nlohmann::json state() const = 0;
  virtual void append_state_json(std::string& out) const = 0;
  virtual nlohmann::json view(int seat) const = 0;
  // The game so far as a record `check` accepts (YAML text), with its result (and settlement)
  // once over; throws SessionError no-record when the session started from a position.
  virtual std::string record() const = 0;
  // The same game as a record (deal and moves, no result); throws SessionError no-record.
  virtual const record::GameRecord& game_record() const = 0;
  // The deal's result in a record's words (with Panguingue's settlement), nothing while it goes on.
  virtual void put_result(record::RecordResult& result) const = 0;
  // The deal as records write it ({"dealer", "hands", "stock"}), null without a record.
  virtual nlohmann::json deal_json() const = 0;
  // The moves played since the deal, in the record's JSON form, and as `seat` saw them.
  virtual nlohmann::json moves_json() const = 0;
  virtual nlohmann::json moves_seen_by(int seat) const = 0;

  // What `conquian solve --json` answers for the position (specs/solve.md), or SessionError
  // unsolvable with the reason when this game or position cannot be solved.
  virtual nlohmann::json solve(const SolveRequest& request, std::atomic<bool>& stop,
                               const std::function<void(const SolveProgress&)>& progress = {}) const = 0;
};

}  // namespace conquian::serve
