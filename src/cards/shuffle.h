// Deals from a seed: the deck in an order drawn from the generator of base/rng.h, so that
// the same seed gives the same deal on every machine and with any number of threads.
#pragma once

#include <vector>

#include "base/rng.h"
#include "cards/card_set.h"

namespace conquian {

// `cards` in a random order (Fisher-Yates).
inline void shuffle_cards(std::vector<Card>& cards, Rng& rng) {
  for (std::size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng.below(i)]);
}

// The deck's cards in a random order.
inline std::vector<Card> shuffled_deck(int size, Rng& rng) {
  std::vector<Card> cards(static_cast<std::size_t>(size));
  for (int i = 0; i < size; ++i) cards[static_cast<std::size_t>(i)] = static_cast<Card>(i);
  shuffle_cards(cards, rng);
  return cards;
}

}  // namespace conquian
