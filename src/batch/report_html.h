// The diff report as one self-contained HTML page: inline CSS, inline SVG charts, no
// script and nothing fetched, rendered from the report (diff_report.h).
#pragma once

#include <string>

#include "batch/diff_report.h"

namespace conquian::batch {

std::string diff_report_html(const DiffReport& report);

}  // namespace conquian::batch
