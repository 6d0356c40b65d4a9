// Whether a command's output or a message holds a phrase: the check most text tests make.
#pragma once

#include <string_view>

namespace conquian::testing {

inline bool has(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace conquian::testing
