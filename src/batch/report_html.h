// The diff report as one self-contained HTML page: inline CSS, inline SVG charts, no
// script and nothing fetched, rendered from the report's JSON (report_json.h).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace conquian::batch {

std::string diff_report_html(const nlohmann::json& report);

}  // namespace conquian::batch
