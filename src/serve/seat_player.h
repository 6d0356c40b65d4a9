// A player as the referee speaks to it: every line of the bot protocol (specs/referee.md)
// goes to it, whether it is a child process (a command line) or a built-in player of
// batch/players.h in this process. A built-in answers `act` by choosing among the legal
// moves and writing its choice in the protocol's words, so its move takes the same road
// back (read, judged) as a bot's.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "serve/session.h"

namespace conquian::serve {

struct ActAnswer {
  std::optional<nlohmann::json> move;  // the value of "move" in the answer
  std::string fault;                   // else why the seat forfeits ("timeout: ...")
  double seconds = 0;                  // wall time from the act line sent to the answer read
};

// What one line a bot wrote in answer to `act` says: a move (the value of its "move"), a
// fault that forfeits ("not JSON: '...' (why)", "not a move: '...'"), or, with `after_start`,
// a JSON line without "move" that is the bot's answer to `start` (to be skipped). Any bytes:
// a fault quotes the line with every byte that is not printable UTF-8 escaped (\xFF), so
// that it can be written in a record and sent to the other seats as JSON.
struct BotAnswerLine {
  std::optional<nlohmann::json> move;
  std::string fault;
  bool start_reply = false;
};
BotAnswerLine read_bot_answer(const std::string& line, bool after_start);

class SeatPlayer {
 public:
  virtual ~SeatPlayer() = default;
  // The name written in the records' `players` and in the tournament's tables.
  virtual const std::string& name() const = 0;
  // A deal begins: `start` is the protocol's start line for this seat.
  virtual std::string start(std::uint64_t seed, std::uint64_t deal, const std::string& start_line) = 0;
  // A line that takes no answer (observe, end, quit); "" or the fault that forfeits.
  virtual std::string tell(const std::string& line, int time_ms) = 0;
  // A line that takes no answer and may wait to go with the seat's next line (an observe):
  // the bot reads the same lines in the same order, in fewer writes. A process seat keeps it
  // until its next act, tell or start (or until enough is waiting); "" or the fault.
  virtual std::string tell_later(const std::string& line, int time_ms) { return tell(line, time_ms); }
  // The act line; `game` is for a built-in player only (which looks at no more than its
  // seat's view: batch/players.h, batch/pan_players.h).
  virtual ActAnswer act(const std::string& line, const Session& game, int time_ms) = 0;
  // After a fault: the process is killed, and started again at the next deal.
  virtual void restart() = 0;
};

// A built-in player of the game `rules` plays (batch/players_of.h), or else a command line run
// by /bin/sh -c. `max_line`: the longest answer line a command may write.
std::unique_ptr<SeatPlayer> make_seat_player(const std::string& spec, std::size_t max_line, const Ruleset& rules);
bool is_builtin_player(const std::string& spec, const Ruleset& rules);

}  // namespace conquian::serve
