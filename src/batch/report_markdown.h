// The diff report as Markdown: a summary a person reads, rendered from the report
// (diff_report.h), so every number is the JSON's.
#pragma once

#include <string>

#include "batch/diff_report.h"

namespace conquian::batch {

std::string diff_report_markdown(const DiffReport& report);

}  // namespace conquian::batch
