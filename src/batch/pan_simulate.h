// Playing whole Panguingue deals with the built-in players, as records `conquian check` finds
// legal, each with its settlement (every take's `collect`, and `chips` and `pot` in the result).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "batch/pan_players.h"
#include "record/record.h"

namespace conquian::batch {

struct PanDealStats {
  Outcome outcome;
  int seats = 0;
  int moves = 0;   // record moves (a waived force window is no move)
  int turned = 0;  // cards turned from the stock
  int takes = 0;
  int forces = 0;
  int drops = 0;                    // seats that dropped
  std::uint32_t dropped = 0;        // bit s: seat s dropped
  std::vector<std::int64_t> chips;  // each seat's net
  std::int64_t pot = 0;             // left in the pot at the end (a drawn deal's)
  bool went_out = false;            // won by going out (the winner's table reached the target)
  std::int64_t conditions = 0;      // chips paid for conditions (pan::ChipReason::Condition)
  std::int64_t pot_taken = 0;       // the pot the winner took (pan::ChipReason::Pot; 0 when drawn)
};

// Plays one deal from a pack order (dealt by pan::deal) with one player per seat; `rng` feeds
// the players' choices. When `rec` is not null the deal, every move and the result with its
// settlement are written into it (its ruleset and id are the caller's).
PanDealStats play_pan_deal(const Ruleset& rules, int seats, std::span<const Card> order, int dealer, Rng& rng,
                           std::span<PanPlayer* const> players, record::GameRecord* rec);

// The pack (pan::pack_cards) in a random order drawn from `rng`.
std::vector<Card> shuffled_pack(const Ruleset& rules, Rng& rng);

}  // namespace conquian::batch
