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
  // Each seat's chips for the deal so far (Panguingue: antes, forfeits, conditions, going
  // out; Conquian: a won deal moves one stake from each other seat to the winner), and the pot.
  // They sum to zero with the pot.
  virtual std::vector<std::int64_t> chips() const = 0;
  virtual std::int64_t pot() const = 0;

  // Every move the seat to act may play, in the record's JSON form. In a force window the seat
  // that may force is listed with its forces, and the moves that follow if it does not (a
  // record writes no waive: the next move declines the force).
  virtual std::vector<nlohmann::json> legal() const = 0;
  // The same as one JSON array's text, appended (the protocol answers it many times a second).
  virtual void append_legal_json(std::string& out) const = 0;
  // Judges `move` (the record's JSON form) as check judges the next move of a record; plays
  // it when legal. A move that is not a mapping of the record's keys throws SessionError
  // bad-field; one whose words do not resolve (an unknown card) is illegal with check's code.
  virtual PlayVerdict play(const nlohmann::json& move) = 0;
  // Takes back the last move played; false when none was played since the start.
  virtual bool undo() = 0;
  virtual std::size_t moves_played() const = 0;

  // The bot protocol's road (specs/referee.md): the moves as a bot is offered them (a force
  // window's waive as {"seat": S, "waive": true}), and a bot's answer played for seat `asked`:
  // "" when legal, else the sentence of the forfeit (the game is then as it was). An answer in a
  // force window that is neither a force nor a waive means nobody forced: the waive is played first.
  virtual std::vector<nlohmann::json> protocol_legal() const = 0;
  virtual std::string play_answer(int asked, const nlohmann::json& answer) = 0;
  // The last move played as `seat` may see it, in the protocol's words (a card passed face down
  // is null to a seat that does not know it); null when no move was played.
  virtual nlohmann::json last_move_seen_by(int seat) const = 0;
  // Seat `seat` broke the bot protocol. Panguingue: it leaves the deal as a drop does (the
  // record says {seat: S, forfeit: "reason"}) and the others play on: true. Conquian: the deal
  // ends by forfeit in its result (the referee writes it): false, and nothing changes here.
  virtual bool forfeit(int seat, const std::string& reason) = 0;

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
