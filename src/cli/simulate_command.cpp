// `conquian simulate --ruleset R --deals N --seed S [--out FILE]`: play N deals with the
// built-in players and write them as records; the same seed gives the same records.
#include <fmt/core.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include "batch/simulate.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "record/record_writer.h"

namespace conquian::cli {
namespace {

struct SimulateOptions {
  std::string ruleset;
  std::uint64_t deals = 0;
  std::uint64_t seed = 1;
  std::string out;
  std::vector<std::string> players;
  unsigned threads = 0;
};

int run_simulate(const SimulateOptions& opt) {
  auto rules = load_ruleset(opt.ruleset);
  for (const auto& p : opt.players)
    if (!batch::make_player(p)) {
      fmt::print(stderr, "conquian simulate: unknown player '{}' (random, greedy, strong)\n", p);
      return kExitUnusable;
    }
  std::FILE* out = stdout;
  if (!opt.out.empty() && opt.out != "-") {
    out = std::fopen(opt.out.c_str(), "w");
    if (!out) {
      fmt::print(stderr, "conquian simulate: cannot write {}\n", opt.out);
      return kExitUnusable;
    }
  }
  unsigned threads = opt.threads ? opt.threads : std::max(1u, std::thread::hardware_concurrency());
  Progress progress("simulated", "deals", opt.deals);
  const std::uint64_t chunk = 256;
  std::vector<std::string> texts(chunk);
  for (std::uint64_t first = 0; first < opt.deals; first += chunk) {
    std::uint64_t count = std::min(chunk, opt.deals - first);
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        for (std::uint64_t i = t; i < count; i += threads) {
          auto deal = batch::simulate_deal(*rules, rules->name, opt.seed, first + i, opt.players);
          texts[i] = record::write_record(deal.record);
        }
      });
    for (auto& th : pool) th.join();
    for (std::uint64_t i = 0; i < count; ++i) {
      std::fputs(first + i == 0 ? "" : "---\n", out);
      std::fputs(texts[i].c_str(), out);
    }
    progress.tick(count);
  }
  progress.done();
  if (out != stdout) std::fclose(out);
  return kExitOk;
}

}  // namespace

void register_simulate(CLI::App& app, Runner& run) {
  static SimulateOptions opt;
  auto* cmd = app.add_subcommand("simulate",
                                 "Play deals with the built-in players and write them as game records.\n"
                                 "The same ruleset, seed and players give the same records, whatever the threads.");
  cmd->add_option("--ruleset,-r", opt.ruleset, "Ruleset name or path")->required();
  cmd->add_option("--deals,-n", opt.deals, "How many deals")->required()->check(CLI::Range(std::uint64_t{0}, std::uint64_t{100'000'000}));
  cmd->add_option("--seed,-s", opt.seed, "Seed of the shuffles and the players' choices")->required();
  cmd->add_option("--out,-o", opt.out, "Write the records here (default: standard output)");
  cmd->add_option("--players", opt.players, "Player per seat, round robin: random, greedy, strong, strong-pi (default greedy; strong: two seats, solves the worlds its seat's view allows; strong-pi: the earlier strong, which samples the unseen cards and solves each sample with every card known)")->delimiter(',');
  cmd->add_option("--threads", opt.threads, "Worker threads (default: one per core)");
  cmd->callback([&run] { run = [] { return run_simulate(opt); }; });
}

}  // namespace conquian::cli
