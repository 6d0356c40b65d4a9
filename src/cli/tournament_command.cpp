// `conquian tournament --ruleset R --deals D --seed S --player P ... [--move-time MS]
// [--report DIR] [--json]`: a duplicate round robin through the referee (specs/referee.md,
// "Tournaments"); the standings as text, as JSON, or as a report folder.
#include <fmt/core.h>

#include <filesystem>

#include "batch/mpi_split.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/match_setup.h"
#include "cli/output_file.h"
#include "cli/progress.h"
#include "record/json_text.h"
#include "replay/game_of.h"
#include "serve/ring.h"
#include "serve/tournament.h"
#include "serve/tournament_report.h"

namespace conquian::cli {
namespace {

struct TournamentOptions {
  std::string ruleset;
  std::uint64_t deals = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> players;
  int move_time = 1000;
  std::string report;
  bool json = false;
};

// The command as the report shows it: what decides the numbers (not the report's folder).
std::string command_words(const TournamentOptions& opt) {
  std::string s =
      fmt::format("conquian tournament --ruleset {} --deals {} --seed {}", opt.ruleset, opt.deals, opt.seed);
  for (const auto& p : opt.players) s += " --player '" + p + "'";
  if (opt.move_time != 1000) s += fmt::format(" --move-time {}", opt.move_time);
  return s;
}

// Under mpirun, rank r of K plays the deals [D*r/K, D*(r+1)/K) of every pairing and rank 0
// gathers the boards in rank order, which is deal order: its report is the one a single
// process writes (specs/referee.md, "Tournaments").
std::vector<serve::Pairing> play_ranks_boards(const batch::MpiSession& mpi, const serve::RefereeSetup& setup,
                                              const std::vector<serve::SeatPlayer*>& players, std::uint64_t deals) {
  const auto [first, last] = batch::rank_block(deals, mpi.rank(), mpi.size());
  const std::uint64_t pairs = players.size() * (players.size() - 1) / 2;
  Progress progress("played", "games", 2 * (last - first) * pairs, 64, !mpi.root());
  std::vector<serve::Pairing> mine =
      serve::play_boards(setup, players, first, last, [&](std::uint64_t) { progress.tick(1); });
  progress.done();
  if (mpi.size() == 1) return mine;
  const std::vector<std::string> ranks = batch::gather_bytes(mpi, serve::boards_bytes(mine));
  if (!mpi.root()) return {};
  for (serve::Pairing& p : mine) p.boards.clear();
  for (const std::string& bytes : ranks) serve::append_boards(mine, bytes);
  return mine;
}

// A table of more than two seats (Conquian's three and four, Panguingue's up to fifteen): every
// player at one table, each deal played with every rotation of the players round it
// (serve/ring.h). One process plays it all (under mpirun the ranks other than 0 stop at once:
// the ring is not split).
int run_ring(const TournamentOptions& opt, const Ruleset& rules, const batch::MpiSession& mpi) {
  if (!mpi.root()) return kExitOk;
  table_seats(rules, opt.players.size());
  const serve::RefereeSetup setup = referee_setup(rules, opt.ruleset, opt.seed, opt.move_time);
  SeatPlayers owned = seat_players(opt.players, std::size_t{1} << 20, rules);
  Progress progress("played", "games", opt.deals * opt.players.size());
  const serve::RingReport rep =
      serve::play_ring(setup, owned.seats, opt.deals, [&](std::uint64_t) { progress.tick(1); });
  progress.done();
  if (!opt.report.empty()) {
    make_report_folder(opt.report);
    const std::filesystem::path dir(opt.report);
    write_text_file((dir / "ring.txt").string(), serve::ring_text(rep), "--report");
    write_text_file((dir / "ring.json").string(), serve::ring_json(rep).dump(2) + "\n", "--report");
  }
  if (opt.json) fmt::print("{}\n", serve::ring_json(rep).dump(2));
  else fmt::print("{}", serve::ring_text(rep));
  return kExitOk;
}

int run_tournament(const TournamentOptions& opt, const std::string& command) {
  batch::MpiSession mpi;
  if (batch::MpiSession::launched_without_support())
    fmt::print(stderr,
               "conquian tournament: started by mpirun, but this build has no MPI: every rank plays every deal\n");
  auto rules = ruleset_option(opt.ruleset);
  // A table of more than two seats plays a duplicate ring (every player at one table, every
  // rotation); two seats pair the players off, round robin.
  if (game_facts(*rules).max_seats != 2) return run_ring(opt, *rules, mpi);
  if (opt.players.size() < 2) throw CommandError("a tournament needs two --player or more");
  if (!opt.report.empty() && mpi.root()) make_report_folder(opt.report);
  const serve::RefereeSetup setup = referee_setup(*rules, opt.ruleset, opt.seed, opt.move_time);
  SeatPlayers owned = seat_players(opt.players, std::size_t{1} << 20, *rules);
  const std::vector<serve::SeatPlayer*>& players = owned.seats;
  std::vector<serve::Pairing> pairings;
  try {
    pairings = play_ranks_boards(mpi, setup, players, opt.deals);
  } catch (const std::exception& e) {
    if (mpi.size() == 1) throw;  // main reports it
    // The other ranks wait in gather_bytes: say why in main's one form, then end them all.
    report_error("tournament", opt.json, e.what());
    mpi.abort(kExitUnusable);
    return kExitUnusable;
  }
  if (!mpi.root()) return kExitOk;
  serve::TournamentReport rep = serve::tournament_report(setup, players, opt.deals, std::move(pairings));
  rep.command = command;
  if (!opt.report.empty()) {
    const std::filesystem::path dir(opt.report);
    write_text_file((dir / "tournament.md").string(), serve::tournament_markdown(rep), "--report");
    write_text_file((dir / "tournament.html").string(), serve::tournament_html(rep), "--report");
    write_text_file((dir / "tournament.json").string(), record::json_dump(serve::tournament_json(rep), 2) + "\n",
                    "--report");
  }
  if (opt.json) fmt::print("{}\n", record::json_dump(serve::tournament_json(rep), 2));
  else fmt::print("{}", serve::tournament_text(rep));
  return kExitOk;
}

}  // namespace

void register_tournament(CLI::App& app, Runner& run) {
  static TournamentOptions opt;
  auto* cmd = app.add_subcommand(
      "tournament",
      "A duplicate round robin between bots. Through the referee, every pair of players plays the same deals twice, "
      "the seats "
      "swapped; per player won, drawn and lost, points, the duplicate difference and a Bradley-Terry rating, each "
      "with its 95% interval. Under a Panguingue ruleset, every player sits at one table and each deal is played "
      "once for each rotation of the seats (a duplicate ring): chips a deal (specs/referee.md).\n\n"
      "Exit status: 0 played (forfeits included); 2 unusable input.");
  cmd->add_option("--ruleset,-r", opt.ruleset, "Ruleset name or path (two seats, or Panguingue)")->required();
  cmd->add_option("--deals,-n", opt.deals, "Deals a pairing (each played twice), or a ring")
      ->required()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10'000'000}));
  cmd->add_option("--seed,-s", opt.seed, "Seed of the shuffles (default 1)");
  add_player_options(*cmd, opt.players, opt.move_time, "two or more");
  cmd->add_option("--report", opt.report,
                  "Write the reports into this folder: tournament.md, .html, .json (a ring: ring.txt, ring.json)");
  cmd->add_flag("--json", opt.json, "The standings as JSON on standard output");
  cmd->callback([&run] { run = [] { return run_tournament(opt, command_words(opt)); }; });
}

}  // namespace conquian::cli
