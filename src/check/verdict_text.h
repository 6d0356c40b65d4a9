// A verdict as `check` prints it, one line (two for an illegal move: the move as written).
// `check` prints it for every game; `analyse` for a game it refuses.
#pragma once

#include <string>

#include "check/game_verdict.h"

namespace conquian::check {

std::string verdict_text(const GameVerdict& v);
std::string outcome_text(const Outcome& outcome);  // "seat 0 won", "drawn", "unfinished"

}  // namespace conquian::check
