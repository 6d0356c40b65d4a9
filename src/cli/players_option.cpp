#include "cli/players_option.h"

#include "batch/players.h"
#include "cli/command_error.h"

namespace conquian::cli {

void check_players(const std::vector<std::string>& players, const Ruleset& rules, int seats) {
  const std::string why = batch::why_not_players(players, rules, "--players", seats);
  refuse_if(!why.empty(), why);
}

}  // namespace conquian::cli
