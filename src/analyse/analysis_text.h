// An analysis as text for a terminal (specs/analyse.md): one line per move with its class
// and annotation (the move in words, specs/notation.md: suit symbols, or the record's letters
// for `conquian analyse --ascii`), then the summary.
#pragma once

#include <string>

#include "analyse/game_analysis.h"
#include "replay/move_notation.h"

namespace conquian::analyse {

std::string analysis_text(const Analysis& analysis, SuitStyle style = SuitStyle::Symbols);

}  // namespace conquian::analyse
