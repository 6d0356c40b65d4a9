// Two players against each other on the same shuffled decks: each deal is
// played twice, player A in seat 0 and then in seat 1 (duplicate play: both face the same
// cards from both sides), the dealer alternating with the deal number as in `simulate`.
// Reports A's wins, draws and losses with Wilson 95% intervals (batch/stats.h, as `diff`
// gives rates), the two-proportion z-test of A's win rate against B's (as `diff` compares),
// and a sign test on the decisive games (A's wins against B's; normal approximation).
//
//   conquian_bench players [--a strong] [--b greedy] [--deals 1000] [--seed 1]
//       [--ruleset american] [--threads 2]
#include <fmt/core.h>

#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "batch/players.h"
#include "batch/simulate.h"
#include "batch/stats.h"
#include "bench.h"
#include "cards/shuffle.h"

namespace {

using namespace conquian;

int run(const bench::Args& args) {
  const std::string a = bench::arg(args, "--a", "strong"), b = bench::arg(args, "--b", "greedy");
  const std::uint64_t deals = std::stoull(bench::arg(args, "--deals", "1000"));
  const std::uint64_t seed = std::stoull(bench::arg(args, "--seed", "1"));
  const std::string rules_name = bench::arg(args, "--ruleset", "american");
  const unsigned threads = static_cast<unsigned>(std::stoi(bench::arg(args, "--threads", "2")));
  auto rules = load_ruleset(rules_name);
  if (!batch::make_player(a) || !batch::make_player(b)) {
    fmt::print(stderr, "unknown player\n");
    return 2;
  }
  std::atomic<std::uint64_t> next{0};
  std::mutex lock;
  // Per seat of A: A's wins, B's wins, draws.
  std::uint64_t a_wins[2] = {0, 0}, b_wins[2] = {0, 0}, draws[2] = {0, 0};
  auto t0 = std::chrono::steady_clock::now();
  auto work = [&] {
    auto pa = batch::make_player(a), pb = batch::make_player(b);
    for (std::uint64_t i; (i = next++) < deals;) {
      Rng deck_rng = deal_rng(seed, i);
      std::vector<Card> deck = shuffled_deck(rules->deck.size(), deck_rng);
      const int dealer = static_cast<int>(i % 2);
      for (int a_seat = 0; a_seat < 2; ++a_seat) {
        batch::Player* seats[2];
        seats[a_seat] = pa.get();
        seats[1 - a_seat] = pb.get();
        Rng choices = deck_rng;  // the same stream for both games of the deal
        batch::DealStats st = batch::play_deal(*rules, deck, dealer, choices, seats, nullptr);
        std::lock_guard<std::mutex> g(lock);
        if (st.outcome.kind != Outcome::Kind::Win) ++draws[a_seat];
        else if (st.outcome.winner == a_seat) ++a_wins[a_seat];
        else ++b_wins[a_seat];
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  const double seconds = bench::seconds_since(t0);

  const std::uint64_t games = 2 * deals;
  const std::uint64_t aw = a_wins[0] + a_wins[1], bw = b_wins[0] + b_wins[1], dr = draws[0] + draws[1];
  auto rate = [&](std::uint64_t x) {
    batch::Interval ci = batch::wilson(x, games);
    return fmt::format("{:>5} ({:5.1f} %, 95% {:4.1f}-{:4.1f})", x,
                       100.0 * static_cast<double>(x) / static_cast<double>(games), 100 * ci.low, 100 * ci.high);
  };
  fmt::print("players: {} against {} on {} {} deals, each played from both seats ({} games, seed {})\n", a, b, deals,
             rules_name, games, seed);
  fmt::print("  {} wins   {}\n", a, rate(aw));
  fmt::print("  draws        {}\n", rate(dr));
  fmt::print("  {} wins   {}\n", b, rate(bw));
  fmt::print("  {} in seat 0: wins {}, draws {}, loses {}; in seat 1: wins {}, draws {}, loses {}\n", a, a_wins[0],
             draws[0], b_wins[0], a_wins[1], draws[1], b_wins[1]);
  batch::ZTest z = batch::two_proportion(aw, games, bw, games);
  fmt::print("  win rates {} - {}: {:+.1f} points (95% {:+.1f} to {:+.1f}), z = {:.2f}, p = {:.2g}\n", a, b,
             100 * z.diff, 100 * z.diff_ci.low, 100 * z.diff_ci.high, z.z, z.p);
  const double decisive = static_cast<double>(aw + bw);
  const double sign_z = decisive > 0 ? (static_cast<double>(aw) - static_cast<double>(bw)) / std::sqrt(decisive) : 0;
  fmt::print("  sign test on the {} decisive games: z = {:.2f}, p = {:.2g}\n", aw + bw, sign_z,
             batch::two_sided_p(sign_z));
  fmt::print("  time: {:.1f} s on {} thread(s)\n", seconds, threads);
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("players", "two players on the same decks from both seats: wins, draws, losses, significance", run);
