// What the board shows of a session, asked of the engine and replay/ (no rule here): the
// table as the analysis page draws it, the legal moves with their words (specs/notation.md),
// and the words of a move about to be played.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "serve/session.h"

namespace conquian::http {

// {"cards": table_json (Conquian) or pan_table_json (Panguingue), "text": the table as `show` writes it, "next": what
// happens next}
nlohmann::json table_of(const serve::Session& session);
// [{"move": the record's JSON form, "words": with suit symbols, "text": with the record's letters}];
// a Conquian take adds its place in the short list a player picks from: "take" (the card),
// "lay" (the cards laid from the hand), "lay_words", "arrangement" (which of the taken card's
// distinct tables) and "default" (the arrangement laying the most cards).
nlohmann::json legal_with_words(const serve::Session& session);
// The words of `move` (the record's JSON form) played at the session's position, symbols and
// letters; the record's own words when the move does not resolve there.
nlohmann::json words_of(const serve::Session& session, const nlohmann::json& move);
// Every card token in `deck` order with its suit symbol, for the page's own words of cards.
nlohmann::json deck_json(const Ruleset& rules);
nlohmann::json deck_json(const Deck& deck);
// The Spanish and the French look (cards/deck_looks.h), a page option: for each 40-card deck,
// {"spanish-40": {"french": {"deck": deck_json, "cards": {token: the token drawn}}}, ...}.
nlohmann::json looks_json();

}  // namespace conquian::http
