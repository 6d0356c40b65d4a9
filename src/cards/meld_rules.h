// The meld sizes and wild cards of a ruleset: the one struct both meld searches read (the
// exact cover of cards/melds.h and the rank program of cards/partition_dp.h), in a header of
// its own so that neither search includes the other's.
#pragma once

#include <algorithm>

#include "cards/card_set.h"
#include "cards/deck.h"

namespace conquian {

// The meld sizes and wild cards of a ruleset: data the cards layer needs, not a variant.
struct MeldRules {
  int set_min = 3, set_max = 4;
  int run_min = 3, run_max = 0;  // 0: no cap but the deck's own
  CardSet wild;

  // The largest set: set_max, and never more than one card of each suit of the deck.
  int set_cap(const Deck& deck) const { return std::min(set_max, deck.suit_count()); }
  // The longest run: run_max (0: no cap), and never more than one card of each rank.
  int run_cap(const Deck& deck) const { return run_max > 0 ? std::min(run_max, deck.rank_count()) : deck.rank_count(); }
};

}  // namespace conquian
