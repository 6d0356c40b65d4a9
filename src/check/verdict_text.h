// A verdict as `check` prints it, one line (two for an illegal move: the move as written).
// `check` prints it for every game; `analyse` for a game it refuses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "check/game_verdict.h"
#include "replay/chips_words.h"

namespace conquian::check {

std::string verdict_text(const GameVerdict& v);

// A night's settlement: every finished deal's chips added up by player name (or by seat where
// records name no players), and the pots left on the table. The totals and the pots sum to zero.
struct ChipTotals {
  std::vector<std::string> names;  // in the order first met
  std::vector<std::int64_t> chips;
  std::int64_t pots = 0;
  int deals = 0;
  void add(const GameVerdict& v);
  bool empty() const { return deals == 0; }
  std::string text() const;  // "chips over N deals: seat 0 +28, seat 1 -28; pots 0"
};
std::string outcome_text(const Outcome& outcome);  // "seat 0 won", "drawn", "unfinished"

}  // namespace conquian::check
