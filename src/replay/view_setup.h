// A position file with `view: SEAT` (specs/position-format.md, "One seat's view"): the deal as
// that seat sees it, the other hands written as {count: N, known: [...]}.
#pragma once

#include "engine/seat_view.h"
#include "record/position_file.h"

namespace conquian {

// Checks what position_from_file checks (every card once, legal tables, hand sizes, whose
// decision it is), with each hidden hand counted; and that the view is possible: its own
// hand listed, every other hand hidden, the stock unknown, no more hidden cards than unseen
// ones. A fault throws record::InputError naming the file, the line and the reason.
SeatView view_from_file(const record::PositionFile& pf, const Ruleset& rules);

}  // namespace conquian
