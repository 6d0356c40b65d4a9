// Panguingue's built-in players. Each sees only what its seat may see: its own hand, every
// table, the dead cards and the face-up card; none looks at another hand or at the stock.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "batch/players.h"
#include "pan/game.h"

namespace conquian::batch {

using PanPlayer = PlayerOf<PanGame>;

// "random": any legal move, uniformly. "greedy": drops a weak hand where the ruleset's forfeit
// is cheap, takes what melds the most (and pays the most), throws the card least likely to
// meld, and never forces (solve/pan_greedy.h). "strong": decides from its seat's view by
// playing sampled worlds out with greedy (pan_strong_player.cpp). nullptr for another name.
std::unique_ptr<PanPlayer> make_pan_player(const std::string& name);
std::unique_ptr<PanPlayer> make_strong_pan_player();
const std::vector<std::string>& pan_player_names();
// Why `players` cannot play a panguingue deal of `seats` seats (0: the default), or "".
std::string why_not_pan_players(const std::vector<std::string>& players, const Ruleset& rules,
                                const std::string& option, int seats);

}  // namespace conquian::batch
