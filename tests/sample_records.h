// Records that more than one test replays.
#pragma once

#include <string>

namespace conquian::testing {

// Seat 1 turns 5c and refuses it; seat 0 then takes 5d, a card that was never offered: the
// third move is illegal, and the position after two moves is seat 0's offer of 5c.
inline constexpr const char* kTinyTakeNotOffered =
    "format: conquian-record/1\nruleset: tiny\ndealer: 0\ndeal:\n"
    "  hands: [[2c, 3c, 4c], [Ad, 2d, Ah]]\n"
    "  stock: [5c, 3d, 4d, Ac, 5d, 2h, 3h, 4h, 5h]\n"
    "moves:\n"
    "  - {seat: 1, turn: 5c}\n"
    "  - {seat: 1, pass: 5c}\n"
    "  - {seat: 0, take: 5d, melds: [[2c, 3c, 4c, 5d]]}\n";

// An american deal as far as seat 0's turn of 5s (the start of kShortAmericanGame), for
// tests that add their own ending.
inline constexpr const char* kShortAmericanHead = R"(format: conquian-record/1
ruleset: american
id: short
dealer: 1
deal:
  hands:
    - [5c, 5d, Ac, 2d, 3s, 7h, Jh, Qc, Kd, Ks]
    - [Ad, 4d, 6d, 7d, Jd, 2c, 3c, 4c, Kh, Qh]
moves:
  - {seat: 0, turn: 5s}
)";

// A legal american game in two moves: seat 0 turns 5s and takes it into 5s 5c 5d.
inline const std::string kShortAmericanGame =
    std::string(kShortAmericanHead) + "  - {seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac}\n";

}  // namespace conquian::testing
