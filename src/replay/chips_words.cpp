#include "replay/chips_words.h"

#include <fmt/format.h>

namespace conquian {

std::string seat_name(const std::vector<std::string>& players, int seat) {
  const auto s = static_cast<std::size_t>(seat);
  return s < players.size() && !players[s].empty() ? players[s] : fmt::format("seat {}", seat);
}

std::string signed_chips(std::int64_t chips) { return fmt::format("{:+}", chips); }

std::string chips_words(const std::vector<std::int64_t>& chips, const std::vector<std::string>& players) {
  std::string out;
  for (std::size_t s = 0; s < chips.size(); ++s)
    out += fmt::format("{}{} {}", s ? ", " : "", seat_name(players, static_cast<int>(s)), signed_chips(chips[s]));
  return out;
}

}  // namespace conquian
