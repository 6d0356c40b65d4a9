// An analysis as JSON (specs/analyse.md): the game, each move with what every evaluation
// said of it and its class, and the summary. `analyse --json` prints it; the HTML page
// (html_page.h) carries it for its script.
#pragma once

#include <nlohmann/json.hpp>

#include "analyse/game_analysis.h"

namespace conquian::analyse {

nlohmann::json analysis_json(const Analysis& analysis);
// {"winner": N} or {"draw": true}, as solve --json writes values; null for an unfinished game.
nlohmann::json outcome_json(const Outcome& outcome);

}  // namespace conquian::analyse
