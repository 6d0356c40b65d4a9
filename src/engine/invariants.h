// The engine's invariants, checked from outside: by the soak run after every move, by the
// `one-place` and `hand-table-limit` properties, and by tests. Each returns "" when the
// invariant holds, else a sentence saying what broke.
#pragma once

#include <string>

#include "engine/position.h"

namespace conquian {

// Every card of the deck is in exactly one place: a hand, a table, the stock, the dead
// cards, or face up.
std::string card_places_fault(const Position& pos);
// Every table splits into legal melds (without regrouping: its kept melds are legal).
std::string tables_fault(const Position& pos);
// No seat holds more than its hand size in hand and on its table together, but for the
// winner (the winning take owes no discard) and the seat just hit ("hit" forcing: it holds
// one more until it throws), when `allow_hit` is true.
std::string hand_table_fault(const Position& pos, bool allow_hit);

}  // namespace conquian
