// A game's state as JSON: the whole table (`conquian show --json`, the engine protocol's
// `state`) and one seat's view (the protocol's `view`, the referee's `act`). Card tokens as the
// ruleset's deck spells them; specs/protocol.md lists the keys. One writer of each: the text
// (append_*_json, written straight into a string for answers sent many times a second), from
// which the nlohmann values are parsed, so the two cannot differ.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/engine.h"
#include "engine/seat_view.h"

namespace conquian::serve {

// {"hands": [[cards]], "tables": [[[meld]]], "face_up": {"card", "seat", "turned"} | null,
//  "dead": [cards], "stock": [cards] | N (the count when the order is unknown),
//  "to_act": N | null, "phase": "turn", "outcome": null | {"winner": W} | {"draw": true},
//  "dealer": D, "plies": N}
nlohmann::json state_json(const Position& pos);
// What view.seat knows: {"seat", "hand": [cards], "hand_counts": [N per seat], "known":
// [[cards known in each other hand]], "tables", "face_up", "dead", "stock": N, "to_act",
// "phase", "outcome", "dealer", "plies", "ruleset": its name, "position": the view as a
// position file with `view: SEAT` (null in the swap)}. No card of a hidden hand nor of the stock appears in it.
nlohmann::json view_json(const SeatView& view);
// The same as compact JSON text, keys sorted (the bytes state_json(pos).dump() gives), appended to `out`.
void append_state_json(std::string& out, const Position& pos);
void append_view_json(std::string& out, const SeatView& view);

}  // namespace conquian::serve
