// `analyse --html OUT`: one self-contained HTML page that replays an analysed game
// (specs/analyse.md): the cards drawn, suits in colour (French and Spanish decks), hands,
// tables, the face-up card, the dead cards and the stock count at every step; stepping
// with buttons and the arrow keys; a chart of seat 0's expected score with blunders and
// mistakes marked and clickable; each move's annotation beside it. No network, no
// external script: the data is a JSON object inside the page.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "analyse/game_analysis.h"

namespace conquian::analyse {

std::string html_page(const Analysis& analysis);
// Seat 0's value at each position of the game (k = 0: the deal, k = N: the end), for the
// evaluation chart of this page and of the board (`conquian serve`): the stock-unknown
// expectation where it was solved, else the hindsight outcome as +1, 0, -1, else null (a gap).
nlohmann::json chart_json(const Analysis& analysis);

}  // namespace conquian::analyse
