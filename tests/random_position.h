// A random position with the stock unknown, for the chance searches' tests: a deal of `rules`
// played at random until at most `unseen` cards are unseen (and, with `to_turn`, on to the
// next turn from the stock), the stock order then forgotten; nullopt when the deal ends first.
#pragma once

#include <optional>
#include <vector>

#include "cards/shuffle.h"
#include "replay/position_setup.h"
#include "solve/chance_search.h"

namespace conquian::testing {

inline std::optional<Position> random_unseen_position(const Ruleset& rules, Rng& rng, int unseen,
                                                      bool to_turn = false) {
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  Position p = deal(rules, deck, static_cast<int>(rng.below(2)));
  std::vector<Move> legal;
  while (!p.result.over() && p.stock_left() > unseen) {
    legal_moves(p, legal);
    apply(p, legal[rng.below(legal.size())]);
  }
  while (to_turn && !p.result.over() && !solve::ChanceSearch::is_turn(p)) {
    legal_moves(p, legal);
    apply(p, legal[rng.below(legal.size())]);
  }
  if (p.result.over()) return std::nullopt;
  return forget_stock(p);
}

}  // namespace conquian::testing
