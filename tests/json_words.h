// The words a line of JSON holds, for the leak scans (tests/referee_test.cpp,
// tests/leak_scan_test.cpp): every JSON string in it, and every alphanumeric word inside one (a
// view's `position` is a whole position file in one string: its card tokens count too).
#pragma once

#include <cctype>
#include <set>
#include <string>
#include <string_view>

namespace conquian::testing {

inline std::set<std::string> json_words(std::string_view line) {
  std::set<std::string> out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '"') continue;
    const std::size_t j = line.find('"', i + 1);
    if (j == std::string_view::npos) break;
    const std::string_view text = line.substr(i + 1, j - i - 1);
    out.emplace(text);
    for (std::size_t k = 0; k < text.size();) {
      while (k < text.size() && !std::isalnum(static_cast<unsigned char>(text[k]))) ++k;
      std::size_t e = k;
      while (e < text.size() && std::isalnum(static_cast<unsigned char>(text[e]))) ++e;
      if (e > k) out.emplace(text.substr(k, e - k));
      k = e;
    }
    i = j;
  }
  return out;
}

}  // namespace conquian::testing
