// Playing whole deals with the built-in players, as records `conquian check` finds legal.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "batch/players.h"
#include "record/record.h"

namespace conquian::batch {

struct DealStats {
  Outcome outcome;
  int moves = 0;           // record moves (a waived force window is no move)
  int turned = 0;          // cards turned from the stock
  int forces = 0;          // force moves
  int decline_forces = 0;  // ... after the forced seat passed a card that fit (rule decline)
  int offer_forces = 0;    // ... in place of the forcing seat's take or pass (rule offer)
  int hits = 0;            // takes with `onto`
  int takes = 0;
  int loser_points = 0;  // cards left in the losers' hands (hand_points scoring)
  // What each force (or hit) led to: the forced (hit) seat won the deal, the forcing
  // (hitting) seat won it, the deal was drawn; the rest: a third seat won.
  int forced_won = 0, forcer_won = 0, forced_drawn = 0;
};

struct SimulatedDeal {
  record::GameRecord record;
  DealStats stats;
};

// Plays one deal from a deck order (positions 0.. dealt seat by seat, the rest the stock,
// top first) with one player per seat; `rng` feeds the players' choices. When `rec` is not
// null the deal and every move are written into it (its ruleset and id are the caller's).
DealStats play_deal(const Ruleset& rules, std::span<const Card> deck, int dealer, Rng& rng,
                    std::span<Player* const> players, record::GameRecord* rec);

// Deal number `index` of the run with `seed`: shuffled, played, recorded. `players` holds
// one player name per seat (or one name for every seat). `seats`: how many sit (Panguingue's
// deals may seat any number in the ruleset's range; 0: the ruleset's seats, or
// PanGame::default_seats). A Panguingue deal is played by batch/pan_simulate.h; its stats then
// hold only the outcome and the moves.
SimulatedDeal simulate_deal(const Ruleset& rules, const std::string& ruleset_name, std::uint64_t seed,
                            std::uint64_t index, const std::vector<std::string>& players, int seats = 0);

}  // namespace conquian::batch
