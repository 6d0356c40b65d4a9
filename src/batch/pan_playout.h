// Playing a Panguingue world out to its end with one player at every seat: how a player that
// looks ahead by sampled worlds (pan_strong_player.cpp) scores a move. The position must be
// whole (every hand and the stock's order known: pan::sample_world_with_stock deals one).
#pragma once

#include <cstdint>

#include "batch/pan_players.h"

namespace conquian::batch {

// `seat`'s chips when `pos` is played on to its end by `player` at every seat (the chips
// standing when the deal stops short of an end, which a deal of the engine never does).
std::int64_t pan_playout_chips(pan::Position pos, int seat, PanPlayer& player, Rng& rng);

}  // namespace conquian::batch
