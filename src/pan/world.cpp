#include "pan/world.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "cards/shuffle.h"
#include "pan/engine.h"

namespace conquian::pan {

Position forget_stock(const Position& pos) {
  Position p = pos;
  if (!p.stock_known) return p;
  const int left = p.stock_left();
  p.stock_known = false;
  p.stock.fill(0);
  p.stock_top = 0;
  p.stock_end = static_cast<std::uint16_t>(left);
  return p;
}

Position sample_world(const Position& full, int seat, Rng& rng) {
  Position w = forget_stock(full);
  // The copies the seat has not seen: the other hands' and the stock's.
  CardCounts pool = w.unseen();
  for (int s = 0; s < w.seats(); ++s)
    if (s != seat) {
      pool += w.hand[s];
      w.hand[s] = CardCounts{};
    }
  std::vector<Card> cards = listed(pool);
  std::size_t next = 0;
  for (int s = 0; s < w.seats(); ++s) {
    if (s == seat) continue;
    for (int i = 0; i < full.hand[s].size(); ++i, ++next) {
      const std::size_t j = next + rng.below(cards.size() - next);  // a partial Fisher-Yates shuffle
      std::swap(cards[next], cards[j]);
      w.hand[s].add(cards[next]);
    }
  }
  return w;
}

Position sample_world_with_stock(const Position& full, int seat, Rng& rng) {
  Position w = sample_world(full, seat, rng);
  std::vector<Card> stock = listed(w.unseen());  // the hands are dealt: the rest is the stock
  shuffle_cards(stock, rng);
  w.stock_known = true;
  w.stock_top = 0;
  w.stock_end = static_cast<std::uint16_t>(stock.size());
  std::copy(stock.begin(), stock.end(), w.stock.begin());
  return w;
}

}  // namespace conquian::pan
