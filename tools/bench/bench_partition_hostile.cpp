// The meld search on the largest tables a ruleset allows: custom decks of 64 cards (the most
// ranks and suits the limits permit) and tables of 33 cards (hand 32 + 1, two seats), dense
// in a few ranks so that sets and runs overlap. Reports the worst and mean time per check;
// specs/limits.md cites it for the four-suit limit.
#include <fmt/core.h>

#include <algorithm>
#include <random>

#include "bench.h"
#include "cards/melds.h"

namespace {

struct Shape {
  int ranks, suits;
  conquian::MeldRules rules;
  const char* what;
};

int bench_partition_hostile(const conquian::bench::Args& args) {
  using namespace conquian;
  const int count = std::stoi(conquian::bench::arg(args, "--sets", "20000"));
  const int size = std::stoi(conquian::bench::arg(args, "--cards", "33"));
  const Shape shapes[] = {
      {16, 4, {3, 4, 3, 0, {}}, "sets 3-4, runs 3+ (the american sizes)"},
      {16, 4, {2, 4, 2, 0, {}}, "sets 2-4, runs 2+"},
      {16, 4, {3, 3, 3, 3, {}}, "sets 3, runs 3"},
      {32, 2, {2, 2, 2, 0, {}}, "sets 2, runs 2+"},
      {64, 1, {2, 2, 3, 0, {}}, "runs 3+ only"},
  };
  for (const Shape& shape : shapes) {
    std::vector<std::string> ranks, suits;
    for (int i = 0; i < shape.ranks; ++i) ranks.push_back("r" + std::to_string(i));
    for (int i = 0; i < shape.suits; ++i) suits.push_back(std::string(1, static_cast<char>('a' + i)));
    auto deck = Deck::custom(ranks, suits, nullptr);
    MeldIndex idx(*deck, shape.rules);
    std::mt19937_64 rng(7);
    double worst = 0, total = 0;
    int yes = 0;
    for (int t = 0; t < count; ++t) {
      // Most cards from a window of a few ranks (many same-rank choices), the rest anywhere.
      const int cards = std::min(size, deck->size());
      const int window = std::max(1, cards / shape.suits + static_cast<int>(rng() % 3));
      const int lo = static_cast<int>(rng() % static_cast<unsigned>(std::max(1, shape.ranks - window + 1)));
      CardSet s;
      while (s.size() < cards) {
        const bool anywhere = s.size() >= cards - 3 || lo + window > shape.ranks;
        const int rank = anywhere ? static_cast<int>(rng() % static_cast<unsigned>(shape.ranks))
                                  : lo + static_cast<int>(rng() % static_cast<unsigned>(window));
        s.insert(deck->card(static_cast<int>(rng() % static_cast<unsigned>(shape.suits)), rank));
      }
      auto t0 = std::chrono::steady_clock::now();
      yes += idx.can_partition(s);
      const double ms = conquian::bench::seconds_since(t0) * 1e3;
      total += ms;
      worst = std::max(worst, ms);
    }
    fmt::print("partition-hostile {:>2}x{} {:<40} {} cards: worst {:.3f} ms, mean {:.4f} ms ({} sets, {:.1f}% splittable)\n",
               shape.ranks, shape.suits, shape.what, size, worst, total / count, count, 100.0 * yes / count);
  }
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("partition-hostile", "the meld search on 33-card tables of 64-card custom decks (worst and mean)",
                bench_partition_hostile);
