// A Panguingue deal's table as text for a terminal (`conquian show`): each seat's declaration,
// chips, hand and melds (with what each condition pays), the face-up card, the pot and whose
// move it is. As JSON for the board's card script, in the shape of table_view.h's table_json.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "pan/position.h"

namespace conquian::analyse {

std::string pan_table_text(const pan::Position& pos);
// table_json's shape (every copy of a card written): {"hands", "tables", "up", "up_seat",
// "dead", "stock", "to_act", "next"}, and per seat "said" (plays, dropped, to declare),
// "chips" and each meld's "pays" (the chips its condition pays, 0: none); "pot".
nlohmann::json pan_table_json(const pan::Position& pos);

}  // namespace conquian::analyse
