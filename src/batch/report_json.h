// The diff report as JSON: every number the Markdown and HTML pages show, computed once
// here from the per-deal results (specs/diff-report.md describes each key). The pages
// are rendered from this object, so the three outputs cannot disagree.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "batch/diff_games.h"
#include "batch/diff_play.h"

namespace conquian::batch {

struct ReportInput {
  const DiffPlan* plan = nullptr;
  const DealTable* deals = nullptr;            // every deal, [ruleset][deal]
  const GamesCheck* games = nullptr;           // --games, or null
  std::string command;                         // the command line, for the reader
};

nlohmann::json diff_report_json(const ReportInput& in);

}  // namespace conquian::batch
