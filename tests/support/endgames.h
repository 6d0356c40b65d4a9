// Small endgames from simulated deals, where a seat has a real decision and little is
// hidden: for measuring one seat's view against the exact imperfect-information game
// (solve/endgame_game.h) in `conquian_bench seat-view` and in the tests. No command uses
// it, so it lives with the tests (CMakeLists.txt: conquian_endgames, linked by both).
#pragma once

#include <cstdint>
#include <optional>

#include "engine/engine.h"

namespace conquian::testing {

struct EndgamePick {
  std::uint64_t max_public_deals = 3000;  // deals of the hidden cards consistent with the public view
  std::uint64_t min_seat_worlds = 2;      // worlds of the seat's view (2: the other hand matters)
  std::uint64_t max_seat_worlds = ~std::uint64_t{0};
  int max_stock = 4;    // cards left in the stock (each one a chance event)
  int min_choices = 2;  // legal moves of the seat to act
};

// Deal number `index` of `seed` (deals as `simulate` shuffles them, dealer alternating),
// played greedy against greedy; the first position where the seat to act has at least `min_choices`
// legal moves, the stock has at most `max_stock` cards, the hidden cards have at most `max_public_deals` deals, and the
// seat's view between `min_seat_worlds` and `max_seat_worlds` worlds. nullopt when the deal ends first.
std::optional<Position> endgame_of_deal(const Ruleset& rules, std::uint64_t seed, std::uint64_t index,
                                        const EndgamePick& pick);

}  // namespace conquian::testing
