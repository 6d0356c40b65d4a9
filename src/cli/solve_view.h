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

// A Panguingue record's position (in.pan_position) from seat `seat`'s view: every move of the
// seat with its chips estimated (solve/pan_estimate.h) over `worlds` worlds (0: as many as
// `seconds` allow), best first. Exit 0: the estimate is the answer asked for.
struct PanViewRun {
  int seat = -1;
  std::size_t worlds = 0;
  double seconds = 0;  // 0: no limit
  std::uint64_t seed = 1;
  bool json = false;
};
int run_pan_view(const PanViewRun& run, const LoadedPosition& in);

}  // namespace conquian::cli
