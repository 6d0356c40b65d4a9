// A tournament at a table of more than two seats (specs/referee.md, "Rings"): a duplicate ring. All
// the players sit at one table of as many seats, and every deal is played once for each seat
// a player can take, the players rotated round the table (seat s gets player s + k), so that
// each player holds every hand of the deal once and the luck of the cards cancels. Per player:
// the chips won a deal (over its rotations) with the 95 % interval over the deals, the deals it
// won, dropped (Panguingue) and forfeited, and a Bradley-Terry rating on the Elo scale from the pairwise
// comparisons of chips in each game (more chips than another player at the same table: a win
// over it), with a bootstrap interval over the deals.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "batch/stats.h"
#include "serve/referee.h"

namespace conquian::serve {

struct RingStanding {
  std::string name;
  double chips = 0;          // chips a deal, the mean over the deals (each the mean of its rotations)
  batch::Interval chips_ci;  // its 95 % interval over the deals
  std::uint64_t won = 0, dropped = 0, forfeits = 0, games = 0;
  double rating = 0;
  batch::Interval rating_ci;
};

struct RingReport {
  std::string game;  // the game's name (turn/game.h, kName)
  std::string ruleset;
  std::uint64_t deals = 0;
  std::uint64_t seed = 0;
  int seats = 0;
  int move_time_ms = 0;
  std::vector<std::string> players;
  std::vector<RingStanding> standings;  // in the players' order
  int bootstrap_samples = 0;
};

// Plays `deals` deals, each with every rotation of the players round the table.
// `progress(games)` is called after each game (may be empty).
RingReport play_ring(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players, std::uint64_t deals,
                     const std::function<void(std::uint64_t)>& progress);

// The report as text and as JSON (specs/referee.md).
std::string ring_text(const RingReport& r);
nlohmann::json ring_json(const RingReport& r);

}  // namespace conquian::serve
