// A referee run of outside bots through real pipes (specs/referee.md): by default 1,000
// american deals between two Python random bots (tools/bots/random_bot.py). Shows the
// referee's own time per move (dealing, views, legal moves as JSON, judging, records)
// beside the bots' time per move (from the act line written to the answer read: the bot's
// thinking, its JSON parsing and the pipe's latency).
//   conquian_bench referee [--deals 1000] [--ruleset american] [--seats N] [--player0 P] [--player1 P]
//                          [--against american]
// --seats N seats N random bots (a panguingue table); --against R runs the same number of
// deals of R at two seats after it and prints the ratio of the referee's own times a move
// (goal for an 8-seat panguingue table against two-seat american: at most 2).
#include <fmt/core.h>

#include <ctime>

#include "bench.h"
#include "record/record_writer.h"
#include "rules/ruleset.h"
#include "serve/referee.h"

namespace {

struct RefereeRun {
  double own_per_move_us = 0;
  double cpu_per_move_us = 0;
};

// The CPU time of this process, every thread of it: the referee's own work, and none of the
// bots' (they are other processes).
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

RefereeRun run_referee(const std::string& ruleset, std::uint64_t deals, const std::vector<std::string>& players) {
  using namespace conquian;
  auto rules = load_ruleset(ruleset);
  serve::RefereeSetup setup;
  setup.rules = rules.get();
  setup.ruleset_name = ruleset;
  setup.seed = 1;
  setup.move_time_ms = 5000;
  std::vector<std::unique_ptr<serve::SeatPlayer>> owned;
  std::vector<serve::SeatPlayer*> seats;
  for (const auto& p : players) {
    owned.push_back(serve::make_seat_player(p, 1 << 20, *rules));
    seats.push_back(owned.back().get());
  }
  serve::Referee referee(setup, seats);
  double own = 0, bots = 0;
  std::uint64_t moves = 0, forfeits = 0, bytes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = process_cpu_seconds();
  for (std::uint64_t i = 0; i < deals; ++i) {
    serve::RefereeDeal d = referee.play(i);
    bytes += record::write_record(d.record).size();  // the records are written, as the command writes them
    own += d.referee_seconds;
    bots += d.bot_seconds;
    moves += static_cast<std::uint64_t>(d.moves);
    forfeits += d.forfeit_seat >= 0 || !d.forfeits.empty();
  }
  const double cpu = process_cpu_seconds() - cpu0;
  referee.quit();
  const double wall = bench::seconds_since(t0);
  const double per = 1e6 / static_cast<double>(moves ? moves : 1);
  fmt::print(
      "referee {} deals of {} at {} seats: {} moves, {} deals with a forfeit, {:.2f} s wall ({:.0f} KiB of records)\n",
      deals, ruleset, players.size(), moves, forfeits, wall, static_cast<double>(bytes) / 1024);
  fmt::print("  referee's own time: {:8.1f} us a move ({:.2f} s)\n", own * per, own);
  fmt::print("  referee's own CPU:  {:8.1f} us a move ({:.2f} s)\n", cpu * per, cpu);
  fmt::print("  the bots' time:     {:8.1f} us a move ({:.2f} s; {})\n", bots * per, bots, players.front());
  return {own * per, cpu * per};
}

int bench_referee(const conquian::bench::Args& args) {
  using conquian::bench::arg;
  const std::uint64_t deals = std::stoull(arg(args, "--deals", "1000"));
  const std::string ruleset = arg(args, "--ruleset", "american");
  const std::string bot = "python3 " + std::string(CONQUIAN_SOURCE_DIR) + "/tools/bots/random_bot.py";
  const int seats = std::stoi(arg(args, "--seats", "0"));
  std::vector<std::string> players;
  if (seats > 0) players.assign(static_cast<std::size_t>(seats), bot);
  else players = {arg(args, "--player0", bot), arg(args, "--player1", bot)};
  const RefereeRun main_run = run_referee(ruleset, deals, players);
  const std::string against = arg(args, "--against", "");
  if (against.empty()) return 0;
  const RefereeRun base = run_referee(against, deals, {bot, bot});
  // Wall time less the bots' answers also holds the time the bots' processes take the cores
  // while they read what the referee told them (eight bots on two cores): the CPU time is the
  // referee's work alone. Both are printed.
  fmt::print("referee's own CPU a move, {} at {} seats against {} at 2: {:.2f}x (goal: at most 2)\n", ruleset,
             players.size(), against, main_run.cpu_per_move_us / base.cpu_per_move_us);
  fmt::print("referee's own time a move (wall less the bots' answers), {} at {} seats against {} at 2: {:.2f}x\n",
             ruleset, players.size(), against, main_run.own_per_move_us / base.own_per_move_us);
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("referee", "a referee run of Python random bots: the referee's time per move beside the bots'",
                bench_referee);
