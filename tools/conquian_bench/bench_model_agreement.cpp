// conquian_bench model-vs-engine [--positions N] [--seed S] [--rulesets LIST] [--threads T]
//   [--invariant-every K]: the step model held to the engine (prove/step_agreement.h) on positions
// reached by random play, the rulesets taken in turn. LIST is comma-separated: shipped (every
// ruleset of rulesets/), variants (prove/step_variants.h), all (both), a variant's name, or
// a ruleset name or file. Prints the positions, moves and
// successors compared and every disagreement; exit status 1 if there is one.
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <random>
#include <thread>

#include "bench.h"
#include "engine/engine.h"
#include "prove/step_agreement.h"
#include "prove/step_variants.h"
#include "rules/ruleset.h"

namespace conquian::bench {
namespace {

struct Tally {
  long positions = 0, moves = 0, engine = 0, model = 0, queries = 0, disagreements = 0, unknown = 0, invariant = 0;
  double seconds = 0;
  void add(const Tally& t) {
    positions += t.positions, moves += t.moves, engine += t.engine, model += t.model, queries += t.queries;
    disagreements += t.disagreements, unknown += t.unknown, invariant += t.invariant, seconds += t.seconds;
  }
};

// One thread's share: deals of the rulesets in turn, every live position compared.
// What every thread has done so far, printed now and then, so that a run stopped early
// still says what it compared.
struct Running {
  std::mutex lock;
  Tally all;
  long printed = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

void play_and_compare(const std::vector<std::shared_ptr<const Ruleset>>& rulesets, long positions, std::uint64_t seed,
                      int invariant_every, int shown, std::vector<Tally>& tally, Running& running) {
  std::vector<std::unique_ptr<prove::StepAgreementChecker>> checkers;
  for (const auto& r : rulesets) checkers.push_back(std::make_unique<prove::StepAgreementChecker>(*r));
  std::mt19937_64 rng(seed);
  std::vector<Move> legal;
  long done = 0, deal = 0;
  Tally since;  // this thread's work not yet in `running`
  constexpr long kReportEvery = 2000;
  while (done < positions) {
    std::size_t which = static_cast<std::size_t>(deal++ % static_cast<long>(rulesets.size()));
    const Ruleset& r = *rulesets[which];
    std::vector<Card> deck;
    for (Card c : r.deck.all()) deck.push_back(c);
    std::shuffle(deck.begin(), deck.end(), rng);
    std::vector<CardSet> hands(static_cast<std::size_t>(r.seats));
    std::size_t next = 0;
    for (auto& h : hands)
      for (int i = 0; i < r.hand; ++i) h.insert(deck[next++]);
    std::vector<Card> stock(deck.begin() + static_cast<std::ptrdiff_t>(next), deck.end());
    Position p = start(r, hands, static_cast<int>(deal % r.seats), stock, true);
    while (!p.result.over() && done < positions) {
      auto t1 = std::chrono::steady_clock::now();
      bool with_invariant = invariant_every > 0 && done % invariant_every == 0;
      prove::StepAgreement a = checkers[which]->check(p, with_invariant);
      Tally& t = tally[which];
      t.seconds += seconds_since(t1);
      ++t.positions, ++done;
      t.moves += a.engine_moves, t.engine += a.engine_successors, t.model += a.model_successors, t.queries += a.queries;
      t.unknown += a.unknown, t.invariant += with_invariant;
      t.disagreements += static_cast<long>(a.disagreements.size());
      ++since.positions, since.moves += a.engine_moves, since.queries += a.queries, since.unknown += a.unknown;
      since.disagreements += static_cast<long>(a.disagreements.size());
      if (!a.disagreements.empty() || done % kReportEvery == 0 || done == positions) {
        std::lock_guard<std::mutex> guard(running.lock);
        for (const auto& d : a.disagreements)
          if (running.printed++ < shown) fmt::print("DISAGREEMENT under {}: {}\n", r.name, d);
        running.all.add(since);
        since = Tally{};
        if (done % kReportEvery == 0)
          fmt::print("... {} positions, {} moves, {} queries, {} disagreements, {} unknown, {:.0f} s\n",
                     running.all.positions, running.all.moves, running.all.queries, running.all.disagreements,
                     running.all.unknown, seconds_since(running.start));
        std::fflush(stdout);
      }
      legal_moves(p, legal);
      // Mostly takes when there are some, so that tables grow and deals reach their end.
      std::size_t pick = rng() % legal.size();
      for (std::size_t i = 0; i < legal.size() && rng() % 3 != 0; ++i)
        if (legal[i].kind == MoveKind::Take) pick = i;
      apply(p, legal[pick]);
    }
  }
}

int model_vs_engine(const Args& args) {
  long positions = std::stol(arg(args, "--positions", "100000"));
  std::uint64_t seed = std::stoull(arg(args, "--seed", "1"));
  std::string which = arg(args, "--rulesets", "all");
  int invariant_every = std::stoi(arg(args, "--invariant-every", "20"));
  int shown = std::stoi(arg(args, "--show", "5"));
  int threads = std::max(1, std::stoi(arg(args, "--threads", "2")));
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  for (std::size_t from = 0; from <= which.size();) {
    std::size_t comma = std::min(which.find(',', from), which.size());
    std::string item = which.substr(from, comma - from);
    from = comma + 1;
    bool group = false;
    if (item == "shipped" || item == "all")
      for (const auto& n : shipped_ruleset_names()) rulesets.push_back(load_ruleset(n)), group = true;
    for (const auto& r : prove::step_variant_rulesets())
      if (item == "variants" || item == "all" || item == r->name) rulesets.push_back(r), group = true;
    if (!group) rulesets.push_back(load_ruleset(item));
  }

  auto t0 = std::chrono::steady_clock::now();
  std::vector<std::vector<Tally>> tallies(static_cast<std::size_t>(threads), std::vector<Tally>(rulesets.size()));
  Running running;
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) {
    long share = positions / threads + (i < positions % threads ? 1 : 0);
    pool.emplace_back(play_and_compare, std::cref(rulesets), share, seed * 1000 + static_cast<std::uint64_t>(i),
                      invariant_every, shown, std::ref(tallies[static_cast<std::size_t>(i)]), std::ref(running));
  }
  for (auto& t : pool) t.join();
  fmt::print("{:<18} {:>9} {:>9} {:>9} {:>9} {:>9} {:>6} {:>8} {:>7} {:>8}\n", "ruleset", "positions", "moves",
             "engine", "model", "queries", "with I", "disagree", "unknown", "seconds");
  Tally all;
  for (std::size_t r = 0; r < rulesets.size(); ++r) {
    Tally t;
    for (const auto& per_thread : tallies) t.add(per_thread[r]);
    fmt::print("{:<18} {:>9} {:>9} {:>9} {:>9} {:>9} {:>6} {:>8} {:>7} {:>8.1f}\n", rulesets[r]->name, t.positions,
               t.moves, t.engine, t.model, t.queries, t.invariant, t.disagreements, t.unknown, t.seconds);
    all.add(t);
  }
  fmt::print("{:<18} {:>9} {:>9} {:>9} {:>9} {:>9} {:>6} {:>8} {:>7} {:>8.1f}\n", "all", all.positions, all.moves,
             all.engine, all.model, all.queries, all.invariant, all.disagreements, all.unknown, all.seconds);
  fmt::print(
      "positions: live positions compared; moves: the engine's legal moves; engine, model: distinct successor\n"
      "states on each side (equal when they agree); with I: positions also checked against the invariant.\n"
      "{} thread(s), {:.0f} s\n",
      threads, seconds_since(t0));
  return all.disagreements || all.unknown ? 1 : 0;
}

}  // namespace

BENCHMARK_ENTRY("model-vs-engine",
                "the step model held to the engine on random positions (--positions N --seed S --rulesets "
                "shipped,variants,all,NAME,...)",
                model_vs_engine);

}  // namespace conquian::bench
