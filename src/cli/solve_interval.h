// `conquian solve --stock unknown --interval`: bounds on seat 0's expected score proved by
// threshold tests (solve/chance_interval.h), narrowed while --max-nodes and --time allow.
#pragma once

#include <string>

#include "engine/engine.h"
#include "solve/chance_interval.h"

namespace conquian::cli {

struct IntervalRun {
  std::string label;  // the position's name, for the text output
  solve::Options search;
  solve::IntervalRequest request;
  bool json = false;
};

// Prints the interval; returns kExitOk for a proved interval (or the exact value), throws
// Undecided when nothing narrower than [-1, 1] was proved.
int run_interval(const Position& p, const IntervalRun& run);

// Prints `r`, an interval proved by some search of `p` (`stopped`: what stopped it, for the
// text), as run_interval does; throws Undecided with `undecided` when it is [-1, 1].
int print_interval(const Position& p, const std::string& label, const solve::ChanceInterval& r, bool json,
                   const std::string& stopped, const std::string& undecided);

}  // namespace conquian::cli
