// A Panguingue deal's table as text for a terminal (`conquian show`): each seat's declaration,
// chips, hand and melds (with what each condition pays), the face-up card, the pot and whose
// move it is.
#pragma once

#include <string>

#include "pan/position.h"

namespace conquian::analyse {

std::string pan_table_text(const pan::Position& pos);

}  // namespace conquian::analyse
