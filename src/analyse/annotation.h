// The annotation of a move, for people: its class, what it cost by each evaluation, the
// best move, and what a possible force would have done. The text output and the HTML page
// both show it (the JSON's "note").
#pragma once

#include <string>

#include "analyse/game_analysis.h"
#include "replay/move_notation.h"

namespace conquian::analyse {

// Moves and cards in words (specs/notation.md): with suit symbols, or the record's letters.
std::string annotate(const Row& row, const Analysis& analysis, SuitStyle style);
// "seat 0 wins", "a draw"; a worth of an expectation: "+0.250" (seat 0's expected score).
std::string worth_text(const Worth& w, bool exact);
// "hindsight", "stock unknown".
std::string evaluation_words(const std::string& key);

}  // namespace conquian::analyse
