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

}  // namespace conquian::cli
