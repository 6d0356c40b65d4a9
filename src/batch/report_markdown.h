// The diff report as Markdown: a summary a person reads, rendered from the report's JSON
// (report_json.h), so every number is the JSON's.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace conquian::batch {

std::string diff_report_markdown(const nlohmann::json& report);

}  // namespace conquian::batch
