// conquian_bench model-vs-engine [--positions N] [--seed S] [--rulesets shipped|variants|all|NAME]
//   [--invariant 1]: the step model held to the engine (prove/step_agreement.h) on positions
// reached by random play, the rulesets taken in turn. Prints the positions, moves and
// successors compared and every disagreement; exit status 1 if there is one.
#include <fmt/core.h>

#include <cstdio>
#include <random>

#include "bench.h"
#include "engine/engine.h"
#include "prove/step_agreement.h"
#include "prove/step_variants.h"
#include "rules/ruleset.h"

namespace conquian::bench {
namespace {

int model_vs_engine(const Args& args) {
  long positions = std::stol(arg(args, "--positions", "100000"));
  std::uint64_t seed = std::stoull(arg(args, "--seed", "1"));
  std::string which = arg(args, "--rulesets", "all");
  bool invariant = arg(args, "--invariant", "0") != "0";
  int shown = std::stoi(arg(args, "--show", "5"));
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  if (which == "shipped" || which == "all")
    for (const auto& n : shipped_ruleset_names()) rulesets.push_back(load_ruleset(n));
  if (which == "variants" || which == "all")
    for (const auto& r : prove::step_variant_rulesets()) rulesets.push_back(r);
  if (rulesets.empty()) rulesets.push_back(load_ruleset(which));

  struct Tally {
    long positions = 0, moves = 0, engine = 0, model = 0, queries = 0, disagreements = 0, unknown = 0;
    double seconds = 0;
  };
  std::vector<Tally> tally(rulesets.size());
  std::vector<std::unique_ptr<prove::StepAgreementChecker>> checkers;
  for (const auto& r : rulesets) checkers.push_back(std::make_unique<prove::StepAgreementChecker>(*r));
  std::mt19937_64 rng(seed);
  std::vector<Move> legal;
  auto t0 = std::chrono::steady_clock::now();
  long done = 0, deal = 0, printed = 0;
  while (done < positions) {
    std::size_t which_rules = static_cast<std::size_t>(deal++ % static_cast<long>(rulesets.size()));
    const Ruleset& r = *rulesets[which_rules];
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
      prove::StepAgreement a = checkers[which_rules]->check(p, invariant);
      Tally& t = tally[which_rules];
      t.seconds += seconds_since(t1);
      ++t.positions, ++done;
      t.moves += a.engine_moves, t.engine += a.engine_successors, t.model += a.model_successors, t.queries += a.queries;
      t.unknown += a.unknown;
      t.disagreements += static_cast<long>(a.disagreements.size());
      for (const auto& d : a.disagreements)
        if (printed++ < shown) fmt::print("DISAGREEMENT under {}: {}\n", r.name, d);
      legal_moves(p, legal);
      // Mostly takes when there are some, so that tables grow and deals reach their end.
      std::size_t pick = rng() % legal.size();
      for (std::size_t i = 0; i < legal.size() && rng() % 3 != 0; ++i)
        if (legal[i].kind == MoveKind::Take) pick = i;
      apply(p, legal[pick]);
    }
    if (deal % 50 == 0) {
      fmt::print("... {} positions, {:.0f}s\n", done, seconds_since(t0));
      std::fflush(stdout);
    }
  }
  Tally all;
  fmt::print("{:<22} {:>9} {:>10} {:>10} {:>10} {:>9} {:>8} {:>7} {:>8}\n", "ruleset", "positions", "moves", "engine", "model",
             "queries", "disagree", "unknown", "seconds");
  for (std::size_t i = 0; i < rulesets.size(); ++i) {
    const Tally& t = tally[i];
    fmt::print("{:<22} {:>9} {:>10} {:>10} {:>10} {:>9} {:>8} {:>7} {:>8.1f}\n", rulesets[i]->name, t.positions, t.moves, t.engine,
               t.model, t.queries, t.disagreements, t.unknown, t.seconds);
    all.positions += t.positions, all.moves += t.moves, all.engine += t.engine, all.model += t.model;
    all.queries += t.queries, all.disagreements += t.disagreements, all.unknown += t.unknown, all.seconds += t.seconds;
  }
  fmt::print("{:<22} {:>9} {:>10} {:>10} {:>10} {:>9} {:>8} {:>7} {:>8.1f}\n", "all", all.positions, all.moves, all.engine,
             all.model, all.queries, all.disagreements, all.unknown, all.seconds);
  return all.disagreements || all.unknown ? 1 : 0;
}

}  // namespace

BENCHMARK_ENTRY("model-vs-engine",
                "the step model held to the engine on random positions (--positions N --seed S --rulesets shipped|variants|all|NAME)",
                model_vs_engine);

}  // namespace conquian::bench
