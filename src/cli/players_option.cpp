#include "cli/players_option.h"

#include <fmt/core.h>

#include "base/spelling.h"
#include "batch/players.h"
#include "cli/command_error.h"

namespace conquian::cli {

void check_players(const std::vector<std::string>& players, const Ruleset& rules) {
  const std::vector<std::string> names = {"random", "greedy", "strong"};
  for (const auto& p : players)
    if (!batch::make_player(p))
      throw CommandError("--players: unknown player '" + p + "'" +
                         (did_you_mean(p, names).empty() ? " (random, greedy, strong)" : did_you_mean(p, names)));
  refuse_if(
      static_cast<int>(players.size()) > rules.seats,
      fmt::format("--players names {} players, but ruleset {} has {} seats", players.size(), rules.name, rules.seats));
  for (const auto& p : players)
    refuse_if(p == "strong" && rules.seats != 2,
              fmt::format("--players strong: the strong player plays two seats only, and ruleset {} has {}", rules.name,
                          rules.seats));
}

}  // namespace conquian::cli
