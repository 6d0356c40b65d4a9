// conquian_bench model-proof [--ruleset R|all] [--verbose 1] [--without CONJUNCT]: the
// induction proofs of the step model (prove/play_proof.h) for one ruleset or every shipped
// one, with each query's time; --without leaves one conjunct out of I, to show which proofs
// need it.
#include <fmt/core.h>

#include <cstdio>

#include "bench.h"
#include "prove/play_proof.h"
#include "rules/ruleset.h"

namespace conquian::bench {
namespace {

int model_proof(const Args& args) {
  std::string which = arg(args, "--ruleset", "all");
  bool verbose = arg(args, "--verbose", "0") != "0";
  unsigned timeout = static_cast<unsigned>(std::stoul(arg(args, "--timeout-ms", "60000")));
  std::string without = arg(args, "--without", "");
  std::vector<std::string> names = which == "all" ? shipped_ruleset_names() : std::vector<std::string>{which};
  auto t0 = std::chrono::steady_clock::now();
  int failures = 0;
  for (const auto& name : names) {
    auto rules = load_ruleset(name);
    prove::PlayProof p = prove::prove_play(*rules, timeout, without);
    fmt::print(
        "{:<17} inductive {:<5} playable {:<5} ranked {:<5} bound {:>4}  {} queries {:.2f}s  "
        "(state vars {}, move vars {}, transitions {}, conjuncts {}, nodes {})\n",
        name, p.inductive, p.playable, p.ranked, p.bound, p.queries.size(), p.seconds, p.size.state_variables,
        p.size.move_variables, p.size.transitions, p.size.conjuncts, p.size.formula_nodes);
    if (!p.failure.empty()) fmt::print("  first failure: {}\n", p.failure.substr(0, 600)), ++failures;
    if (!without.empty())
      for (const auto& q : p.queries)
        if (q.answer != "unsat") fmt::print("  {:<7} {}\n", q.answer, q.name);
    std::fflush(stdout);
    if (verbose)
      for (const auto& q : p.queries)
        fmt::print("  {:<7} {:6.3f}s  {}{}\n", q.answer, q.seconds, q.name,
                   q.detail.empty() ? "" : "  [" + q.detail.substr(0, 400) + "]");
  }
  fmt::print("all: {:.2f}s\n", seconds_since(t0));
  return failures ? 1 : 0;
}

}  // namespace

BENCHMARK_ENTRY("model-proof",
                "induction proofs of the step model, per ruleset (--ruleset R|all --verbose 1 --without CONJUNCT)",
                model_proof);

}  // namespace conquian::bench
