// A position as people see the table (specs/analyse.md, `show`): every seat's hand and its
// table as melds, the face-up card, the dead cards, the stock count and whose move it is.
// As text for a terminal (`conquian show`) and as JSON for the HTML page's script.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/engine.h"

namespace conquian::analyse {

std::string table_text(const Position& pos);
// {"hands": [[tokens]], "tables": [[[meld tokens]]], "up": token|null, "up_seat": N|null,
//  "dead": [tokens], "stock": N, "to_act": N|null, "phase": "offer", "result": ...}
nlohmann::json table_json(const Position& pos);
// "seat 1 to take or pass 5h", "seat 0 won": what happens next, in words.
std::string next_text(const Position& pos);

}  // namespace conquian::analyse
