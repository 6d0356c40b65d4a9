// Partition checks per second through Z3 against the engine's exact-cover search, on the
// same random 10-card sets (a ratio; both deciders must agree on every set).
#include <fmt/core.h>

#include <random>

#include "bench.h"
#include "prove/partition_z3.h"
#include "rules/ruleset.h"

namespace {

int bench_partition_z3(const conquian::bench::Args& args) {
  using namespace conquian;
  int count = std::stoi(conquian::bench::arg(args, "--sets", "2000"));
  auto rules = load_ruleset(conquian::bench::arg(args, "--ruleset", "american"));
  const MeldIndex& idx = rules->meld_index();
  std::mt19937_64 rng(7);
  std::vector<CardSet> sets(static_cast<std::size_t>(count));
  for (auto& s : sets) {
    if (rng() % 2) {
      for (int tries = 0; tries < 20 && s.size() < 10; ++tries) {
        CardSet m = idx.natural_melds()[rng() % idx.natural_melds().size()];
        if (!s.intersects(m) && s.size() + m.size() <= 10) s |= m;
      }
    }
    while (s.size() < 10) s.insert(static_cast<Card>(rng() % static_cast<unsigned>(rules->deck.size())));
  }
  std::vector<bool> engine(sets.size());
  auto t0 = std::chrono::steady_clock::now();
  for (int rep = 0; rep < 1000; ++rep)
    for (std::size_t i = 0; i < sets.size(); ++i) engine[i] = idx.can_partition(sets[i]);
  double engine_secs = conquian::bench::seconds_since(t0) / 1000;
  t0 = std::chrono::steady_clock::now();
  int disagree = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    auto z = prove::z3_partition(rules->deck, rules->melds, sets[i]);
    disagree += (z.answer == prove::Z3Partition::Answer::Yes) != engine[i];
  }
  double z3_secs = conquian::bench::seconds_since(t0);
  double e_rate = count / engine_secs, z_rate = count / z3_secs;
  fmt::print(
      "partition checks on {} random 10-card sets of {}: engine {:.1f} M/s, Z3 {:.0f}/s, ratio {:.0f}x; {} "
      "disagreements\n",
      count, rules->name, e_rate / 1e6, z_rate, e_rate / z_rate, disagree);
  return disagree == 0 ? 0 : 1;
}

}  // namespace

BENCHMARK_ENTRY("partition-z3", "partition checks per second, Z3 against the engine's search (a ratio)",
                bench_partition_z3);
