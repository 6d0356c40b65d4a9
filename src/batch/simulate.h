// Playing whole deals with the built-in players, as records `conquian check` finds legal.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "batch/players.h"
#include "record/record.h"

namespace conquian::batch {

struct DealStats {
  Outcome outcome;
  int moves = 0;
  int forces = 0;        // force moves
  int hits = 0;          // takes with `onto`
  int takes = 0;
  int loser_points = 0;  // cards left in the losers' hands (hand_points scoring)
};

struct SimulatedDeal {
  record::GameRecord record;
  DealStats stats;
};

// Deal number `index` of the run with `seed`: shuffled, played, recorded. `players` holds
// one player name per seat (or one name for every seat).
SimulatedDeal simulate_deal(const Ruleset& rules, const std::string& ruleset_name, std::uint64_t seed,
                            std::uint64_t index, const std::vector<std::string>& players);

}  // namespace conquian::batch
