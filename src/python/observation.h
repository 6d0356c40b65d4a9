// One seat's observation as a flat vector of floats (conquian.State.observation_tensor, its
// layout in specs/python.md, "Observation tensor"): built from the seat's view (engine/seat_view.h),
// so it holds no card that seat cannot see.
#pragma once

#include <vector>

#include "engine/seat_view.h"

namespace conquian::python {

// Planes of one float per card of the deck (1: the card is there), then the counts and one-hots.
std::vector<float> observation_tensor(const SeatView& view);
int observation_size(const Ruleset& rules);

}  // namespace conquian::python
