#include "cli/solve_interval.h"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "cli/command_error.h"
#include "cli/commands.h"
#include "record/json_text.h"
#include "serve/solve_json.h"

namespace conquian::cli {
int run_interval(const Position& p, const IntervalRun& run) {
  const solve::ChanceInterval r = solve::prove_interval(p, run.search, run.request);
  const std::string limits =
      fmt::format("{} (--max-nodes) and {} (--time)",
                  run.request.max_nodes > 0 ? fmt::format("{} nodes", run.request.max_nodes) : "no node limit",
                  run.request.seconds > 0 ? fmt::format("{:.3f} s", run.request.seconds) : "no time limit");
  return print_interval(p, run.label, r, run.json, "",
                        "the position, with the stock order unknown, proved nothing narrower than [-1, 1] within " +
                            limits + "; raise them");
}

int print_interval(const Position& p, const std::string& label, const solve::ChanceInterval& r, bool json,
                   const std::string& stopped, const std::string& undecided) {
  const solve::Int128 d = r.denominator;
  if (r.trivial()) throw Undecided(undecided);
  if (json) {
    nlohmann::json j = serve::interval_json(r);
    fmt::print("{}\n", record::json_dump(j));
    return kExitOk;
  }
  fmt::print("position: {} (seat {} to act), stock order unknown: every unseen card equally likely\n", label,
             to_act(p));
  if (r.exact())
    fmt::print("exact: seat 0's expected score {:+.6f} (exactly {})\n", solve::to_double(r.lower, d),
               solve::fraction(r.lower, d));
  else
    fmt::print("proved: seat 0's expected score between {:+.6f} and {:+.6f} (exactly {} and {})\n",
               solve::to_double(r.lower, d), solve::to_double(r.upper, d), solve::fraction(r.lower, d),
               solve::fraction(r.upper, d));
  if (!stopped.empty()) fmt::print("{}\nnodes: {} ({:.3f} s)\n", stopped, r.nodes, r.seconds);
  else fmt::print("threshold tests: {}, nodes: {} ({:.3f} s)\n", r.tests, r.nodes, r.seconds);
  return kExitOk;
}

}  // namespace conquian::cli
