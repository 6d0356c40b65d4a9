// start(), deal() and the pack: the position after the deal, before the declarations.
#include <algorithm>

#include "pan/engine.h"
#include "pan/melds.h"

namespace conquian::pan {

CardCounts pack(const Ruleset& rules) {
  CardCounts out;
  const Deck& deck = rules.deck;
  const int spades = spade_suit(deck);
  for (Card c = 0; c < deck.size(); ++c) {
    int copies = rules.pan.packs;
    if (spades >= 0 && deck.suit_of(c) == spades) copies -= rules.pan.strip_spades;
    if (copies > 0) out.add(c, copies);
  }
  return out;
}

std::vector<Card> listed(const CardCounts& cards) {
  std::vector<Card> out;
  cards.for_each([&](Card c, int n) { out.insert(out.end(), n, c); });
  return out;
}

std::vector<Card> pack_cards(const Ruleset& rules) { return listed(pack(rules)); }

Position start(const Ruleset& rules, std::span<const CardCounts> hands, int dealer, std::span<const Card> stock,
               bool stock_known) {
  Position p;
  p.rules = &rules;
  p.seat_count = static_cast<std::uint8_t>(std::min<std::size_t>(hands.size(), kMaxSeats));
  p.dealer = static_cast<std::uint8_t>(dealer);
  for (int s = 0; s < p.seats(); ++s) {
    p.hand[s] = hands[s];
    p.chips[s] = -rules.pan.ante;  // every seat dealt in pays the top
    p.pot += rules.pan.ante;
  }
  p.stock_known = stock_known;
  if (stock_known) {
    const std::size_t n = std::min(stock.size(), p.stock.size());
    std::copy_n(stock.begin(), n, p.stock.begin());
    p.stock_end = static_cast<std::uint16_t>(n);
  } else {
    int dealt = 0;
    for (int s = 0; s < p.seats(); ++s) dealt += p.hand[s].size();
    p.stock_end = static_cast<std::uint16_t>(std::max(0, rules.pack_size() - dealt));
  }
  // The declarations go from the eldest, the seat after the dealer, round to the dealer.
  p.phase = Phase::Declare;
  p.actor = static_cast<std::uint8_t>((dealer + 1) % p.seats());
  return p;
}

Position deal(const Ruleset& rules, int seats, std::span<const Card> order, int dealer) {
  std::array<CardCounts, kMaxSeats> hands{};
  std::size_t next = 0;
  const int packet = std::max(1, rules.pan.deal_packet);
  // Packets of `packet` cards round the table from the eldest until every hand is full.
  for (int dealt = 0; dealt < rules.hand; dealt += packet)
    for (int k = 1; k <= seats; ++k) {
      const int s = (dealer + k) % seats;
      for (int i = 0; i < packet && dealt + i < rules.hand; ++i) hands[s].add(order[next++]);
    }
  return start(rules, std::span<const CardCounts>(hands.data(), seats), dealer, order.subspan(next), true);
}

}  // namespace conquian::pan
