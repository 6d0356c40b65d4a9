// The referee (specs/referee.md): deals, asks the seat to act for a move with its own view
// and the legal moves, judges the answer with the engine, tells every seat each move as it
// may see it, and ends the deal by forfeit when a seat breaks the protocol. Every deal
// comes out as a record that `conquian check` accepts.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "record/record.h"
#include "rules/ruleset.h"
#include "serve/seat_player.h"
#include "turn/outcome.h"

namespace conquian::serve {

struct RefereeDeal {
  record::GameRecord record;
  Outcome outcome;
  int forfeit_seat = -1;  // the seat whose forfeit ended the deal (Conquian), or -1
  std::string forfeit_reason;
  // Panguingue: the seats that forfeited and left the deal while the others played on.
  struct Forfeit {
    int seat;
    std::string reason;
  };
  std::vector<Forfeit> forfeits;
  std::vector<std::int64_t> chips;  // each seat's net (Conquian: the stake of a won deal)
  std::int64_t pot = 0;
  int moves = 0;               // moves asked and played (a waive included)
  double bot_seconds = 0;      // the seats' time answering `act`
  double referee_seconds = 0;  // the rest: the referee's own time for the deal
};

// Every line sent to a seat, as sent (the leak scan of the tests reads them).
using LineObserver = std::function<void(int seat, std::string_view line)>;

struct RefereeSetup {
  const Ruleset* rules = nullptr;
  std::string ruleset_name;  // as records write it (a name, or "" with ruleset_inline)
  std::string ruleset_inline;
  std::uint64_t seed = 0;
  int move_time_ms = 1000;
  bool seal = false;
  LineObserver observer;  // may be empty
};

class Referee {
 public:
  // One player per seat: the ruleset's seats (Conquian), or as many as sit (Panguingue, within
  // its range).
  Referee(RefereeSetup setup, std::vector<SeatPlayer*> seats);
  // Deal `index` of the run: dealt as `conquian simulate` deals it (the same seed and index
  // give the same cards), `swap_seats` with the players seated the other way round (a
  // duplicate pair: seat s gets the player of seat seats-1-s).
  RefereeDeal play(std::uint64_t index, bool swap_seats = false);
  // The same deal with the players rotated: seat s gets the player of seat (s + shift) mod n,
  // or with `reverse` of seat (shift - s) mod n (a duplicate ring plays every rotation).
  RefereeDeal play_rotated(std::uint64_t index, int shift, bool reverse = false);
  // Sends `quit` to every seat.
  void quit();

 private:
  RefereeSetup setup_;
  std::vector<SeatPlayer*> seats_;
  // setup_.rules for the deals' game sessions (serve/game_session.h), not owned: the caller
  // keeps the ruleset for the referee's life, as RefereeSetup says.
  std::shared_ptr<const Ruleset> rules_;
};

}  // namespace conquian::serve
