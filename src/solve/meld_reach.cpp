#include "solve/meld_reach.h"

#include <algorithm>

#include "engine/engine.h"

namespace conquian::solve {

MeldReach::MeldReach(const Ruleset& rules) : rules_(&rules) {
  const MeldIndex& index = rules.meld_index();
  for (int c = 0; c < kMaxCards; ++c) {
    first_[static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(rests_.size());
    if (!rules.deck.all().has(static_cast<Card>(c))) continue;
    std::vector<CardSet> all = index.melds_containing(rules.deck.all(), static_cast<Card>(c));
    std::sort(all.begin(), all.end(), [](CardSet a, CardSet b) { return a.size() < b.size(); });
    std::vector<CardSet> keep;
    for (CardSet m : all)
      if (std::none_of(keep.begin(), keep.end(), [&](CardSet k) { return m.contains(k); })) keep.push_back(m);
    for (CardSet m : keep) rests_.push_back(m.without(static_cast<Card>(c)));
  }
  first_[kMaxCards] = static_cast<std::uint16_t>(rests_.size());
}

bool MeldReach::joins(Card c, CardSet reach) const {
  for (std::size_t i = first_[c]; i < first_[c + 1u]; ++i)
    if (reach.contains(rests_[i])) return true;
  return false;
}

CardSet MeldReach::reachable(const Position& p, int seat) const {
  const CardSet held = p.hand[seat] | p.table[seat];
  const CardSet open = rules_->deck.all() - p.dead - p.table[1 - seat] - held;
  const int left = std::max(1, p.rules->target - p.table[seat].size());
  CardSet reach = held;
  for (int k = 0; k < left; ++k) {
    CardSet added;
    for (Card c : open - reach)
      if (joins(c, reach)) added.insert(c);
    if (added.empty()) break;
    reach |= added;
  }
  if (left == 1 && rules_->meld_timing == MeldTiming::Take) reach = held | (reach & takeable(p, seat));
  return reach;
}

CardSet MeldReach::takeable(const Position& p, int seat) const {
  const CardSet held = p.hand[seat] | p.table[seat];
  Takeable* slot = nullptr;
  if (rules_->rearrange) {
    std::uint64_t h = (p.hand[seat].bits() * 0x9e3779b97f4a7c15ULL) ^ (p.table[seat].bits() * 0xbf58476d1ce4e5b9ULL);
    slot = &cache_[(h ^ (h >> 29)) & (cache_.size() - 1)];
    if (slot->hand == p.hand[seat].bits() && slot->table == p.table[seat].bits()) return CardSet(slot->cards);
  }
  CardSet cards;
  for (Card c : rules_->deck.all() - held)
    if (joins(c, held)) {
      take_tables(p, seat, c, false, tables_);
      if (!tables_.empty()) cards.insert(c);
    }
  if (slot) *slot = {p.hand[seat].bits(), p.table[seat].bits(), cards.bits()};
  return cards;
}

CardSet MeldReach::useless_unseen(const Position& p) const {
  return p.unseen() - reachable(p, 0) - reachable(p, 1);
}


}  // namespace conquian::solve
