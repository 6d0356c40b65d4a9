// How the commands print cards, melds and moves, in text and in JSON: one way for all.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "cards/melds.h"
#include "engine/engine.h"

namespace conquian::cli {

// ["5h", "6h"]: the cards' tokens, in deck order.
nlohmann::json cards_json(const Deck& deck, CardSet s);
// [["5h", "6h", "7h"], ["Jc", "Jd", "Jh"]]
nlohmann::json melds_json(const Deck& deck, const MeldList& melds);
// "5h 6h 7h | Jc Jd Jh", or "(empty)".
std::string melds_text(const Deck& deck, const MeldList& melds);
// A decision offered in position `p`: the move as a record writes it (move_text), not
// forcing, which no record writes, as advice: "(do not force seat 0 to take 5d)", and a turn
// from an unknown stock, whose card nobody knows yet, as "{seat: 0, turn: ?} (...)".
std::string choice_words(const Position& p, const Move& m);

}  // namespace conquian::cli
