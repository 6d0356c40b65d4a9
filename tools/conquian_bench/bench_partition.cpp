// Partition checks per second: MeldIndex::can_partition on random 10- and 11-card sets of
// each deck (one core). `--ruleset NAME` runs one ruleset only.
#include <fmt/core.h>

#include <random>

#include "bench.h"
#include "rules/ruleset.h"

namespace {

int bench_partition(const conquian::bench::Args& args) {
  using namespace conquian;
  int count = std::stoi(conquian::bench::arg(args, "--sets", "2000000"));
  const std::string only = conquian::bench::arg(args, "--ruleset", "");
  for (const char* name : {"american", "american-capped", "full-deck", "wild-two"}) {
    if (!only.empty() && only != name) continue;
    auto rules = load_ruleset(name);
    const MeldIndex& idx = rules->meld_index();
    for (int size : {10, 11}) {
      std::mt19937_64 rng(42);
      std::vector<CardSet> sets(static_cast<std::size_t>(count));
      for (auto& s : sets) {
        // Half uniform, half built from melds, so both answers are common.
        if (rng() % 2) {
          for (int tries = 0; tries < 20 && s.size() < size; ++tries) {
            CardSet m = idx.natural_melds()[rng() % idx.natural_melds().size()];
            if (!s.intersects(m) && s.size() + m.size() <= size) s |= m;
          }
        }
        while (s.size() < size) s.insert(static_cast<Card>(rng() % static_cast<unsigned>(rules->deck.size())));
      }
      auto t0 = std::chrono::steady_clock::now();
      int yes = 0;
      for (CardSet s : sets) yes += idx.can_partition(s);
      double secs = conquian::bench::seconds_since(t0);
      fmt::print("partition {:<16} {:>2} cards: {:>6.2f} M checks/s ({} sets, {:.1f}% splittable)\n", name, size,
                 count / secs / 1e6, count, 100.0 * yes / count);
    }
  }
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("partition", "meld-partition checks per second on random 10- and 11-card sets", bench_partition);
