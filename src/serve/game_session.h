// A Conquian game that another program plays move by move: the session of serve/session.h for
// Conquian (serve/session_of.h does the part every game shares), made from a ruleset and a
// seed, a deal, a position file or a record cut after N moves, and with what only Conquian
// has: its 64-bit position, one seat's view and its worlds, the stock's order forgotten, and
// the solvers of `conquian solve`.
//
// A session is a value (copying it clones the game); it is not thread-safe, except that
// solve() only reads it. The record's words of moves played as engine moves are written when
// the record is first read (game_record, record, moves_json), not at every move.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/game.h"
#include "engine/seat_view.h"
#include "record/record.h"
#include "record/record_reader.h"
#include "rules/ruleset.h"
#include "serve/session_of.h"

namespace conquian::serve {

// The ruleset a request names: a name or path (a JSON string), or a mapping written inline (a
// JSON object, read as a record's inline `ruleset:`). Throws SessionError bad-ruleset.
std::shared_ptr<const Ruleset> ruleset_from_json(const nlohmann::json& ruleset);

class GameSession final : public SessionOf<ConquianGame> {
 public:
  // A shuffled deal: the deck shuffled from `seed` as `conquian simulate` deals game 0 of that
  // seed, dealt by `dealer`.
  static GameSession from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int dealer);
  // The deck in `order` (card indices, top first) dealt by `dealer`: a deal of the referee
  // (serve/referee.h), shuffled by the run's seed and the deal's number.
  static GameSession from_order(std::shared_ptr<const Ruleset> rules, const std::vector<Card>& order, int dealer);
  // The same with the seats named, as every game's session is dealt (the ruleset's, else
  // SessionError bad-field).
  static GameSession from_order(std::shared_ptr<const Ruleset> rules, int seats, const std::vector<Card>& order,
                                int dealer);
  // A deal as records write it: {"dealer": D, "hands": [[cards]...], "stock": [cards]}
  // (stock optional: unknown). Throws SessionError bad-deal with check's code and sentence.
  static GameSession from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal);
  // A position file's text (specs/position-format.md); `rules` overrides the ruleset it names
  // (may be null). Started from a position, the session has no record (record() throws).
  // `name` stands for the file in messages, and a relative ruleset path is read beside it.
  static GameSession from_position(const std::string& text, std::shared_ptr<const Ruleset> rules,
                                   const std::string& name = "<position>");
  static constexpr std::size_t kAllMoves = serve::kAllMoves;
  // A record `rec` (read already, its ruleset `rules`) after its first `after` moves (kAllMoves:
  // all). Throws SessionError bad-record naming the line and reason.
  static GameSession from_record(record::GameRecord rec, std::size_t after, std::shared_ptr<const Ruleset> rules);
  // A whole position as it stands (a world drawn from a seat's view: seat_view.h); no record.
  static GameSession from_world(std::shared_ptr<const Ruleset> rules, const Position& world);

  std::unique_ptr<Session> clone() const override { return std::make_unique<GameSession>(*this); }

  nlohmann::json state() const override;
  void append_state_json(std::string& out) const override;
  nlohmann::json view(int seat) const override;
  SeatView seat_view(int seat) const;

  // What `conquian solve --json` answers for the position (mode "view": `solve --view SEAT
  // --json`), plus "stopped": true when `stop` turned true or the movetime ran out first: an
  // answer with a best move whenever the seat to act has a choice (solve/answer.h). The
  // search polls `stop` where it checks its node budget (every 1,024 nodes); the movetime is
  // the answer's time budget (the search the first half, an estimate the rest when the search
  // does not finish). `progress` (may be empty) is called at once, then four times a second and
  // whenever the best move so far changes, from another thread (SolveProgress). Throws
  // SessionError unsolvable with solve's reason.
  nlohmann::json solve(const SolveRequest& request, std::atomic<bool>& stop,
                       const std::function<void(const SolveProgress&)>& progress = {}) const override;

 private:
  GameSession() = default;
};

template <>
struct SessionType<ConquianGame> {
  using type = GameSession;
};

}  // namespace conquian::serve
