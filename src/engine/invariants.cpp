#include "engine/invariants.h"

#include <fmt/format.h>

#include "engine/engine.h"

namespace conquian {

std::string card_places_fault(const Position& p) {
  CardSet seen;
  int count = 0;
  auto add = [&](CardSet s) {
    count += s.size();
    seen |= s;
  };
  for (int s = 0; s < p.seats(); ++s) add(p.hand[s]), add(p.table[s]);
  add(p.dead);
  if (p.up != kNoCard) add(CardSet::of(p.up));
  if (p.stock_known) {
    CardSet stock;
    for (int i = p.stock_top; i < p.stock_end; ++i) stock.insert(p.stock[i]);
    add(stock);
  } else {
    if (p.unseen().size() != p.stock_left()) return "the unseen cards are not the stock";
    add(p.unseen());
  }
  const Deck& deck = p.rules->deck;
  if (count != deck.size() || seen != deck.all())
    return fmt::format("after {} plies {} cards are counted, {} distinct, of {}", p.plies, count, seen.size(),
                       deck.size());
  return {};
}

std::string tables_fault(const Position& p) {
  for (int s = 0; s < p.seats(); ++s) {
    MeldList melds = table_melds(p, s);
    if (melds.cards() != p.table[s]) return fmt::format("seat {}'s table does not split into legal melds", s);
    for (CardSet m : melds)
      if (!p.rules->meld_index().is_meld(m)) return fmt::format("seat {}'s table holds an illegal meld", s);
  }
  return {};
}

std::string hand_table_fault(const Position& p, bool allow_hit) {
  for (int s = 0; s < p.seats(); ++s) {
    int held = p.hand[s].size() + p.table[s].size();
    bool winner = p.result.kind == Outcome::Kind::Win && p.result.winner == s;
    bool hit = allow_hit && p.phase == Phase::Throw && p.actor == s;
    if (held > p.rules->hand + ((winner || hit) ? 1 : 0))
      return fmt::format("seat {} holds {} in hand and {} on its table ({} cards, more than the {} dealt)", s,
                         p.hand[s].size(), p.table[s].size(), held, p.rules->hand);
  }
  return {};
}

}  // namespace conquian
