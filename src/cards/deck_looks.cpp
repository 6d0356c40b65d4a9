#include "cards/deck_looks.h"

namespace conquian {
namespace {

// spanish-40's suits (o, c, e, b) by their places in french-40's (c, d, h, s).
constexpr int kFrenchSuitOfSpanish[4] = {1, 2, 3, 0};
constexpr int kSpanishSuitOfFrench[4] = {3, 0, 1, 2};

}  // namespace

std::optional<Deck> other_look(const Deck& deck) {
  if (deck.name() == "spanish-40") return Deck::named("french-40");
  if (deck.name() == "french-40") return Deck::named("spanish-40");
  return std::nullopt;
}

Card look_card(const Deck& deck, Card card, const Deck& look) {
  const int suit = deck.suit_of(card);
  const int to = deck.name() == "spanish-40" ? kFrenchSuitOfSpanish[suit] : kSpanishSuitOfFrench[suit];
  return look.card(to, deck.rank_of(card));
}

}  // namespace conquian
