// `conquian diff R1 R2 ... --deals N --seed S --report DIR [--games FILE]`: the same shuffled
// decks played under each ruleset with the same players; a report of what the rules change
// (report.html, report.md, report.json in DIR; specs/diff-report.md). Under `mpirun -n K`
// the ranks split the deals and rank 0 writes the one report, the same as one process's.
#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "batch/diff_games.h"
#include "batch/diff_play.h"
#include "batch/diff_report.h"
#include "batch/mpi_split.h"
#include "batch/players.h"
#include "batch/report_html.h"
#include "batch/report_json.h"
#include "batch/report_markdown.h"
#include "batch/report_text.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/output_file.h"
#include "cli/players_option.h"
#include "cli/progress.h"
#include "record/json_text.h"
#include "replay/game_of.h"

namespace conquian::cli {
namespace {

struct DiffOptions {
  std::vector<std::string> rulesets;
  std::uint64_t deals = 1000;
  std::uint64_t seed = 1;
  std::string report = "diff-report";
  std::vector<std::string> players;
  std::string games;
  unsigned threads = 0;
  int seats = 0;  // panguingue: seats dealt in (0: each ruleset's default)
  bool json = false;
  bool quiet = false;
  bool no_properties = false;
};

// The command as the report shows it: what decides the numbers (not threads or paths).
std::string command_words(const DiffOptions& opt) {
  std::string s = "conquian diff";
  for (const auto& r : opt.rulesets) s += " " + r;
  s += fmt::format(" --deals {} --seed {}", opt.deals, opt.seed);
  if (!opt.players.empty()) {
    s += " --players ";
    for (std::size_t i = 0; i < opt.players.size(); ++i) s += (i ? "," : "") + opt.players[i];
  }
  if (opt.seats != 0) s += fmt::format(" --seats {}", opt.seats);
  if (!opt.games.empty()) s += " --games " + opt.games;
  return s;
}

void print_summary(const batch::DiffReport& report, const std::filesystem::path& dir) {
  if (batch::text::pan_report(report)) {
    for (const std::string& line : batch::text::pan_summary(report)) fmt::print("{}\n", line);
    fmt::print("report: {}\n", (dir / "report.html").string());
    return;
  }
  for (const auto& r : report.rulesets)
    fmt::print("{:<18} first to play wins {}, drawn {}, {:.1f} moves a deal, forcing in {}\n", r.rules->name,
               batch::text::rate_with_ci(r.order_wins[0]), batch::text::rate_with_ci(r.draws), r.moves.mean,
               batch::text::percent(r.forcing.deals_with_force.rate));
  for (const auto& c : report.comparisons) {
    std::string sig;
    for (const auto& k : c.significant()) sig += (sig.empty() ? "" : ", ") + batch::text::test_name(k);
    fmt::print("{} vs {}: {}\n", c.a, c.b, sig.empty() ? "no significant difference" : "differ in " + sig);
  }
  fmt::print("report: {}\n", (dir / "report.html").string());
}

int run_diff(const DiffOptions& opt) {
  batch::MpiSession mpi;
  if (batch::MpiSession::launched_without_support() && !opt.quiet)
    fmt::print(stderr, "conquian diff: started by mpirun, but this build has no MPI: every rank plays every deal\n");
  batch::DiffPlan plan;
  for (const auto& name : opt.rulesets) plan.rules.push_back(ruleset_option(name, "RULESET"));
  for (const auto& rules : plan.rules) {
    const std::string game = game_facts(*rules).name, first = game_facts(*plan.rules.front()).name;
    refuse_if(game != first,
              fmt::format("rulesets {} and {} play different games ({} and {}): diff compares house rules of one game",
                          plan.rules.front()->name, rules->name, first, game));
    check_players(opt.players, *rules, opt.seats);
    check_seats(opt.seats, *rules);
  }
  refuse_if(!opt.games.empty() && !game_facts(*plan.rules.front()).plays_matches,
            "--games: judging recorded games under several rulesets is for conquian; check a panguingue record "
            "under each ruleset with conquian check --ruleset");
  plan.pan_seats = opt.seats;
  plan.deals = opt.deals;
  plan.seed = opt.seed;
  plan.players = opt.players;

  if (!opt.games.empty() && !std::filesystem::is_regular_file(opt.games)) {  // every rank, before any deal
    std::error_code ec;
    throw CommandError("--games " + opt.games + ": cannot read: " +
                       (std::filesystem::exists(opt.games, ec) ? "not a regular file" : std::strerror(ENOENT)));
  }
  auto [first, last] = batch::rank_block(opt.deals, mpi.rank(), mpi.size());
  batch::DealTable deals;
  try {
    Progress progress("played", "deals", last - first, 64, opt.quiet || !mpi.root());
    std::function<void(std::uint64_t)> tick;
    if (mpi.root() && !opt.quiet) tick = [&](std::uint64_t n) { progress.tick(n); };
    batch::DealTable mine = batch::play_deals(plan, first, last, opt.threads, tick);
    if (mpi.root() && !opt.quiet) progress.done();
    deals = batch::gather_deals(mpi, mine, opt.deals);
  } catch (const std::exception& e) {
    if (mpi.size() == 1) throw;  // main reports it
    // The other ranks wait in gather_deals: say why in main's one form, then end them all.
    report_error("diff", opt.json, e.what());
    mpi.abort(kExitUnusable);
    return kExitUnusable;
  }
  if (!mpi.root()) return kExitOk;

  std::optional<batch::GamesCheck> games;
  if (!opt.games.empty()) games = batch::check_games(opt.games, plan.rules, static_cast<int>(opt.threads));
  batch::ReportInput in{&plan, &deals, games ? &*games : nullptr, command_words(opt), !opt.no_properties, {}};
  // The property phase takes seconds a ruleset: it shows its progress too.
  Progress properties("proved the properties of", "rulesets", plan.rules.size(), 1, opt.quiet);
  in.property_done = [&properties] { properties.tick(); };
  const batch::DiffReport report = batch::build_diff_report(in);
  properties.done();
  const nlohmann::json json = batch::diff_report_json(report);

  make_report_folder(opt.report);
  const std::filesystem::path dir(opt.report);
  write_text_file((dir / "report.json").string(), record::json_dump(json, 2) + "\n", "--report");
  write_text_file((dir / "report.md").string(), batch::diff_report_markdown(report), "--report");
  write_text_file((dir / "report.html").string(), batch::diff_report_html(report), "--report");
  if (opt.json) fmt::print("{}\n", record::json_dump(json, 2));
  else if (!opt.quiet) print_summary(report, dir);
  return kExitOk;
}

}  // namespace

void register_diff(CLI::App& app, Runner& run) {
  static DiffOptions opt;
  auto* cmd =
      app.add_subcommand("diff",
                         "Compare rulesets: the same shuffled decks played under each by the same players. Writes "
                         "report.html, report.md and report.json into --report DIR: win rates by seat with 95% "
                         "intervals, draws, deal length, forcing and matches (Conquian), or drops, going out, "
                         "chips by seat, conditions paid and the pot (Panguingue), and the differences with their "
                         "significance (specs/diff-report.md). The same for a seed, whatever the threads or MPI "
                         "ranks.\n\n"
                         "Exit status: 0 compared; 2 unusable input.");
  cmd->add_option("RULESET", opt.rulesets, "Rulesets to compare (names or paths), two or more")
      ->required()
      ->expected(2, -1);
  cmd->add_option("--deals,-n", opt.deals, "Deals per ruleset (default 1000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  cmd->add_option("--seed,-s", opt.seed, "Seed of the shuffles and the players (default 1)");
  cmd->add_option("--report", opt.report, "Folder for the reports (default diff-report)");
  cmd->add_option("--players", opt.players,
                  "Players, one a seat, repeated round: random, greedy, strong, strong-pi (default greedy; "
                  "Panguingue: random, greedy, strong)")
      ->delimiter(',');
  cmd->add_option("--seats", opt.seats, "Panguingue: seats dealt in, 2 to 15 (default 6)")->check(CLI::Range(2, 15));
  cmd->add_option("--games", opt.games, "Also judge these records under each ruleset; list those judged differently");
  add_input_format_option(cmd);
  cmd->add_option("--threads", opt.threads, "Threads (default: one per core)")->check(CLI::Range(1u, 1024u));
  cmd->add_flag("--json", opt.json, "The report's JSON on standard output");
  cmd->add_flag("--quiet,-q", opt.quiet, "Print nothing but errors");
  cmd->add_flag("--no-properties", opt.no_properties, "Skip prove's property verdicts (seconds a ruleset)");
  cmd->callback([&run] { run = [] { return run_diff(opt); }; });
}

}  // namespace conquian::cli
