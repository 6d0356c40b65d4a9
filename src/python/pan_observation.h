// One seat's observation of a Panguingue deal as a flat vector of floats (its layout in
// specs/python.md, "Observation tensor"): what the seat's view (serve/pan_state_json.h's
// pan_view_json) shows, its own hand and the public table, as counts of each card.
#pragma once

#include <vector>

#include "pan/position.h"

namespace conquian::python {

std::vector<float> pan_observation_tensor(const pan::Position& pos, int seat);
int pan_observation_size(const Ruleset& rules, int seats);

}  // namespace conquian::python
