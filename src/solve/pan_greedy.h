// Panguingue's rule of thumb ("greedy") and a world played out with it at every seat: the one
// copy that the built-in players (batch/pan_players.cpp) and the estimates from a seat's view
// (pan_estimate.h: `solve --view`, `analyse`, the engine's hint) all ask.
//
// Greedy sees only what its seat may see: its own hand, every table, the dead cards and the
// face-up card.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pan/position.h"

namespace conquian::solve {

// How many other cards of `hand` the card `c` could meld with: copies and cards of its rank
// (a group), cards of its suit within two ranks (a sequence).
int pan_partners(const Deck& d, const CardCounts& hand, Card c);

// The cards of `seat`'s hand that have a partner in it.
int pan_paired_cards(const pan::Position& p, int seat);

// Greedy's declaration for `seat` at `p`: play, or drop when the hand has few cards with a
// partner and the ruleset's forfeit is cheap beside what a hand that never melds pays
// (pan_greedy.cpp says how the two are weighed).
bool greedy_pan_plays(const pan::Position& p, int seat);

// How much greedy likes a move at `p` for `seat` (the highest it plays): a take first (the more
// cards on the table, the more chips it collects, the better), its discard the card with the
// fewest partners left; never a force.
long greedy_pan_score(const pan::Position& p, int seat, const pan::Move& m);

// Greedy's choice among `legal` (the moves of the seat to act at `p`): an index into it.
std::size_t greedy_pan_choice(const pan::Position& p, const std::vector<pan::Move>& legal);

// `seat`'s chips when `pos` (whole: every hand and the stock's order known, as
// pan::sample_world_with_stock deals it) is played on to its end with greedy at every seat.
// A seat that has dropped, where only seats still in pay conditions, has its chips settled:
// they are returned at once.
std::int64_t pan_greedy_playout(pan::Position pos, int seat);

// Which of `seat`'s legal moves at `p` are worth playing out: a take may be listed a hundred
// times over (every set of cards laid, every discard), most plainly worse than a few. Indices
// into `legal`: a take that goes out alone when there is one (it ends the deal with the pot:
// nothing beats it); else greedy's `takes` favourite takes, best first, and every move that is
// not a take (pass, force, waive, play, drop).
std::vector<std::size_t> pan_lookahead_moves(const pan::Position& p, int seat, const std::vector<pan::Move>& legal,
                                             std::size_t takes);

}  // namespace conquian::solve
