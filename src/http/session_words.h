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
// The moves `seat` is offered (serve::Session::legal_for: its own, naming no card it cannot
// see), [{"move": the protocol's words, "words": with suit symbols}]; a Conquian take adds its
// place in the short list a player picks from: "take" (the card), "lay" (the cards laid from
// the hand), "lay_words", "arrangement" (which of the taken card's distinct tables) and
// "default" (the arrangement laying the most cards). Without a seat: the seat to act's.
nlohmann::json legal_with_words(const serve::Session& session, int seat);
nlohmann::json legal_with_words(const serve::Session& session);
// {"move", "words", "text"}: `move` (the protocol's words) played at the session's position,
// in symbols and letters; the record's own words when the move does not resolve there.
nlohmann::json words_of(const serve::Session& session, const nlohmann::json& move);
// The same for the last move played, as `seat` saw it (a swap's card hidden until every seat
// has chosen); null when no move was played.
nlohmann::json last_move_words(const serve::Session& session, int seat);
// Every card token in `deck` order with its suit symbol, for the page's own words of cards.
nlohmann::json deck_json(const Ruleset& rules);
nlohmann::json deck_json(const Deck& deck);
// The Spanish and the French look (cards/deck_looks.h), a page option: for each 40-card deck,
// {"spanish-40": {"french": {"deck": deck_json, "cards": {token: the token drawn}}}, ...}.
nlohmann::json looks_json();

}  // namespace conquian::http
