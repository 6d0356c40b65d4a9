#include "cli/match_setup.h"

#include <fmt/format.h>

#include "cli/command_error.h"
#include "record/text_quote.h"
#include "replay/game_of.h"
#include "rules/ruleset_writer.h"
#include "rules/shipped_rulesets.h"

namespace conquian::cli {

void add_player_options(CLI::App& cmd, std::vector<std::string>& players, int& move_time,
                        const std::string& player_help) {
  cmd.add_option("--player", players,
                 "A built-in player (random, greedy, strong, strong-pi; Panguingue: random, greedy, strong) or a "
                 "command run by /bin/sh -c; " +
                     player_help)
      ->required()
      // A player's words go into every record and report: they must be text (UTF-8).
      ->check(CLI::Validator(
          [](std::string& words) {
            const std::string why = record::why_not_utf8_text(words);
            return why.empty() ? std::string() : "the player is not UTF-8 text a record can hold: " + why;
          },
          "TEXT", "utf8"));
  cmd.add_option("--move-time", move_time, "Milliseconds a bot has to answer (default 1000)")
      ->check(CLI::Range(1, 3'600'000));
}

serve::RefereeSetup referee_setup(const Ruleset& rules, const std::string& asked, std::uint64_t seed,
                                  int move_time_ms) {
  serve::RefereeSetup setup;
  setup.rules = &rules;
  if (shipped_ruleset_texts().count(asked)) setup.ruleset_name = asked;
  else setup.ruleset_inline = ruleset_flow_yaml(rules);
  setup.seed = seed;
  setup.move_time_ms = move_time_ms;
  return setup;
}

SeatPlayers seat_players(const std::vector<std::string>& words, std::size_t max_line, const Ruleset& rules) {
  SeatPlayers out;
  for (const auto& w : words) {
    out.owned.push_back(serve::make_seat_player(w, max_line, rules));
    out.seats.push_back(out.owned.back().get());
  }
  return out;
}

int table_seats(const Ruleset& rules, std::size_t players) {
  const int n = static_cast<int>(players);
  const GameFacts game = game_facts(rules);
  if (game.min_seats == game.max_seats && n != game.min_seats)
    throw CommandError(fmt::format("ruleset {} has {} seats: give --player {} times (given {})", rules.name,
                                   game.min_seats, game.min_seats, players));
  if (n < game.min_seats || n > game.max_seats)
    throw CommandError(fmt::format("ruleset {} seats {} to {}: give --player that many times (given {})", rules.name,
                                   game.min_seats, game.max_seats, players));
  return n;
}

}  // namespace conquian::cli
