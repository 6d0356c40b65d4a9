// `analyse --html OUT`: one self-contained HTML page that replays an analysed game
// (specs/analyse.md): the cards drawn, suits in colour (French and Spanish decks), hands,
// tables, the face-up card, the dead cards and the stock count at every step; stepping
// with buttons and the arrow keys; a chart of seat 0's expected score with blunders and
// mistakes marked and clickable; each move's annotation beside it. No network, no
// external script: the data is a JSON object inside the page.
#pragma once

#include <string>

#include "analyse/game_analysis.h"

namespace conquian::analyse {

std::string html_page(const Analysis& analysis);

}  // namespace conquian::analyse
