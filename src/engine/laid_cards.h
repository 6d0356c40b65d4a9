// Which cards a take or a lay moves from the mover's hand onto its table: asked by apply()
// and by whoever spells a move out card by card (the Python module's action steps), so that
// both read it the one way.
#pragma once

#include "cards/card_set.h"
#include "engine/move.h"
#include "engine/position.h"

namespace conquian {

// As apply() moves them: the table after (move.table), less the table before and the card
// taken. Empty for any other kind of move.
CardSet laid_cards(const Position& before, const Move& move);

}  // namespace conquian
