// --players of simulate and diff, checked against each ruleset before any deal is played.
#pragma once

#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace conquian::cli {

// Throws CommandError for an unknown player (with the nearest name), more names than the
// ruleset has seats, or "strong" where it cannot play (more than two seats: it would
// silently play as greedy, src/batch/strong_player.cpp).
void check_players(const std::vector<std::string>& players, const Ruleset& rules);

}  // namespace conquian::cli
