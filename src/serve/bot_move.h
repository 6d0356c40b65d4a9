// The bot side of the protocol (specs/referee.md, "The bot side of the protocol"): a built-in player's move for the
// referee's `act` request, from the seat's view as `view` gives it and the legal moves the
// referee lists. The player sees the view only: it is asked of a world drawn uniformly from
// the view (engine/seat_view.h), which its view of the world is (players look at nothing else).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace conquian::serve {

// One of `legal` (the referee's list, in the protocol's words: the record's JSON form, and a
// waive as {"seat": S, "waive": true}): the player's choice. `view` must hold "ruleset" and
// "position" (view_json writes both); the swap's view, which has no position, gets the first
// legal move. Throws SessionError bad-field when the view has no position outside the swap or
// when the player's choice is not in `legal` (never another move in its place), bad-position /
// bad-ruleset for a view that cannot be read.
nlohmann::json bot_move(const nlohmann::json& view, const nlohmann::json& legal, const std::string& player);

}  // namespace conquian::serve
