// The perfect-information solver on random deals of a ruleset (american by default), every
// card known: whole deals from the first move, and endgames with six stock cards left
// (greedy play until then). Each with the full solver, with fastest-win off, and "plain"
// (no transposition table, no move ordering) under a node budget.
// Goals (not tests): median <= 1 s per full deal; >= 100x faster than plain;
// 6-card endgames <= 10 ms.
//
//   conquian_bench solve [--deals 100] [--seed 1] [--ruleset american] [--endgame 6]
//                        [--plain-budget 2000000] [--plain-deals 20] [--table-bits 20]
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "batch/players.h"
#include "bench.h"
#include "bench_solve_chance.h"
#include "cards/shuffle.h"
#include "solve/solver.h"

namespace {

using namespace conquian;

// Greedy play until `cards` stock cards are left and a card must be turned; a deal that
// greedy play ends sooner is played again with mostly refusals (a random move one time in
// four), so that most deals give an endgame. nullopt if even that ends first.
std::optional<Position> endgame(const Position& start_pos, std::uint64_t seed, int cards, bool& greedy_reached) {
  std::vector<Move> legal;
  for (int attempt = 0; attempt < 2; ++attempt) {
    Rng rng(seed * 7919 + static_cast<std::uint64_t>(attempt));
    auto greedy = batch::make_greedy_player();
    Position p = start_pos;
    while (!p.result.over()) {
      if (p.phase == Phase::Turn && p.stock_left() <= cards) {
        greedy_reached = attempt == 0;
        return p;
      }
      legal_moves(p, legal);
      std::size_t pick = 0;
      if (attempt == 0) {
        pick = greedy->choose(p, legal, rng);
      } else {
        pick = rng.below(legal.size());
        if (rng.below(4) != 0)
          for (std::size_t k = 0; k < legal.size(); ++k)
            if (legal[k].kind == MoveKind::Pass || legal[k].kind == MoveKind::Waive) pick = k;
      }
      apply(p, legal[pick]);
    }
  }
  return std::nullopt;
}

Position deal_start(const Ruleset& rules, std::uint64_t seed, std::uint64_t i) {
  Rng rng = deal_rng(seed, i);
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  return deal(rules, deck, static_cast<int>(i % 2));
}

struct Stats {
  std::vector<double> seconds;
  std::uint64_t nodes = 0;
  double total = 0;
  int unsolved = 0;
  int wins0 = 0, draws = 0, wins1 = 0;

  void add(const solve::Result& r) {
    nodes += r.nodes;
    total += r.seconds;
    if (!r.solved) {
      ++unsolved;
      return;
    }
    seconds.push_back(r.seconds);
    if (r.value.kind == Outcome::Kind::Draw) ++draws;
    else (r.value.winner == 0 ? wins0 : wins1)++;
  }
  double median() const {
    if (seconds.empty()) return 0;
    auto v = seconds;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  }
  double worst() const { return seconds.empty() ? 0 : *std::max_element(seconds.begin(), seconds.end()); }
  void print(const std::string& what) const {
    fmt::print(
        "  {:<30} solved {:>3}/{:<3} median {:10.3f} ms  worst {:10.3f} ms  {:>11} nodes {:>8.0f} nodes/s  "
        "(seat 0 wins {}, draws {}, seat 1 wins {})\n",
        what, seconds.size(), seconds.size() + static_cast<std::size_t>(unsolved), median() * 1e3, worst() * 1e3, nodes,
        total > 0 ? static_cast<double>(nodes) / total : 0.0, wins0, draws, wins1);
  }
};

solve::Options options(bool table, bool ordering, bool fastest, std::uint64_t budget, int bits) {
  solve::Options o;
  o.transposition = table;
  o.ordering = ordering;
  o.fastest_win = fastest;
  o.max_nodes = budget;
  o.table_bits = bits;
  return o;
}

// The same outcome, and for a win the same distance (a drawn line's length is any draw's).
bool same_value(const solve::Value& a, const solve::Value& b) {
  return a.kind == b.kind && a.winner == b.winner && (a.kind == Outcome::Kind::Draw || a.plies == b.plies);
}

struct Solvers {
  solve::Solver full, any_win, table_only, ordering_only, plain;
};

// One set of positions under every configuration; plain (and the half-way ones) only on the
// first `plain_count` positions, under their own budget.
void measure(const std::string& title, const std::vector<Position>& set, Solvers& s, std::size_t plain_count,
             std::uint64_t plain_budget) {
  fmt::print("{} ({} positions):\n", title, set.size());
  Stats full, any;
  std::vector<solve::Result> full_results;
  for (const Position& p : set) {
    full_results.push_back(s.full.solve(p));
    full.add(full_results.back());
  }
  full.print("table + ordering, fastest win");
  for (const Position& p : set) any.add(s.any_win.solve(p));
  any.print("table + ordering, any win");
  const std::size_t n = std::min(plain_count, set.size());
  Stats table_only, ordering_only, plain, full_sub;
  double plain_time = 0, full_time = 0;
  std::uint64_t plain_nodes = 0, full_nodes = 0;
  std::vector<double> ratios;  // per position, both solved
  bool lower_bound = false;
  for (std::size_t i = 0; i < n; ++i) {
    table_only.add(s.table_only.solve(set[i]));
    ordering_only.add(s.ordering_only.solve(set[i]));
    solve::Result rp = s.plain.solve(set[i]);
    plain.add(rp);
    full_sub.add(full_results[i]);
    if (!full_results[i].solved) continue;
    plain_time += rp.seconds;
    full_time += full_results[i].seconds;
    plain_nodes += rp.nodes;
    full_nodes += full_results[i].nodes;
    if (!rp.solved) lower_bound = true;
    else if (full_results[i].seconds > 0) ratios.push_back(rp.seconds / full_results[i].seconds);
    else if (!same_value(rp.value, full_results[i].value))
      fmt::print("  MISMATCH at position {}: plain and full disagree\n", i);
  }
  const std::string b = fmt::format(", budget {}", plain_budget);
  table_only.print("table only" + b);
  ordering_only.print("ordering only" + b);
  plain.print("plain (neither)" + b);
  if (full_time > 0)
    fmt::print("  speed-up of table + ordering over plain on these {}: {}{:.1f}x in time, {:.1f}x in nodes{}\n", n,
               lower_bound ? "at least " : "", plain_time / full_time,
               static_cast<double>(plain_nodes) / static_cast<double>(std::max<std::uint64_t>(1, full_nodes)),
               lower_bound ? " (plain stopped at its budget on some, so this is a lower bound)" : "");
  if (!ratios.empty()) {
    std::sort(ratios.begin(), ratios.end());
    fmt::print("  per position (both solved): median speed-up {:.1f}x, smallest {:.1f}x, largest {:.1f}x\n",
               ratios[ratios.size() / 2], ratios.front(), ratios.back());
  }
}

int bench_solve(const bench::Args& args) {
  // --part known: every card known (below); chance: the stock unknown (bench_solve_chance.cpp).
  const std::string part = bench::arg(args, "--part", "all");
  if (part == "chance") return bench::bench_solve_chance(args);
  const int deals = std::stoi(bench::arg(args, "--deals", "100"));
  const std::uint64_t seed = std::stoull(bench::arg(args, "--seed", "1"));
  const std::string ruleset = bench::arg(args, "--ruleset", "american");
  const int endgame_cards = std::stoi(bench::arg(args, "--endgame", "6"));
  const int mid_cards = std::stoi(bench::arg(args, "--mid", "10"));
  const std::uint64_t plain_budget = std::stoull(bench::arg(args, "--plain-budget", "2000000"));
  const std::size_t plain_deals = std::stoul(bench::arg(args, "--plain-deals", "10"));
  const std::uint64_t budget = std::stoull(bench::arg(args, "--budget", "50000000"));
  const int bits = std::stoi(bench::arg(args, "--table-bits", "20"));
  auto rules = load_ruleset(ruleset);
  if (rules->seats != 2) {
    fmt::print("the solver handles two seats only\n");
    return 2;
  }
  std::vector<Position> starts, mids, ends;
  int greedy_mid = 0, greedy_end = 0;
  for (int i = 0; i < deals; ++i) {
    starts.push_back(deal_start(*rules, seed, static_cast<std::uint64_t>(i)));
    bool greedy = false;
    if (auto p = endgame(starts.back(), seed + static_cast<std::uint64_t>(i), mid_cards, greedy)) {
      mids.push_back(*p);
      greedy_mid += greedy;
    }
    if (auto p = endgame(starts.back(), seed + static_cast<std::uint64_t>(i), endgame_cards, greedy)) {
      ends.push_back(*p);
      greedy_end += greedy;
    }
  }
  fmt::print("solve: {} random deals of {} (seed {}), every card known; budget {} nodes; table 2^{} entries\n", deals,
             ruleset, seed, budget, bits);
  Solvers s{solve::Solver(options(true, true, true, budget, bits)),
            solve::Solver(options(true, true, false, budget, bits)),
            solve::Solver(options(true, false, true, plain_budget, bits)),
            solve::Solver(options(false, true, true, plain_budget, bits)),
            solve::Solver(options(false, false, true, plain_budget, bits))};
  measure("full deals, from the first move", starts, s, plain_deals, plain_budget);
  measure(fmt::format("{} stock cards left ({} by greedy play, the rest by mostly refusing)", mid_cards, greedy_mid),
          mids, s, mids.size(), plain_budget);
  measure(
      fmt::format("{} stock cards left ({} by greedy play, the rest by mostly refusing)", endgame_cards, greedy_end),
      ends, s, ends.size(), plain_budget);
  return part == "known" ? 0 : bench::bench_solve_chance(args);
}

}  // namespace

BENCHMARK_ENTRY("solve", "perfect-information solver: full deals and 6-card endgames, with and without table/ordering",
                bench_solve);
