// The built-in players of every game by name, for code written once over the game (turn/game.h):
// make_player_of(GameTag<G>{}, name) is game G's player of that name (nullptr: G has none), and
// builtin_player_names(rules) the names a ruleset's game knows. Each game's players live in
// their own file (batch/players.h, batch/pan_players.h); these overloads only gather them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "batch/pan_players.h"
#include "batch/players.h"
#include "replay/game_of.h"

namespace conquian::batch {

inline std::unique_ptr<PlayerOf<ConquianGame>> make_player_of(GameTag<ConquianGame>, const std::string& name) {
  return make_player(name);
}
inline std::unique_ptr<PlayerOf<PanGame>> make_player_of(GameTag<PanGame>, const std::string& name) {
  return make_pan_player(name);
}
inline const std::vector<std::string>& player_names_of(GameTag<ConquianGame>) { return player_names(); }
inline const std::vector<std::string>& player_names_of(GameTag<PanGame>) { return pan_player_names(); }

// The built-in players of the game `rules` plays.
inline const std::vector<std::string>& builtin_player_names(const Ruleset& rules) {
  return visit_game(rules, [](auto tag) -> const std::vector<std::string>& { return player_names_of(tag); });
}

}  // namespace conquian::batch
