// `conquian simulate --ruleset R --deals N --seed S [--out FILE] [--match] [--seal|--seal-random]`:
// play N deals with the built-in players and write them as records; the same seed gives the
// same records. A ruleset file (not a shipped name) is written inline in every record, so
// that the records travel without it (specs/record-format.md). `--match`: one match, a
// `match:` document then its deals, each with its score, until a seat reaches the target
// (at most N deals). `--seal`: every deal sealed (salt and commitment).
#include <fmt/core.h>

#include <cstdio>
#include <string_view>

#include "batch/simulate_run.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/output_file.h"
#include "cli/players_option.h"
#include "cli/progress.h"
#include "replay/game_of.h"

namespace conquian::cli {
namespace {

struct SimulateOptions {
  std::string ruleset;
  std::uint64_t deals = 0;
  std::uint64_t seed = 1;
  std::string out;
  std::string format = "yaml";
  std::vector<std::string> players;
  int threads = 0;  // 0: one per core
  int seats = 0;    // panguingue: seats dealt in (0: the default)
  bool match = false;
  bool seal = false;
  bool seal_random = false;
};

int run_simulate(const SimulateOptions& opt) {
  auto rules = ruleset_option(opt.ruleset);
  check_players(opt.players, *rules, opt.seats);
  check_seats(opt.seats, *rules);
  refuse_if(
      opt.match && !game_facts(*rules).plays_matches,
      fmt::format("--match: ruleset {} plays panguingue, whose deals are settled in chips, one by one", rules->name));
  OutputFile out(opt.out);
  refuse_if(opt.match && rules->scoring.match_target == 0,
            fmt::format("--match: ruleset {} sets no match target (scoring.match_target: 0)", rules->name));
  batch::SimulateRun run;
  run.deals = opt.deals;
  run.seed = opt.seed;
  run.players = opt.players;
  run.threads = opt.threads;
  run.match = opt.match;
  run.json_lines = opt.format == "jsonl";
  run.seats = opt.seats;
  run.sealing = opt.seal_random ? batch::Sealing::Random : opt.seal ? batch::Sealing::Seeded : batch::Sealing::None;
  Progress progress("simulated", "deals", opt.deals);
  batch::simulate_run(
      *rules, opt.ruleset, run, [&out](std::string_view text) { std::fwrite(text.data(), 1, text.size(), out.get()); },
      [&progress](std::uint64_t deals) { progress.tick(deals); });
  progress.done();
  out.finish();
  return kExitOk;
}

}  // namespace

void register_simulate(CLI::App& app, Runner& run) {
  static SimulateOptions opt;
  auto* cmd = app.add_subcommand("simulate",
                                 "Play deals with the built-in players and write them as game records. The same "
                                 "ruleset, seed and players give the same records, whatever the threads.\n\n"
                                 "Exit status: 0 written; 2 unusable input.");
  cmd->add_option("--ruleset,-r", opt.ruleset, "Ruleset name or path")->required();
  cmd->add_option("--deals,-n", opt.deals, "How many deals")
      ->required()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{100'000'000}));
  cmd->add_option("--seed,-s", opt.seed, "Seed of the shuffles and the players (default 1)");
  cmd->add_option("--out,-o", opt.out, "Write the records here (default: standard output)");
  cmd->add_option("--format", opt.format, "yaml (default) or jsonl (one record a line)")
      ->check(CLI::IsMember({"yaml", "jsonl"}));
  cmd->add_option("--players", opt.players,
                  "Players, one a seat, repeated round: random, greedy, strong, strong-pi (default greedy; "
                  "Panguingue: random, greedy, strong)")
      ->delimiter(',');
  cmd->add_option("--threads", opt.threads, "Threads (default: one per core)")->check(CLI::Range(1, 1024));
  cmd->add_option("--seats", opt.seats, "Panguingue: seats dealt in, 2 to 15 (default 6)")->check(CLI::Range(2, 15));
  cmd->add_flag("--match", opt.match, "One match: deals until a seat reaches the match target (at most --deals)");
  auto* seal = cmd->add_flag("--seal", opt.seal, "Seal every deal: a salt from the seed, and the commitment");
  cmd->add_flag("--seal-random", opt.seal_random, "Seal every deal with a random salt")->excludes(seal);
  cmd->callback([&run] { run = [] { return run_simulate(opt); }; });
}

}  // namespace conquian::cli
