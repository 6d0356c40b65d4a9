// One seat's view written as a position file with `view: SEAT` (specs/position-format.md, "One
// seat's view"), so that a bot can rebuild the view with the reader every position file goes
// through (replay/view_setup.h) and ask a built-in player of it. Not for the swap phase,
// which position files do not hold (nullopt).
#pragma once

#include <optional>
#include <string>

#include "engine/seat_view.h"

namespace conquian::serve {

std::optional<std::string> view_position_text(const SeatView& view);

}  // namespace conquian::serve
