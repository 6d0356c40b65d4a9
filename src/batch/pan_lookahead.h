// Which of a Panguingue seat's legal moves are worth playing out (pan_strong_player.cpp): a
// take may be listed a hundred times over (every set of cards laid, every discard), and
// playing each out is too slow, while most are plainly worse than a few.
#pragma once

#include <cstddef>
#include <vector>

#include "batch/pan_players.h"

namespace conquian::batch {

// Indices into `legal` for `seat` at `p`: a take that goes out alone when there is one (it ends
// the deal with the pot: nothing beats it); else greedy's `takes` favourite takes, best first,
// and every move that is not a take (pass, force, waive, play, drop).
std::vector<std::size_t> pan_lookahead_moves(const pan::Position& p, int seat, const std::vector<pan::Move>& legal,
                                             std::size_t takes);

}  // namespace conquian::batch
