// conquian_bench model-proof [--ruleset R|all] [--verbose 1]: the induction proofs of the step
// model (prove/play_proof.h) for one ruleset or every shipped one, with each query's time.
#include <fmt/core.h>

#include <cstdio>
#include <sstream>

#include "bench.h"
#include "prove/play_proof.h"
#include "rules/ruleset.h"

namespace conquian::bench {
namespace {

int model_proof(const Args& args) {
  std::string which = arg(args, "--ruleset", "all");
  bool verbose = arg(args, "--verbose", "0") != "0";
  unsigned timeout = static_cast<unsigned>(std::stoul(arg(args, "--timeout-ms", "60000")));
  std::vector<std::string> names = which == "all" ? shipped_ruleset_names() : std::vector<std::string>{which};
  auto t0 = std::chrono::steady_clock::now();
  int failures = 0;
  for (const auto& name : names) {
    auto rules = load_ruleset(name);
    prove::PlayProof p = prove::prove_play(*rules, timeout);
    fmt::print("{:<17} inductive {:<5} playable {:<5} ranked {:<5} bound {:>4}  {} queries {:.2f}s  "
               "(state vars {}, move vars {}, transitions {}, conjuncts {}, nodes {})\n",
               name, p.inductive, p.playable, p.ranked, p.bound, p.queries.size(), p.seconds, p.size.state_variables,
               p.size.move_variables, p.size.transitions, p.size.conjuncts, p.size.formula_nodes);
    if (!p.failure.empty()) fmt::print("  first failure: {}\n", p.failure), ++failures;
    std::fflush(stdout);
    if (verbose)
      for (const auto& q : p.queries) fmt::print("  {:<7} {:6.3f}s  {}{}\n", q.answer, q.seconds, q.name, q.detail.empty() ? "" : "  [" + q.detail.substr(0, 400) + "]");
  }
  fmt::print("all: {:.2f}s\n", seconds_since(t0));
  return failures ? 1 : 0;
}

}  // namespace

BENCHMARK_ENTRY("model-proof", "induction proofs of the step model, per ruleset (--ruleset R|all --verbose 1)", model_proof);

}  // namespace conquian::bench

// Temporary experiment: per-conjunct timings of the step queries.
#include "prove/step_invariant.h"
namespace conquian::bench {
namespace {
int model_split(const Args& args) {
  using namespace prove::step;
  auto rules = load_ruleset(arg(args, "--ruleset", "american"));
  std::string filter = arg(args, "--only", "take by seat 1 from Forced");
  std::string logic = arg(args, "--logic", "");
  z3::context ctx;
  Model m(ctx, *rules);
  State pre = m.fresh("p_");
  z3::expr i_pre = invariant_holds(m, pre);
  std::string keep = arg(args, "--keep", "");
  if (!keep.empty()) {
    z3::expr_vector parts(ctx);
    for (auto& c : invariant(m, pre)) if (keep.find(c.name) != std::string::npos) parts.push_back(c.holds);
    i_pre = z3::mk_and(parts);
  }
  std::string param = arg(args, "--param", "");
  bool incremental = arg(args, "--incremental", "0") != "0";
  for (const auto& t : m.transitions(pre)) {
    if (t.name.find(filter) == std::string::npos) continue;
    auto inv = invariant(m, t.post);
    if (incremental) {
      z3::solver s = logic.empty() ? z3::solver(ctx) : z3::solver(ctx, logic.c_str());
      if (!param.empty()) { auto eq = param.find('='); s.set(param.substr(0, eq).c_str(), (unsigned)std::stoul(param.substr(eq + 1))); }
      s.add(m.domain(pre)); s.add(i_pre); s.add(t.guard);
      auto t00 = std::chrono::steady_clock::now();
      for (std::size_t jj = 0; jj <= inv.size(); ++jj) {
        std::size_t j = (jj + 1) % (inv.size() + 1);
        z3::expr b = ctx.bool_const(("goal_" + std::to_string(j)).c_str());
        s.add(z3::implies(b, j < inv.size() ? !inv[j].holds : ranking(m, t.post) > ranking(m, pre) - 1));
        z3::expr_vector as(ctx); as.push_back(b);
        auto t0 = std::chrono::steady_clock::now();
        auto r = s.check(as);
        fmt::print("{:<40} {:<16} {} {:.3f}s\n", t.name, j < inv.size() ? inv[j].name : "ranking", r == z3::unsat ? "unsat" : r == z3::sat ? "sat" : "unknown", seconds_since(t0));
      }
      fmt::print("total {:.3f}s\n", seconds_since(t00));
      continue;
    }
    for (std::size_t j = 0; j <= inv.size(); ++j) {
      z3::solver s = logic.empty() ? z3::solver(ctx) : z3::solver(ctx, logic.c_str());
      if (!param.empty()) { auto eq = param.find('='); s.set(param.substr(0, eq).c_str(), (unsigned)std::stoul(param.substr(eq + 1))); }
      s.add(m.domain(pre)); s.add(i_pre); s.add(t.guard);
      if (j < inv.size()) s.add(!inv[j].holds);
      else s.add(ranking(m, t.post) > ranking(m, pre) - 1);
      auto t0 = std::chrono::steady_clock::now();
      auto r = s.check();
      fmt::print("{:<40} {:<16} {} {:.3f}s\n", t.name, j < inv.size() ? inv[j].name : "ranking", r == z3::unsat ? "unsat" : r == z3::sat ? "sat" : "unknown", seconds_since(t0));
      if (arg(args, "--stats", "0") != "0") { std::ostringstream o; o << s.statistics(); fmt::print("{}\n", o.str()); }
      std::fflush(stdout);
    }
  }
  return 0;
}
}  // namespace
BENCHMARK_ENTRY("model-split", "experiment", model_split);
}  // namespace conquian::bench
