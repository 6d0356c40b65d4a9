// How the commands print cards, melds and moves, in text and in JSON: one way for all.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "cards/melds.h"
#include "engine/engine.h"
#include "record/record.h"

namespace conquian::cli {

// ["5h", "6h"]: the cards' tokens, in deck order.
nlohmann::json cards_json(const Deck& deck, CardSet s);
// [["5h", "6h", "7h"], ["Jc", "Jd", "Jh"]]
nlohmann::json melds_json(const Deck& deck, const MeldList& melds);
// "5h 6h 7h | Jc Jd Jh", or "(empty)".
std::string melds_text(const Deck& deck, const MeldList& melds);
// A record move as a JSON object with the record's keys ({"seat": 0, "take": "5c", "melds":
// [[...]], "discard": "Kd"}): how `solve --json` writes every move.
nlohmann::json record_move_json(const record::RecordMove& m);
// A move as a record writes it ({seat: 0, take: 5h, ...}); the engine's internal waiver of a
// force, which no record writes, in words.
std::string move_words(const Position& p, const Move& m);

}  // namespace conquian::cli
