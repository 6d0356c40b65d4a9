// What one seat may know, as the bot protocol's `act` line gives it (specs/referee.md):
// computed by the engine's seat view (engine/seat_view.h), so no card of a hidden hand or of
// the stock can reach it.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/engine.h"

namespace conquian::serve {

// {"seat", "hand", "known" (per seat: the cards of that hand the seat knows, its own
//  empty), "hand_counts", "tables", "face_up", "up_seat", "dead", "stock" (a count),
//  "to_act", "phase"}
nlohmann::json view_json(const Position& full, int seat);

}  // namespace conquian::serve
