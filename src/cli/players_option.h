// --players of simulate and diff, checked against each ruleset before any deal is played.
#pragma once

#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace conquian::cli {

// Throws CommandError for an unknown player (with the nearest name), more names than the
// ruleset has seats, or "strong" where it cannot play (more than two seats: it would
// silently play as greedy, src/batch/strong_player.cpp).
// `seats`: a panguingue deal's seats (0: its default).
void check_players(const std::vector<std::string>& players, const Ruleset& rules, int seats = 0);
// Throws CommandError when --seats (0: not given) is given for a conquian ruleset, whose seats
// are fixed, or falls outside a panguingue ruleset's range.
void check_seats(int seats, const Ruleset& rules);

}  // namespace conquian::cli
