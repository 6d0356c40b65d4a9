// Chips in the one style every command writes them for people: signed, by named seat
// ("seat 4 +29", "Ana -7"): check, show, the referee, tournaments, diff and the board.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace conquian {

// A seat's name: its player's name where the record names players, else "seat N".
std::string seat_name(const std::vector<std::string>& players, int seat);
// "+12", "-3", "+0": the sign always written, so a column of chips reads as gains and losses.
std::string signed_chips(std::int64_t chips);
// Every seat's chips: "seat 0 +12, seat 1 -12" (or "Ana +12, Bo -12").
std::string chips_words(const std::vector<std::int64_t>& chips, const std::vector<std::string>& players = {});

}  // namespace conquian
