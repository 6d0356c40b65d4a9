#include "pan/partition.h"

#include <algorithm>

#include "pan/melds.h"

namespace conquian::pan {
namespace {

// The depth-first search of for_each_cover. At the lowest card y not yet placed it either
// places a meld whose lowest card is y (from the required and optional copies still free),
// or, when no required copy of y is left, sets the optional copies of y aside for good.
// Melds placed at one card go in increasing `code` order, so no grouping is found twice.
class CoverSearch {
 public:
  CoverSearch(const Ruleset& rules, const CardCounts& required, const CardCounts& optional,
              const std::function<bool(const Cover&)>& visit)
      : rules_(rules), deck_(rules.deck), need_(required), opt_(optional), visit_(visit) {}

  bool run() { return place(0, -1); }

 private:
  // Takes one copy of c for a meld: a required copy first.
  void take(Card c) {
    if (need_.has(c)) {
      need_.remove(c);
      took_.push_back(0);
    } else {
      opt_.remove(c);
      laid_.add(c);
      took_.push_back(1);
    }
  }
  void give_back(Card c) {
    const bool optional = took_.back() != 0;
    took_.pop_back();
    if (optional) {
      laid_.remove(c);
      opt_.add(c);
    } else {
      need_.add(c);
    }
  }
  int free_copies(Card c) const { return need_.count(c) + opt_.count(c); }

  // Places melds from the lowest free card on; `last` is the code of the last meld placed at
  // card `from` (-1: none yet).
  bool place(int from, std::int64_t last) {
    const CardSet free = (need_.support() | opt_.support()) - CardSet::range(0, from);
    if (free.empty()) return visit_(Cover{melds_, laid_});
    const Card y = free.lowest();
    if (y != from) last = -1;  // no meld placed at y yet
    if (!sequences_at(y, last)) return false;
    if (!groups_at(y, last)) return false;
    if (need_.has(y)) return true;  // a required copy of y must go into a meld
    // The optional copies of y are left in the hand.
    const int kept = opt_.count(y);
    opt_.remove(y, kept);
    const bool go_on = place(y + 1, -1);
    opt_.add(y, kept);
    return go_on;
  }

  // Sequences starting at y: codes 0 .. 15 (their length).
  bool sequences_at(Card y, std::int64_t last) {
    const int rank = deck_.rank_of(y), ranks = deck_.rank_count();
    int len = 0;
    while (rank + len < ranks && free_copies(static_cast<Card>(y + len)) > 0) ++len;
    for (int n = 3; n <= len; ++n) {
      if (n < last) continue;
      CardCounts meld;
      for (int i = 0; i < n; ++i) {
        take(static_cast<Card>(y + i));
        meld.add(static_cast<Card>(y + i));
      }
      melds_.push_back(meld);
      const bool go_on = place(y, n);
      melds_.pop_back();
      for (int i = n; i-- > 0;) give_back(static_cast<Card>(y + i));
      if (!go_on) return false;
    }
    return true;
  }

  // Groups whose lowest card is y: the copies of each suit of y's rank from y's suit up, as
  // a count vector; code 16 + the vector read as a number in base 256 (distinct vectors,
  // ordered).
  bool groups_at(Card y, std::int64_t last) {
    const int rank = deck_.rank_of(y), suit = deck_.suit_of(y), suits = deck_.suit_count();
    std::array<int, kMaxSuits> avail{}, pick{};
    for (int s = suit; s < suits; ++s) avail[s] = free_copies(deck_.card(s, rank));
    bool go_on = true;
    // Every vector with pick[suit] >= 1, pick[s] <= avail[s], three cards or more.
    auto visit_vectors = [&](auto&& self, int s) -> void {
      if (!go_on) return;
      if (s == suits) {
        int total = 0;
        for (int t = suit; t < suits; ++t) total += pick[t];
        if (total < 3) return;
        go_on = try_group(y, rank, suit, pick, last);
        return;
      }
      for (int k = s == suit ? 1 : 0; k <= avail[s]; ++k) {
        pick[s] = k;
        self(self, s + 1);
        if (!go_on) break;
      }
      pick[s] = 0;
    };
    visit_vectors(visit_vectors, suit);
    return go_on;
  }

  bool try_group(Card y, int rank, int suit, const std::array<int, kMaxSuits>& pick, std::int64_t last) {
    std::int64_t code = 16;
    CardCounts meld;
    for (int s = suit; s < deck_.suit_count(); ++s) {
      code = code * 256 + pick[s];
      if (pick[s] > 0) meld.add(deck_.card(s, rank), pick[s]);
    }
    if (code < last) return true;
    if (meld_kind(rules_, meld) == MeldKind::None) return true;
    meld.for_each([&](Card c, int n) {
      for (int i = 0; i < n; ++i) take(c);
    });
    melds_.push_back(meld);
    const bool go_on = place(y, code);
    melds_.pop_back();
    // Given back in the reverse order of taking (took_ is a stack): highest card first.
    for (CardSet left = meld.support(); !left.empty();) {
      const Card c = left.highest();
      left.erase(c);
      for (int i = 0; i < meld.count(c); ++i) give_back(c);
    }
    return go_on;
  }

  const Ruleset& rules_;
  const Deck& deck_;
  CardCounts need_, opt_, laid_;
  std::vector<CardCounts> melds_;
  std::vector<std::uint8_t> took_;  // 1: the copy taken was optional
  const std::function<bool(const Cover&)>& visit_;
};

}  // namespace

bool for_each_cover(const Ruleset& rules, const CardCounts& required, const CardCounts& optional,
                    const std::function<bool(const Cover&)>& visit) {
  return CoverSearch(rules, required, optional, visit).run();
}

bool can_partition(const Ruleset& rules, const CardCounts& cards) {
  bool found = false;
  for_each_cover(rules, cards, CardCounts{}, [&](const Cover&) {
    found = true;
    return false;
  });
  return found;
}

std::optional<std::vector<CardCounts>> best_grouping(const Ruleset& rules, const CardCounts& cards) {
  std::optional<std::vector<CardCounts>> best;
  std::int64_t best_value = -1;
  for_each_cover(rules, cards, CardCounts{}, [&](const Cover& c) {
    const std::int64_t v = melds_value(rules, c.melds);
    if (v > best_value) best_value = v, best = c.melds;
    return true;
  });
  return best;
}

std::vector<std::vector<CardCounts>> all_groupings(const Ruleset& rules, const CardCounts& cards, std::size_t limit) {
  std::vector<std::vector<CardCounts>> out;
  for_each_cover(rules, cards, CardCounts{}, [&](const Cover& c) {
    out.push_back(c.melds);
    return out.size() < limit;
  });
  return out;
}

std::int64_t melds_value(const Ruleset& rules, const std::vector<CardCounts>& melds) {
  std::int64_t v = 0;
  for (const CardCounts& m : melds) v += condition_value(rules, m);
  return v;
}

std::int64_t table_value(const Ruleset& rules, const Table& table) {
  std::int64_t v = 0;
  for (int i = 0; i < table.count; ++i) v += condition_value(rules, table.melds[i].counts());
  return v;
}

bool to_table(const std::vector<CardCounts>& melds, Table& out) {
  out = Table{};
  if (melds.size() > static_cast<std::size_t>(kMaxMelds)) return false;
  for (const CardCounts& m : melds) {
    if (m.size() > kMaxTableCards) return false;
    Meld meld;
    m.for_each([&](Card c, int n) {
      for (int i = 0; i < n; ++i) meld.add(c);
    });
    out.add(meld);
  }
  return true;
}

}  // namespace conquian::pan
