// conquian_bench reachable [--ruleset tiny]: every reachable state of every deal
// (prove/reachable.h), with the engine's invariants checked in each and the exact longest deal.
#include <fmt/core.h>

#include <cstdio>

#include "bench.h"
#include "prove/reachable.h"
#include "rules/ruleset.h"

namespace conquian::bench {
namespace {

int reachable(const Args& args) {
  auto rules = load_ruleset(arg(args, "--ruleset", "tiny"));
  if (std::string why = prove::why_not_enumerable(*rules); !why.empty()) {
    fmt::print(stderr, "reachable: {}: {}\n", rules->name, why);
    return 2;
  }
  auto r = prove::enumerate_reachable(*rules, [](std::uint64_t done, std::uint64_t total, std::uint64_t states) {
    fmt::print("... {} of {} deals, {} states\n", done, total, states);
    std::fflush(stdout);
  });
  fmt::print(
      "{}: {} deals (hands and dealer), {} distinct states up to the {} permutations of the suits ({} live), "
      "{} moves followed, {:.1f} s\n",
      rules->name, r.deals, r.states, r.symmetries, r.live, r.moves, r.seconds);
  if (!r.fault.empty()) {
    fmt::print("FAULT: {}\n", r.fault);
    return 1;
  }
  fmt::print(
      "every state: one place per card, legal tables, hand + table within the hand size, a move while live; no "
      "cycle\n");
  fmt::print("longest deal: {} record moves\n  {}\n", r.longest, r.longest_line);
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("reachable", "every reachable state of every deal of a small ruleset (--ruleset tiny)", reachable);

}  // namespace conquian::bench
