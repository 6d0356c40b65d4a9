// What the board shows of a session, asked of the engine and replay/ (no rule here): the
// table as the analysis page draws it, the legal moves with their words (specs/notation.md),
// and the words of a move about to be played.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "serve/session.h"

namespace conquian::http {

// {"cards": table_json (Conquian) | null, "text": the table as `show` writes it, "next": what happens next}
nlohmann::json table_of(const serve::Session& session);
// [{"move": the record's JSON form, "words": with suit symbols, "text": with the record's letters}]
nlohmann::json legal_with_words(const serve::Session& session);
// The words of `move` (the record's JSON form) played at the session's position, symbols and
// letters; the record's own words when the move does not resolve there.
nlohmann::json words_of(const serve::Session& session, const nlohmann::json& move);
// Every card token in `deck` order with its suit symbol, for the page's own words of cards.
nlohmann::json deck_json(const Ruleset& rules);

}  // namespace conquian::http
