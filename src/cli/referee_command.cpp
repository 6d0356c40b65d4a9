// `conquian referee --ruleset R --deals N --seed S --player P0 --player P1 [--move-time MS]
// [--seal] --out FILE`: N deals played between the players (built-in names or command lines
// speaking the bot protocol, specs/referee.md), every deal written as a record; a forfeit is
// written into the record and said on standard error, and the run goes on.
#include <fmt/core.h>

#include <cstdio>

#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/match_setup.h"
#include "cli/output_file.h"
#include "cli/progress.h"
#include "engine/engine.h"
#include "record/record_writer.h"
#include "replay/chips_words.h"
#include "replay/game_of.h"
#include "serve/referee.h"

namespace conquian::cli {
namespace {

struct RefereeOptions {
  std::string ruleset;
  std::uint64_t deals = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> players;
  int move_time = 1000;
  std::size_t max_line = std::size_t{1} << 20;
  bool seal = false;
  std::string out;
};

int run_referee(const RefereeOptions& opt) {
  auto rules = ruleset_option(opt.ruleset);
  table_seats(*rules, opt.players.size());
  OutputFile out(opt.out);

  serve::RefereeSetup setup = referee_setup(*rules, opt.ruleset, opt.seed, opt.move_time);
  setup.seal = opt.seal;
  SeatPlayers players = seat_players(opt.players, opt.max_line, *rules);
  const std::vector<serve::SeatPlayer*>& seats = players.seats;
  serve::Referee referee(setup, seats);

  Progress progress("refereed", "deals", opt.deals);
  std::vector<std::uint64_t> wins(seats.size());
  std::uint64_t draws = 0, forfeits = 0, moves = 0;
  std::vector<std::int64_t> chips(seats.size(), 0);  // the run's settlement, seat by seat
  std::int64_t pots = 0;
  double bot = 0, own = 0;
  for (std::uint64_t i = 0; i < opt.deals; ++i) {
    serve::RefereeDeal d = referee.play(i);
    if (d.forfeit_seat >= 0) {
      ++forfeits;
      fmt::print(stderr, "conquian referee: deal {}: seat {} ({}) forfeits: {}; seat {} wins\n", d.record.id,
                 d.forfeit_seat, opt.players[static_cast<std::size_t>(d.forfeit_seat)], d.forfeit_reason,
                 d.outcome.winner);
    }
    for (const auto& f : d.forfeits) {  // Panguingue: the seat left the deal, which went on
      ++forfeits;
      fmt::print(stderr, "conquian referee: deal {}: seat {} ({}) forfeits and leaves the deal: {}\n", d.record.id,
                 f.seat, opt.players[static_cast<std::size_t>(f.seat)], f.reason);
    }
    if (d.outcome.kind == Outcome::Kind::Win) ++wins[static_cast<std::size_t>(d.outcome.winner)];
    else ++draws;
    moves += static_cast<std::uint64_t>(d.moves);
    for (std::size_t s = 0; s < d.chips.size() && s < chips.size(); ++s) chips[s] += d.chips[s];
    pots += d.pot;
    bot += d.bot_seconds;
    own += d.referee_seconds;
    std::fputs(i == 0 ? "" : "---\n", out.get());
    std::fputs(record::write_record(d.record).c_str(), out.get());
    std::fflush(out.get());  // every deal played is in the file, whatever ends the run later
    progress.tick(1);
  }
  referee.quit();
  progress.done();
  out.finish();
  std::string per_seat;
  for (std::size_t s = 0; s < wins.size(); ++s) per_seat += fmt::format("seat {} won {}, ", s, wins[s]);
  const double per_move = moves ? 1e6 / static_cast<double>(moves) : 0;
  fmt::print(stderr,
             "conquian referee: {} deals, {}{} drawn, {} forfeits; {} moves: referee {:.1f} us a move, players {:.1f} "
             "us a move\n",
             opt.deals, per_seat, draws, forfeits, moves, own * per_move, bot * per_move);
  if (game_facts(*rules).settles_in_chips)
    fmt::print(stderr, "conquian referee: chips over {} deals: {}; pots {}\n", opt.deals, chips_words(chips), pots);
  return kExitOk;
}

}  // namespace

void register_referee(CLI::App& app, Runner& run) {
  static RefereeOptions opt;
  auto* cmd =
      app.add_subcommand("referee",
                         "Play deals between bots, each seat shown only its own view. Built-in players, or "
                         "programs speaking the bot protocol of specs/referee.md; every deal written as a record "
                         "check accepts. A bot that breaks the protocol forfeits the deal and is restarted.\n\n"
                         "Exit status: 0 played (forfeits included); 2 unusable input.");
  cmd->add_option("--ruleset,-r", opt.ruleset, "Ruleset name or path")->required();
  cmd->add_option("--deals,-n", opt.deals, "How many deals")
      ->required()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{100'000'000}));
  cmd->add_option("--seed,-s", opt.seed, "Seed of the shuffles (default 1)");
  add_player_options(*cmd, opt.players, opt.move_time, "one per seat, in seat order");
  cmd->add_option("--max-line", opt.max_line, "Longest line a bot may write, in bytes (default 1 MiB)")
      ->check(CLI::Range(std::size_t{64}, std::size_t{1} << 30));
  cmd->add_flag("--seal", opt.seal, "Seal every deal: a salt from the seed, and the commitment");
  cmd->add_option("--out,-o", opt.out, "Write the records here (-: standard output)")->required();
  cmd->callback([&run] { run = [] { return run_referee(opt); }; });
}

}  // namespace conquian::cli
