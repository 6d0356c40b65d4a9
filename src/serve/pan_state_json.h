// A Panguingue deal's state as JSON (`conquian show --json`, the engine protocol's `state`),
// and one seat's view of it (the protocol's `view`, the referee's `act`): the counterparts of
// state_json.h for the second game. Card tokens as the ruleset's deck spells them, each copy
// written (a hand may hold 5s twice); specs/protocol.md lists the keys.
#pragma once

#include <nlohmann/json.hpp>

#include "pan/position.h"

namespace conquian::serve {

// {"game": "panguingue", "hands": [[cards]], "tables": [[[meld]]], "face_up": {"card", "seat",
//  "turned"} | null, "dead": [cards], "stock": [cards] | N, "declared": ["play" | "drop" | null],
//  "chips": [N per seat], "pot": N, "to_act": N | null, "phase", "outcome", "dealer", "plies"}
nlohmann::json pan_state_json(const pan::Position& pos);
// What `seat` knows: its own "hand", every seat's "hand_counts", and the rest of the state but
// the other hands and the stock's order ("stock": its count). No hidden card appears in it.
nlohmann::json pan_view_json(const pan::Position& pos, int seat);

}  // namespace conquian::serve
