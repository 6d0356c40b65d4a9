// Greedy games simulated per second per core (goal: >= 10,000 on `american`),
// played as `conquian diff` plays them: no records written, statistics only. One thread
// gives the per-core rate; --threads N shows how it scales.
#include <fmt/core.h>

#include <thread>

#include "batch/diff_play.h"
#include "bench.h"

namespace {

int bench_simulate(const conquian::bench::Args& args) {
  using namespace conquian;
  std::uint64_t deals = std::stoull(conquian::bench::arg(args, "--deals", "50000"));
  std::string ruleset = conquian::bench::arg(args, "--ruleset", "american");
  std::string player = conquian::bench::arg(args, "--player", "greedy");
  unsigned threads = static_cast<unsigned>(std::stoul(conquian::bench::arg(args, "--threads", "1")));
  batch::DiffPlan plan;
  plan.rules.push_back(load_ruleset(ruleset));
  plan.deals = deals;
  plan.seed = 1;
  plan.players = {player};
  auto t0 = std::chrono::steady_clock::now();
  batch::DealTable table = batch::play_deals(plan, 0, deals, threads, {});
  double secs = conquian::bench::seconds_since(t0);
  std::uint64_t moves = 0;
  for (const auto& d : table[0]) moves += static_cast<std::uint64_t>(d.moves);
  double rate = static_cast<double>(deals) / secs;
  fmt::print(
      "{} {} deals of {} on {} thread(s): {:.3f} s, {:.0f} games/s, {:.0f} games/s per thread, {:.1f} moves/game\n",
      deals, player, ruleset, threads, secs, rate, rate / threads,
      static_cast<double>(moves) / static_cast<double>(deals));
  fmt::print("goal: >= 10,000 greedy games/s per core on american ({})\n", rate / threads >= 10000 ? "met" : "NOT met");
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("simulate", "greedy games played per second per core, as diff plays them", bench_simulate);
