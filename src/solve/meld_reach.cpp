#include "solve/meld_reach.h"

#include <algorithm>

namespace conquian::solve {

MeldReach::MeldReach(const Ruleset& rules) : rules_(&rules) {
  const MeldIndex& index = rules.meld_index();
  for (Card c : rules.deck.all()) {
    std::vector<CardSet> all = index.melds_containing(rules.deck.all(), c);
    std::sort(all.begin(), all.end(), [](CardSet a, CardSet b) { return a.size() < b.size(); });
    std::vector<CardSet>& keep = minimal_[c];
    for (CardSet m : all)
      if (std::none_of(keep.begin(), keep.end(), [&](CardSet k) { return m.contains(k); })) keep.push_back(m);
  }
}

CardSet MeldReach::useless_unseen(const Position& p) const {
  const CardSet everything = rules_->deck.all();
  const CardSet open0 = everything - p.dead - p.table[1];
  const CardSet open1 = everything - p.dead - p.table[0];
  CardSet useless;
  for (Card c : p.unseen())
    if (!in_open_meld(c, open0) && !in_open_meld(c, open1)) useless.insert(c);
  return useless;
}

bool MeldReach::may_win(const Position& p, int seat) const {
  if (p.rules->stock_out != StockOut::Draw) return true;  // fewest_in_hand: a win without melding
  const CardSet open = rules_->deck.all() - p.dead - p.table[1 - seat];
  int meldable = 0;
  for (Card c : open)
    if (in_open_meld(c, open) && ++meldable >= p.rules->target) return true;
  return false;
}

}  // namespace conquian::solve
