// What `referee` and `tournament` share: the options that name the ruleset, the players and
// their time, and the referee's setup and seat players built from them.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "serve/referee.h"
#include "serve/seat_player.h"

namespace conquian::cli {

// --player (required, `player_help` says how many) and --move-time.
void add_player_options(CLI::App& cmd, std::vector<std::string>& players, int& move_time,
                        const std::string& player_help);

// The referee's setup: the ruleset as records name it (a shipped name as `asked`, any other
// written inline), the seed of the shuffles and a bot's time for each answer.
serve::RefereeSetup referee_setup(const Ruleset& rules, const std::string& asked, std::uint64_t seed, int move_time_ms);

// The players of --player words, owned here; `seats` points into `owned`.
struct SeatPlayers {
  std::vector<std::unique_ptr<serve::SeatPlayer>> owned;
  std::vector<serve::SeatPlayer*> seats;
};
// `pan`: the built-in names are Panguingue's players (batch/pan_players.h).
SeatPlayers seat_players(const std::vector<std::string>& words, std::size_t max_line, const Ruleset& rules);
// The seats `players` sit at under `rules`: the ruleset's (Conquian), or as many as there are
// players within the ruleset's range (Panguingue); throws CommandError naming the option.
int table_seats(const Ruleset& rules, std::size_t players);

}  // namespace conquian::cli
