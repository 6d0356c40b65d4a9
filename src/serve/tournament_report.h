// A tournament's standings written out: as text for a terminal, as JSON (`--json`), and as
// the Markdown and HTML pages of `--report DIR` (tournament.md, tournament.html,
// tournament.json), the way `conquian diff` writes its report.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "serve/tournament.h"

namespace conquian::serve {

std::string tournament_text(const TournamentReport& report);
nlohmann::ordered_json tournament_json(const TournamentReport& report);
std::string tournament_markdown(const TournamentReport& report);
// A self-contained page: no script, one <style> element allowed by its hash in the
// Content-Security-Policy, every string from the input escaped.
std::string tournament_html(const TournamentReport& report);

}  // namespace conquian::serve
