// `conquian solve ... --view SEAT` (or a position file with `view: SEAT`): every legal move
// of the seat valued over the worlds consistent with what it has seen (solve/pimc.h).
// specs/solve.md, "One seat's view", describes the output.
#pragma once

#include <cstdint>

#include "cli/position_input.h"
#include "solve/pimc.h"

namespace conquian::cli {

struct ViewRun {
  solve::PimcOptions pimc;
  bool json = false;
  double seconds = 0;  // the time for the answer (0: PIMC's budgets alone)
};

int run_view(const ViewRun& run, const LoadedView& in);

}  // namespace conquian::cli
