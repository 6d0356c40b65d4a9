// The batch layer's names for the shared generator of cards/shuffle.h.
#pragma once

#include "cards/shuffle.h"

namespace conquian::batch {
using conquian::deal_rng;
using conquian::Rng;
using conquian::shuffled_deck;
}  // namespace conquian::batch
