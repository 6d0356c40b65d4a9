#include "base/spelling.h"

#include <algorithm>
#include <cctype>

namespace conquian {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

int spelling_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: three rows of the Damerau-Levenshtein table.
  std::vector<int> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::optional<std::string> nearest_spelling(std::string_view word, const std::vector<std::string>& choices) {
  int limit = std::max<int>(1, static_cast<int>(word.size()) / 3);
  int best = limit + 1;
  const std::string* found = nullptr;
  bool tied = false;
  for (const auto& c : choices) {
    if (c == word) continue;  // the word itself is no correction
    int d = spelling_distance(word, c);
    if (d < best) {
      best = d;
      found = &c;
      tied = false;
    } else if (d == best) {
      tied = true;
    }
  }
  if (!found || tied) return std::nullopt;
  return *found;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& choices) {
  auto n = nearest_spelling(word, choices);
  return n ? "; did you mean '" + *n + "'?" : "";
}

}  // namespace conquian
