// The two looks of the 40-card game. Source 004: "No standard deck at home? Take out the 8s,
// 9s and 10s and play with A-7, J, Q, K: the jack plays the sota, the queen the caballo and the
// king the rey. On Snug Table you can switch between the two looks in Settings; the game is
// the same." A card of spanish-40 is drawn as the card of french-40 at the same rank (1 the
// ace, 10 the jack, 11 the queen, 12 the king) in the suit usually paired with its own (oros
// diamonds, copas hearts, espadas spades, bastos clubs), and the other way round. Drawing only:
// the game, its records and their tokens stay the deck's own.
#pragma once

#include <optional>
#include <string>

#include "cards/deck.h"

namespace conquian {

// The deck whose look draws `deck`'s cards in the other suits ("french-40" for "spanish-40" and
// the other way round); nullopt for a deck with one look only (french-52, a custom deck).
std::optional<Deck> other_look(const Deck& deck);
// The card of `look` (other_look(deck)) that draws `card` of `deck`.
Card look_card(const Deck& deck, Card card, const Deck& look);

}  // namespace conquian
