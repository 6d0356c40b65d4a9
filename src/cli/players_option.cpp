#include "cli/players_option.h"

#include <fmt/format.h>

#include "batch/players.h"
#include "cli/command_error.h"
#include "replay/game_of.h"

namespace conquian::cli {

void check_players(const std::vector<std::string>& players, const Ruleset& rules, int seats) {
  const std::string why = batch::why_not_players(players, rules, "--players", seats);
  refuse_if(!why.empty(), why);
}

void check_seats(int seats, const Ruleset& rules) {
  refuse_if(seats != 0 && game_facts(rules).fixed_seats(),
            fmt::format("--seats: ruleset {} plays conquian, whose seats are fixed ({}); --seats is for panguingue",
                        rules.name, rules.seats));
  refuse_if(seats != 0 && (seats < rules.seats_min || seats > rules.seats),
            fmt::format("--seats {}: ruleset {} seats {} to {}", seats, rules.name, rules.seats_min, rules.seats));
}

}  // namespace conquian::cli
