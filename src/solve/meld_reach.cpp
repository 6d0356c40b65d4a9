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
  group_patterns();
}

void MeldReach::group_patterns() {
  const CardSet wild = rules_->melds.wild;
  by_pattern_ = true;
  for (int c = 0; c < kMaxCards && by_pattern_; ++c)
    for (std::size_t i = wild.has(static_cast<Card>(c)) ? first_[c + 1u] : first_[c]; i < first_[c + 1u]; ++i) {
      Pattern shape;
      shape.wild = rests_[i] & wild;
      for (Card d : rests_[i] - wild) {
        if (shape.count == Pattern::kMaxOffsets) {
          by_pattern_ = false;
          break;
        }
        shape.offsets[static_cast<std::size_t>(shape.count++)] = static_cast<std::int8_t>(int{d} - c);
      }
      if (!by_pattern_) break;
      auto same = [&](const Pattern& p) {
        return p.count == shape.count && p.offsets == shape.offsets && p.wild == shape.wild;
      };
      auto it = std::find_if(patterns_.begin(), patterns_.end(), same);
      if (it == patterns_.end()) {
        if (patterns_.size() == kMaxPatterns) {
          by_pattern_ = false;
          break;
        }
        patterns_.push_back(shape);
        it = patterns_.end() - 1;
      }
      it->cards.insert(static_cast<Card>(c));
    }
  if (!by_pattern_) patterns_.clear();
}

CardSet MeldReach::joining(CardSet reach) const {
  if (!by_pattern_) return joining_by_card(reach);
  const std::uint64_t r = reach.bits();
  std::uint64_t out = 0;
  for (const Pattern& p : patterns_) {
    if (!reach.contains(p.wild)) continue;
    std::uint64_t m = p.cards.bits();
    for (int i = 0; i < p.count && m; ++i) {
      const int d = p.offsets[static_cast<std::size_t>(i)];
      m &= d >= 0 ? r >> d : r << -d;
    }
    out |= m;
  }
  for (Card w : rules_->melds.wild)
    if (joins(w, reach)) out |= std::uint64_t{1} << w;
  return CardSet(out);
}

CardSet MeldReach::joining_by_card(CardSet reach) const {
  CardSet out;
  for (Card c : rules_->deck.all())
    if (joins(c, reach)) out.insert(c);
  return out;
}

bool MeldReach::joins(Card c, CardSet reach) const {
  for (std::size_t i = first_[c]; i < first_[c + 1u]; ++i)
    if (reach.contains(rests_[i])) return true;
  return false;
}

CardSet MeldReach::reachable(const Position& p, int seat) const {
  const CardSet held = p.hand[seat] | p.table[seat];
  const CardSet open = open_cards(p, seat);
  const int left = std::max(1, p.rules->target - p.table[seat].size());
  CardSet reach = held;
  for (int k = 0; k < left; ++k) {
    const CardSet added = (open - reach) & joining(reach);
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

CardSet MeldReach::useless_unseen(const Position& p) const { return p.unseen() - reachable(p, 0) - reachable(p, 1); }

}  // namespace conquian::solve
