// The exact search with the stock unknown (solve/chance.h), the part of `conquian_bench
// solve` for the stock unknown:
//   - the corpus positions (corpus/positions/*) and simulated-american --after 30, with the
//     default settings; goal: at most 5 s each;
//   - american positions with --unseen cards left in the stock (greedy play from random
//     deals until then, the order then forgotten); goal: median at most 1 s;
//   - the most unseen cards solved within --largest-seconds (default 60), from positions of
//     --largest-deals deals with 15, 16, ... unseen cards, up to the deal's first move (20).
//
//   conquian_bench solve --part chance [--chance-positions 60] [--unseen 14] [--seed 1]
//                        [--largest-seconds 60] [--largest-deals 2] [--chance-table-bits 22-25: memory]
//                        [--chance-solo-nodes 100000]
//                        [--chance-budget 50000000] [--verbose yes] [--only K] [--write DIR]
//                        [--chance-threads T]
//   --chance-threads T: the search on T threads (solve/chance.h); the times (the column
//     "cpu", the median, --largest-seconds) are then the clock's, not this thread's CPU
//   --write DIR: each sampled position also as a position file DIR/unseenN-K.position.yml
//   --interval-goal yes: on each solved sampled position (value v), the nodes of the two
//     threshold tests that prove [v-0.1, v+0.1] (solve/chance_interval.h; each with a fresh
//     table) and of the bisection to a width of 0.2, against the exact search's nodes; goal:
//     the median ratio at most 0.1; --interval-split yes: those tests with the
//     threshold split at the turns (solve/chance_split.cpp) instead of Star1's windows
#include "bench_solve_chance.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <limits>

#include "batch/players.h"
#include "cards/shuffle.h"
#include "record/position_file.h"
#include "record/record_reader.h"
#include "replay/position_setup.h"
#include "replay/ruleset_cache.h"
#include "solve/chance.h"
#include "solve/chance_interval.h"
#include "solve/solver.h"
#include "solve/table_memory.h"

namespace conquian::bench {
namespace {

Position deal_of(const Ruleset& rules, std::uint64_t seed, std::uint64_t i) {
  Rng rng = deal_rng(seed, i);
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  return deal(rules, deck, static_cast<int>(i % 2));
}

// Greedy play (both seats) until a card must be turned with `unseen` cards in the stock;
// the stock order then forgotten. nullopt when the deal ends first.
std::optional<Position> greedy_until(const Position& start_pos, std::uint64_t seed, int unseen) {
  Rng rng(seed);
  auto greedy = batch::make_greedy_player();
  std::vector<Move> legal;
  Position p = start_pos;
  while (!p.result.over()) {
    if (p.phase == Phase::Turn && p.stock_left() <= unseen) return forget_stock(p);
    legal_moves(p, legal);
    apply(p, legal[greedy->choose(p, legal, rng)]);
  }
  return std::nullopt;
}

std::string chances_text(const solve::ChanceResult& r) {
  const solve::Chances c = r.value;
  return fmt::format("seat 0 wins {:.4f}, draw {:.4f}, seat 1 wins {:.4f}", c.win0, c.draw, c.win1);
}

// This thread's CPU time: the machine is shared, and under load the wall time says more of
// the other sessions than of the search.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Timed {
  solve::ChanceResult r;
  double cpu = 0;  // seconds of CPU (r.seconds: of the wall); on several threads, of the wall
};

// Solves with a fresh solver (the command's case: one position, one table), stopping after
// `seconds` (0: no limit) or at the node limit. One thread: its CPU time counts; several:
// the clock (this thread's CPU time would be a part of the work).
Timed solve_fresh(const Position& p, const solve::Options& o, double seconds) {
  solve::ChanceSolver solver(o);
  const auto w0 = std::chrono::steady_clock::now();
  const double c0 = cpu_seconds();
  auto spent = [&] {
    return o.threads > 1 ? std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count()
                         : cpu_seconds() - c0;
  };
  if (seconds > 0) solver.on_progress([&](std::uint64_t) { return spent() < seconds; });
  Timed t{solver.solve(p)};
  t.cpu = spent();
  return t;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void corpus_part(const solve::Options& o, const std::string& corpus) {
  if (!std::filesystem::is_directory(corpus + "/positions")) {
    fmt::print("corpus positions: no {}/positions here (run from the source tree, or give --corpus DIR)\n", corpus);
    return;
  }
  fmt::print(
      "corpus positions, default settings (goal: each at most 5 s; cpu: this thread's CPU time, wall: the clock):\n");
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(corpus + "/positions"))
    if (e.path().filename().string().ends_with(".position.yml")) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<std::pair<std::string, Position>> positions;
  std::vector<std::shared_ptr<const Ruleset>> keep;
  // The positions name the corpus's house rulesets bare: that folder is trusted, as
  // `--ruleset-dir corpus/rulesets` makes it (corpus/README.md).
  RulesetCache rulesets(RulesetCache::Sources::NamesAndFiles, {corpus + "/rulesets"});
  for (const auto& f : files) {
    record::PositionFile pf = record::read_position_file(f.string());
    keep.push_back(rulesets.get(pf.ruleset, f.string()));
    Position p = position_from_file(pf, *keep.back());
    if (std::string why = solve::why_unsolvable(forget_stock(p)); !why.empty()) {
      fmt::print("  {:<38} not solved: {}\n", f.filename().string(), why);
      continue;
    }
    positions.emplace_back(f.filename().string(), p);
  }
  const std::size_t from_files = positions.size();
  keep.push_back(load_ruleset("american"));
  record::read_record_file(corpus + "/legal/simulated-american.yaml", [&](record::ReadItem&& item) {
    if (item.record && positions.size() == from_files)
      positions.emplace_back("simulated-american.yaml --after 30",
                             forget_stock(position_after(*item.record, *keep.back(), 30)));
  });
  for (const auto& [name, p] : positions) {
    const auto [r, cpu] = solve_fresh(p, o, 0);
    fmt::print("  {:<38} {:>2} unseen  {}  cpu {:8.3f} s  wall {:8.3f} s  {:>11} nodes (outcome pass {})  {}\n", name,
               p.stock_left(), r.solved ? "solved  " : "UNSOLVED", cpu, r.seconds, r.nodes, r.outcome_nodes,
               r.solved ? chances_text(r) : "");
    std::fflush(stdout);  // each line as it comes (a long run, often into a file)
  }
}

// A position at a turn as a position file (specs/position-format.md), so that a hard one can
// be solved again with `conquian solve`: the stock unknown, every other card placed.
std::string position_file_text(const Position& p) {
  const Deck& deck = p.rules->deck;
  auto list = [&](CardSet s) {
    std::string out;
    for (Card c : s) out += (out.empty() ? "" : ", ") + deck.token(c);
    return "[" + out + "]";
  };
  std::string text = "format: conquian-position/1\nruleset: " + p.rules->name + "\nseats:\n";
  for (int s = 0; s < 2; ++s) {
    MeldList melds;
    p.rules->meld_index().find_partition(p.table[s], melds);
    std::string table;
    for (int i = 0; i < melds.count; ++i) table += (table.empty() ? "" : ", ") + list(melds.melds[i]);
    text += "  - hand: " + list(p.hand[s]) + "\n    table: [" + table + "]\n";
  }
  text += "stock: unknown\ndead: " + list(p.dead) + "\nto_act: " + std::to_string(p.actor) + "\n";
  return text;
}

// The interval goal on one solved position: the nodes that prove [v-0.1, v+0.1] knowing v,
// and those of the bisection to width 0.2 not knowing it, each over the exact search's.
struct IntervalCost {
  double known = 0, bisection = 0;
};

IntervalCost interval_cost(const Position& p, const solve::Options& o, const solve::ChanceResult& exact, bool split) {
  const solve::Int128 d = exact.exact.denominator, v = exact.exact.expected, slack = d / 10;
  const double exact_nodes = static_cast<double>(exact.nodes - exact.outcome_nodes);
  solve::Options one = o;
  one.max_nodes = 0;
  std::uint64_t below = 0, above = 0;
  const bool low = solve::prove_threshold(p, one, std::max(-d, v - slack), true, below, split);
  const bool high = solve::prove_threshold(p, one, std::min(d, v + slack), false, above, split);
  if (!low || !high) throw std::runtime_error("a threshold test of the interval goal failed on a solved position");
  solve::IntervalRequest request;
  request.max_nodes = 0;
  request.width = 0.2;
  request.split = split;
  const solve::ChanceInterval bisected = solve::prove_interval(p, one, request);
  return {static_cast<double>(below + above) / exact_nodes, static_cast<double>(bisected.nodes) / exact_nodes};
}

void sample_part(const Ruleset& rules, const solve::Options& o, std::uint64_t seed, int count, int unseen, bool verbose,
                 int only, const std::string& write_dir, bool interval_goal, bool split) {
  std::vector<Position> set;
  for (std::uint64_t i = 0; static_cast<int>(set.size()) < count && i < static_cast<std::uint64_t>(count) * 10; ++i)
    if (auto p = greedy_until(deal_of(rules, seed, i), seed * 7919 + i, unseen)) set.push_back(*p);
  fmt::print(
      "{} positions of {} with {} unseen cards (greedy play from random deals, seed {}; goal: median "
      "at most 1 s; {}):\n",
      set.size(), rules.name, unseen, seed,
      o.threads > 1 ? fmt::format("{} threads, times of the clock", o.threads) : "one thread, CPU times");
  if (!write_dir.empty()) {
    std::filesystem::create_directories(write_dir);
    for (std::size_t i = 0; i < set.size(); ++i) {
      std::FILE* f = std::fopen(fmt::format("{}/unseen{}-{:02}.position.yml", write_dir, unseen, i).c_str(), "w");
      if (!f) throw std::runtime_error("cannot write into " + write_dir);
      std::fputs(position_file_text(set[i]).c_str(), f);
      std::fclose(f);
    }
  }
  if (only >= 0) set = {set.at(static_cast<std::size_t>(only))};
  std::vector<double> times, all_times;                // all_times: an unsolved position as slower than any
  std::vector<double> known_ratios, bisection_ratios;  // --interval-goal
  std::uint64_t nodes = 0, outcome_nodes = 0;
  int unsolved = 0, uncertain = 0;
  double total = 0;
  for (const Position& p : set) {
    const auto [r, cpu] = solve_fresh(p, o, 0);
    if (verbose)
      fmt::print("    cpu {:8.3f} s  wall {:8.3f} s {:>11} nodes {}  {}\n", cpu, r.seconds, r.nodes,
                 r.solved ? "solved" : "UNSOLVED", r.solved ? chances_text(r) : "");
    std::fflush(stdout);
    total += cpu;
    nodes += r.nodes;
    outcome_nodes += r.outcome_nodes;
    if (!r.solved) {
      ++unsolved;
      all_times.push_back(std::numeric_limits<double>::infinity());
      continue;
    }
    times.push_back(cpu);
    all_times.push_back(cpu);
    if (interval_goal) {
      const IntervalCost c = interval_cost(p, o, r, split);
      known_ratios.push_back(c.known);
      bisection_ratios.push_back(c.bisection);
      if (verbose)
        fmt::print("      interval [v-0.1, v+0.1]: {:.3f} of the exact nodes; bisection to width 0.2: {:.3f}\n",
                   c.known, c.bisection);
    }
    uncertain += r.value.win0 < 1 && r.value.win1 < 1 && r.value.draw < 1;
  }
  fmt::print(
      "  solved {}/{}  {}: median {:.3f} s  worst solved {:.3f} s  total {:.1f} s  {} nodes ({:.0f}/s; outcome pass "
      "{:.1f}%)"
      "  {} with no certain outcome\n",
      times.size(), set.size(), o.threads > 1 ? "time of the clock" : "CPU time", median(all_times),
      times.empty() ? 0.0 : *std::max_element(times.begin(), times.end()), total, nodes,
      total > 0 ? static_cast<double>(nodes) / total : 0.0,
      nodes ? 100.0 * static_cast<double>(outcome_nodes) / static_cast<double>(nodes) : 0.0, uncertain);
  if (unsolved)
    fmt::print("  {} not solved within {} nodes (counted as slowest in the median)\n", unsolved, o.max_nodes);
  if (interval_goal)
    fmt::print(
        "  proved intervals (one thread, fresh tables, {} at the turns; goal: median at most 0.1 of the exact nodes): "
        "[v-0.1, v+0.1] "
        "median {:.3f}, worst {:.3f}; bisection to width 0.2 median {:.3f}, worst {:.3f} ({} positions)\n",
        split ? "the threshold split" : "Star1", median(known_ratios),
        known_ratios.empty() ? 0.0 : *std::max_element(known_ratios.begin(), known_ratios.end()),
        median(bisection_ratios),
        bisection_ratios.empty() ? 0.0 : *std::max_element(bisection_ratios.begin(), bisection_ratios.end()),
        known_ratios.size());
}

void largest_part(const Ruleset& rules, const solve::Options& o, std::uint64_t seed, int deals, double seconds) {
  fmt::print("the most unseen cards solved within {:.0f} s {} ({} deals of {}, seed {}; greedy play to each count):\n",
             seconds, o.threads > 1 ? "of the clock" : "of CPU", deals, rules.name, seed);
  solve::Options unlimited = o;
  unlimited.max_nodes = 0;
  for (int d = 0; d < deals; ++d) {
    const Position start_pos = deal_of(rules, seed, static_cast<std::uint64_t>(d));
    int largest = 0;
    for (int n = 15; n <= start_pos.stock_left(); ++n) {
      auto p = greedy_until(start_pos, seed * 7919 + static_cast<std::uint64_t>(d), n);
      if (!p) continue;
      const auto [r, cpu] = solve_fresh(*p, unlimited, seconds);
      fmt::print("  deal {} with {:>2} unseen: {}  cpu {:8.2f} s  wall {:8.2f} s  {:>12} nodes  {}\n", d,
                 p->stock_left(), r.solved ? "solved  " : "UNSOLVED", cpu, r.seconds, r.nodes,
                 r.solved ? chances_text(r) : "");
      std::fflush(stdout);
      if (!r.solved) break;
      largest = p->stock_left();
    }
    fmt::print("  deal {}: largest solved {} unseen cards\n", d, largest);
  }
}

}  // namespace

int bench_solve_chance(const Args& args) {
  const std::uint64_t seed = std::stoull(arg(args, "--seed", "1"));
  const int count = std::stoi(arg(args, "--chance-positions", "60"));
  const int unseen = std::stoi(arg(args, "--unseen", "14"));
  const double seconds = std::stod(arg(args, "--largest-seconds", "60"));
  const int deals = std::stoi(arg(args, "--largest-deals", "2"));
  solve::Options o;
  const std::string bits = arg(args, "--chance-table-bits", "");  // none: the command's default
  o.table_bits = bits.empty() ? solve::default_chance_table_bits() : std::stoi(bits);
  o.threads = std::stoi(arg(args, "--chance-threads", "1"));
  o.solo_nodes = std::stoull(arg(args, "--chance-solo-nodes", std::to_string(o.solo_nodes)));
  auto rules = load_ruleset("american");
  o.max_nodes = std::stoull(arg(args, "--chance-budget", "50000000"));
  fmt::print("chance: the stock order unknown, exact (table at most 2^{} entries, node limit {})\n", o.table_bits,
             o.max_nodes);
  corpus_part(o, arg(args, "--corpus", "corpus"));
  if (count > 0)
    sample_part(*rules, o, seed, count, unseen, arg(args, "--verbose", "no") == "yes",
                std::stoi(arg(args, "--only", "-1")), arg(args, "--write", ""),
                arg(args, "--interval-goal", "no") == "yes", arg(args, "--interval-split", "no") == "yes");
  if (deals > 0) largest_part(*rules, o, seed, deals, seconds);
  return 0;
}

}  // namespace conquian::bench
