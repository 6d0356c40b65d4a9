// What strategy fusion costs PIMC on small endgames, and what postponing the
// perfect-information evaluation (EPIMC) buys back (specs/solve.md,
// "One seat's view").
//
// Endgames: deals of `american` (simulate's shuffles) played greedy against greedy until a
// seat has a decision, the stock holds at most --max-stock cards and the cards hidden from
// the public (both hands and the stock) have at most --max-deals deals (tests/support/endgames.h). For each:
// - PIMC: every world of the seat's view solved exactly (expectimax, the stock as chance).
// - Exact: the imperfect-information game (solve/endgame_game.h, the public deal), solved
//   by CFR+ to an exploitability of at most --target (computed exactly by best responses);
//   a move's value is its value at the seat's real information set against the other
//   seat's equilibrium strategy, the seat best-responding afterwards. Every first move of
//   the seat (whatever its hand) trembles with probability --tremble, so that the other
//   seat's strategy after a move no equilibrium makes is a reply to it (Cfr::tremble).
// - EPIMC: the seat's worlds, the game searched --horizon decisions deep, then valued by
//   expectimax with both hands known; solved by CFR+ the same way.
// PIMC's and EPIMC's moves are scored by the exact values: how often each is not an exact
// best move, and the expected score it loses.
//
//   conquian_bench seat-view [--endgames 200] [--seed 1] [--ruleset american]
//       [--max-deals 3000] [--max-stock 4] [--min-choices 2] [--max-nodes 4000000] [--horizon 3] [--target 1e-4]
//       [--tremble 1e-6]
//       [--max-worlds N] [--model public|seat] [--threads 1] [--verbose 0]
//
// --model seat: the exact game deals only the worlds of the seat's view, so that the other
// seat knows both hands (the one-sided game): PIMC's own assumption about the other seat,
// which leaves its strategy fusion as the only error; far smaller trees, so bigger endgames.
#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <numeric>
#include <thread>

#include "bench.h"
#include "endgames.h"
#include "engine/seat_view.h"
#include "solve/cfr.h"
#include "solve/chance.h"
#include "solve/endgame_game.h"
#include "solve/pimc.h"

namespace {

using namespace conquian;

struct GameAnswer {
  bool solved = false;
  std::vector<double> values;  // per action of the seat's root information set
  double exploitability = 0;
  int iterations = 0;
  std::size_t nodes = 0;
  std::uint64_t deals = 0;
  double seconds = 0;
};

GameAnswer solve_game(const Position& p, int seat, const solve::EndgameOptions& eo, double target, double tremble,
                      int max_iter, solve::ChanceSolver& leaf, std::vector<Move>& actions) {
  GameAnswer a;
  auto t0 = std::chrono::steady_clock::now();
  auto game = solve::build_endgame(p, seat, eo, leaf);
  if (!game) return a;
  actions = game->actions;
  a.nodes = game->game.nodes.size();
  a.deals = game->deals;
  solve::efg::Cfr cfr(game->game);
  for (std::uint32_t set : game->seat_root_infosets) cfr.tremble(set, tremble);
  a.exploitability = cfr.solve(target, max_iter);
  a.iterations = cfr.iterations();
  a.values = solve::efg::action_values(game->game, cfr.average(), game->root_infoset);
  a.solved = a.exploitability <= target;
  a.seconds = bench::seconds_since(t0);
  return a;
}

std::size_t index_of(const std::vector<Move>& actions, const Move& m) {
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (solve::same_public_move(actions[i], m)) return i;
  return actions.size();
}

std::size_t argmax(const std::vector<double>& v) {
  return static_cast<std::size_t>(std::max_element(v.begin(), v.end()) - v.begin());
}

struct Row {
  std::uint64_t deal = 0;
  int choices = 0;
  std::uint64_t seat_worlds = 0, deals = 0;
  std::size_t nodes = 0;
  int iterations = 0;
  double exploitability = 0;
  double exact_best = 0;
  double pimc_value = 0;  // PIMC's own estimate of its move
  double pimc_loss = 0, epimc_loss = 0;
  bool pimc_differs = false, epimc_differs = false;
  double pimc_seconds = 0, exact_seconds = 0, epimc_seconds = 0;
};

int run(const bench::Args& args) {
  const int want = std::stoi(bench::arg(args, "--endgames", "200"));
  const std::uint64_t seed = std::stoull(bench::arg(args, "--seed", "1"));
  const std::string rules_name = bench::arg(args, "--ruleset", "american");
  testing::EndgamePick pick;
  pick.max_public_deals = std::stoull(bench::arg(args, "--max-deals", "3000"));
  pick.max_stock = std::stoi(bench::arg(args, "--max-stock", "4"));
  pick.min_choices = std::stoi(bench::arg(args, "--min-choices", "2"));
  pick.max_seat_worlds = std::stoull(bench::arg(args, "--max-worlds", "18446744073709551615"));
  const std::string model = bench::arg(args, "--model", "public");
  if (model != "public" && model != "seat") {
    fmt::print(stderr, "--model: public or seat\n");
    return 2;
  }
  const std::uint64_t max_nodes = std::stoull(bench::arg(args, "--max-nodes", "4000000"));
  const int horizon = std::stoi(bench::arg(args, "--horizon", "3"));
  const double target = std::stod(bench::arg(args, "--target", "1e-4"));
  const double tremble = std::stod(bench::arg(args, "--tremble", "1e-6"));
  const int max_iter = std::stoi(bench::arg(args, "--max-iterations", "20000"));
  const unsigned threads = static_cast<unsigned>(std::stoi(bench::arg(args, "--threads", "1")));
  const bool verbose = bench::arg(args, "--verbose", "0") != "0";
  auto rules = load_ruleset(rules_name);

  std::vector<Row> rows;
  std::mutex lock;
  std::atomic<std::uint64_t> next_deal{0};
  int skipped_big = 0, unconverged = 0, no_endgame = 0;
  auto t0 = std::chrono::steady_clock::now();
  auto work = [&] {
    solve::Options co;
    co.max_nodes = 5'000'000;
    co.table_bits = 18;
    solve::ChanceSolver leaf(co);
    solve::PimcOptions po;
    po.max_worlds = 1'000'000;
    po.world_nodes = 5'000'000;
    po.table_bits = 18;
    solve::PimcSolver pimc(po);
    for (;;) {
      {
        std::lock_guard<std::mutex> g(lock);
        if (static_cast<int>(rows.size()) >= want) return;
      }
      const std::uint64_t d = next_deal++;
      if (d > static_cast<std::uint64_t>(want) * 20) return;
      auto p = testing::endgame_of_deal(*rules, seed, d, pick);
      if (!p) {
        std::lock_guard<std::mutex> g(lock);
        ++no_endgame;
        continue;
      }
      const int seat = to_act(*p);
      Row r;
      r.deal = d;
      auto ts = std::chrono::steady_clock::now();
      const SeatView view = view_of(*p, seat);
      r.seat_worlds = world_count(view);
      solve::PimcResult pr = pimc.solve(view);
      r.pimc_seconds = bench::seconds_since(ts);
      std::vector<Move> actions, epimc_actions;
      solve::EndgameOptions exact;
      exact.max_nodes = max_nodes;
      if (model == "seat") exact.deal = solve::DealModel::Seat;
      GameAnswer ex = solve_game(*p, seat, exact, target, tremble, max_iter, leaf, actions);
      if (!ex.solved || !pr.exact) {
        std::lock_guard<std::mutex> g(lock);
        (ex.values.empty() ? skipped_big : unconverged)++;
        continue;
      }
      solve::EndgameOptions ep;
      ep.deal = solve::DealModel::Seat;
      ep.horizon = horizon;
      ep.max_nodes = max_nodes;
      GameAnswer epimc = solve_game(*p, seat, ep, target, tremble, max_iter, leaf, epimc_actions);
      if (!epimc.solved) {
        std::lock_guard<std::mutex> g(lock);
        (epimc.values.empty() ? skipped_big : unconverged)++;
        continue;
      }
      r.choices = static_cast<int>(actions.size());
      r.deals = ex.deals;
      r.nodes = ex.nodes;
      r.iterations = ex.iterations;
      r.exploitability = ex.exploitability;
      r.exact_seconds = ex.seconds;
      r.epimc_seconds = epimc.seconds;
      const std::size_t best = argmax(ex.values);
      r.exact_best = ex.values[best];
      const std::size_t pm = index_of(actions, pr.moves.front().move);
      const std::size_t em = index_of(actions, epimc_actions[argmax(epimc.values)]);
      if (pm >= actions.size() || em >= actions.size()) throw std::logic_error("a move not in the game");
      r.pimc_value = pr.moves.front().expected;
      r.pimc_loss = ex.values[best] - ex.values[pm];
      r.epimc_loss = ex.values[best] - ex.values[em];
      r.pimc_differs = pm != best;
      r.epimc_differs = em != best;
      std::lock_guard<std::mutex> g(lock);
      if (static_cast<int>(rows.size()) >= want) return;
      if (verbose)
        fmt::print(
            "deal {:>4}: {:>2} moves, {:>5} worlds, {:>6} deals, {:>8} nodes, {:>5} it, expl {:.1e}, "
            "value {:+.4f} (pimc {:+.4f}), pimc loss {:.4f}, epimc loss {:.4f} ({:.2f}+{:.2f}+{:.2f} s)\n",
            d, r.choices, r.seat_worlds, r.deals, r.nodes, r.iterations, r.exploitability, r.exact_best, r.pimc_value,
            r.pimc_loss, r.epimc_loss, r.pimc_seconds, r.exact_seconds, r.epimc_seconds);
      rows.push_back(r);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& th : pool) th.join();
  const double total = bench::seconds_since(t0);

  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.deal < b.deal; });
  const double n = static_cast<double>(rows.size());
  auto count = [&](auto f) { return static_cast<double>(std::count_if(rows.begin(), rows.end(), f)); };
  auto sum = [&](auto f) {
    return std::accumulate(rows.begin(), rows.end(), 0.0, [&](double s, const Row& r) { return s + f(r); });
  };
  auto maxof = [&](auto f) {
    double m = 0;
    for (const Row& r : rows) m = std::max(m, f(r));
    return m;
  };
  const double tol = 1e-3;
  fmt::print(
      "seat-view: {} endgames of {} (seed {}, deals 0..{}; {} ended before an endgame, {} over "
      "--max-nodes {}, {} not converged); the exact game: {}\n",
      rows.size(), rules_name, seed, next_deal.load() - 1, no_endgame, skipped_big, max_nodes, unconverged,
      model == "public" ? "both hands dealt from the public view (the other seat does not see the seat's hand)"
                        : "the seat's worlds (the other seat sees both hands, as PIMC assumes)");
  fmt::print(
      "  exact game: median {} deals, max {}; nodes max {}; CFR+ iterations mean {:.0f}, max {}; "
      "exploitability max {:.2e}\n",
      rows.empty() ? 0 : rows[rows.size() / 2].deals, maxof([](const Row& r) { return double(r.deals); }),
      maxof([](const Row& r) { return double(r.nodes); }), sum([](const Row& r) { return double(r.iterations); }) / n,
      maxof([](const Row& r) { return double(r.iterations); }), maxof([](const Row& r) { return r.exploitability; }));
  fmt::print(
      "  PIMC's estimate of its move against the exact value of the position: mean {:+.5f}, mean absolute "
      "{:.5f}, max absolute {:.4f} (strategy fusion makes PIMC optimistic)\n",
      sum([](const Row& r) { return r.pimc_value - r.exact_best; }) / n,
      sum([](const Row& r) { return std::abs(r.pimc_value - r.exact_best); }) / n,
      maxof([](const Row& r) { return std::abs(r.pimc_value - r.exact_best); }));
  for (int which = 0; which < 2; ++which) {
    auto loss = [&](const Row& r) { return which == 0 ? r.pimc_loss : r.epimc_loss; };
    auto differs = [&](const Row& r) { return which == 0 ? r.pimc_differs : r.epimc_differs; };
    fmt::print(
        "  {:<22} other move than the exact best {:>4} ({:5.1f}%), loses > {} {:>4} ({:5.1f}%); "
        "expected score lost: mean {:.5f}, max {:.4f}\n",
        which == 0 ? "PIMC:" : fmt::format("EPIMC (horizon {}):", horizon), count(differs), 100.0 * count(differs) / n,
        tol, count([&](const Row& r) { return loss(r) > tol; }),
        100.0 * count([&](const Row& r) { return loss(r) > tol; }) / n, sum(loss) / n, maxof(loss));
  }
  fmt::print("  time: PIMC {:.2f} s, exact {:.2f} s, EPIMC {:.2f} s (sums); wall {:.1f} s on {} thread(s)\n",
             sum([](const Row& r) { return r.pimc_seconds; }), sum([](const Row& r) { return r.exact_seconds; }),
             sum([](const Row& r) { return r.epimc_seconds; }), total, threads);
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("seat-view", "PIMC and EPIMC against the exact imperfect-information value on small endgames", run);
