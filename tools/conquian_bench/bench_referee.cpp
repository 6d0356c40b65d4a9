// A referee run of two bots through real pipes (specs/referee.md): by default 1,000
// american deals between two Python random bots (tools/bots/random_bot.py). Shows the
// referee's own time per move (dealing, views, legal moves as JSON, judging, records)
// beside the bots' time per move (from the act line written to the answer read: the bot's
// thinking, its JSON parsing and the pipe's latency).
#include <fmt/core.h>

#include "bench.h"
#include "record/record_writer.h"
#include "rules/ruleset.h"
#include "serve/referee.h"

namespace {

int bench_referee(const conquian::bench::Args& args) {
  using namespace conquian;
  const std::uint64_t deals = std::stoull(bench::arg(args, "--deals", "1000"));
  const std::string ruleset = bench::arg(args, "--ruleset", "american");
  const std::string bot = "python3 " + std::string(CONQUIAN_SOURCE_DIR) + "/tools/bots/random_bot.py";
  const std::string p0 = bench::arg(args, "--player0", bot), p1 = bench::arg(args, "--player1", bot);
  auto rules = load_ruleset(ruleset);
  serve::RefereeSetup setup;
  setup.rules = rules.get();
  setup.ruleset_name = ruleset;
  setup.seed = 1;
  setup.move_time_ms = 5000;
  auto a = serve::make_seat_player(p0, 1 << 20), b = serve::make_seat_player(p1, 1 << 20);
  serve::Referee referee(setup, {a.get(), b.get()});
  double own = 0, bots = 0;
  std::uint64_t moves = 0, forfeits = 0, bytes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < deals; ++i) {
    serve::RefereeDeal d = referee.play(i);
    bytes += record::write_record(d.record).size();  // the records are written, as the command writes them
    own += d.referee_seconds;
    bots += d.bot_seconds;
    moves += static_cast<std::uint64_t>(d.moves);
    forfeits += d.forfeit_seat >= 0;
  }
  referee.quit();
  const double wall = bench::seconds_since(t0);
  const double per = 1e6 / static_cast<double>(moves ? moves : 1);
  fmt::print("referee {} deals of {}: {} moves, {} forfeits, {:.2f} s wall ({:.0f} KiB of records)\n", deals, ruleset,
             moves, forfeits, wall, static_cast<double>(bytes) / 1024);
  fmt::print("  referee's own time: {:8.1f} us a move ({:.2f} s)\n", own * per, own);
  fmt::print("  the bots' time:     {:8.1f} us a move ({:.2f} s; {} / {})\n", bots * per, bots, p0, p1);
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("referee", "a referee run of two Python random bots: the referee's time per move beside the bots'",
                bench_referee);
