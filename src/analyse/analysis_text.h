// An analysis as text for a terminal (specs/analyse.md): one line per move with its class
// and annotation, then the summary.
#pragma once

#include <string>

#include "analyse/game_analysis.h"

namespace conquian::analyse {

std::string analysis_text(const Analysis& analysis);

}  // namespace conquian::analyse
