// The diff report as JSON (report.json, and `diff --json`): every number of the report
// (diff_report.h), under the keys specs/diff-report.md describes.
#pragma once

#include <nlohmann/json.hpp>

#include "batch/diff_report.h"

namespace conquian::batch {

nlohmann::json diff_report_json(const DiffReport& report);

}  // namespace conquian::batch
