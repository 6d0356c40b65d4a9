#include "engine/takes.h"

#include <algorithm>
#include <array>

#include "engine/flow.h"

namespace conquian::takes {
namespace {

// Melds that contain `x` and lie within `universe`.
template <class F>
void for_each_meld_with(const MeldIndex& idx, CardSet universe, Card x, F&& f) {
  if (!idx.has_wilds()) {
    for (CardSet m : idx.natural_melds_with(x))
      if (universe.contains(m)) f(m);
    return;
  }
  for (CardSet m : idx.melds_containing(universe, x)) f(m);
}

// With wild cards: melds in order of their lowest natural card (at least `floor`), each
// followed by the groups of wild cards alone that the cards left can add. `melds` is
// scratch shared by the levels of the walk (each level uses the tail it appended).
template <class F>
void extra_with_wilds(const MeldIndex& idx, CardSet avail, CardSet laid, int floor, F& emit,
                      std::vector<CardSet>& melds) {
  for_each_subset(avail & idx.rules().wild, [&](CardSet group) {
    if (!group.empty() && idx.can_partition(group)) emit(laid | group);
  });
  for (Card y : avail - idx.rules().wild) {
    if (y < floor) continue;
    const std::size_t first = melds.size();
    idx.melds_led_by(avail, y, melds);
    const std::size_t end = melds.size();
    for (std::size_t i = first; i < end; ++i) {
      const CardSet m = melds[i];
      emit(laid | m);
      extra_with_wilds(idx, avail - m, laid | m, y + 1, emit, melds);
    }
    melds.resize(first);
  }
}

// Sets of extra melds made wholly from `avail`; emits laid|X for each.
template <class F>
void extra_from_hand(const MeldIndex& idx, CardSet avail, CardSet laid, int floor, F& emit) {
  if (idx.has_wilds()) {
    std::vector<CardSet> melds;
    extra_with_wilds(idx, avail, laid, floor, emit, melds);
    return;
  }
  for (Card y : avail) {
    if (y < floor) continue;
    for (CardSet m : idx.natural_melds_from(y)) {
      if (!avail.contains(m)) continue;
      emit(laid | m);
      extra_from_hand(idx, avail - m, laid | m, y + 1, emit);
    }
  }
}

// Cover `must` (old table and taken card) with melds that may borrow from `avail` (hand).
template <class F>
void cover(const MeldIndex& idx, CardSet must, CardSet avail, CardSet laid, bool extra, F& emit) {
  if (must.empty()) {
    emit(laid);
    if (extra) extra_from_hand(idx, avail, laid, 0, emit);
    return;
  }
  Card x = must.lowest();
  for_each_meld_with(idx, must | avail, x,
                     [&](CardSet m) { cover(idx, must - m, avail - m, laid | (m & avail), extra, emit); });
}

bool can_partition_or_empty(const MeldIndex& idx, CardSet s) { return idx.can_partition(s); }

}  // namespace

bool set_table_ok(const Position& pos, int seat, Card card, CardSet after) {
  const Ruleset& r = *pos.rules;
  const MeldIndex& idx = r.meld_index();
  CardSet old = pos.table[seat];
  if (!idx.can_partition(after)) return false;
  if (card == kNoCard || r.extra_melds) return true;
  // The laid cards must all sit in the taken card's meld M; the rest of the old table
  // must still split into melds on its own.
  CardSet laid = after - old - CardSet::of(card);
  bool ok = false;
  for_each_meld_with(idx, after, card, [&](CardSet m) {
    if (!ok && m.contains(laid) && can_partition_or_empty(idx, after - m)) ok = true;
  });
  return ok;
}

bool can_take(const Position& pos, int seat) {
  std::vector<CardSet> laid;
  laid_options(pos, seat, pos.up, laid);
  return !laid.empty();
}

namespace {

// The searches ask laid_options the same question of many positions: a seat's hand and
// table and one card, in positions that differ elsewhere (the dead cards, the other seat).
// With rearrange the answer is a function of those three and of the ruleset's melds and
// extra_melds alone, so a small memo per thread answers the repeats (answers of more than
// kLaid sets are not kept). Keyed on the meld index's serial, never on an address.
struct LaidMemo {
  static constexpr int kLaid = 7;
  struct Entry {
    std::uint64_t index = 0;  // serial << 1 | extra_melds; 0: empty
    std::uint64_t hand = 0, table = 0;
    Card card = kNoCard;
    std::uint8_t count = 0;
    std::array<CardSet, kLaid> laid{};
  };
  std::vector<Entry> entries = std::vector<Entry>(4096);
  Entry& slot(std::uint64_t index, CardSet hand, CardSet table, Card card) {
    std::uint64_t h = (hand.bits() * 0x9e3779b97f4a7c15ULL) ^ (table.bits() * 0xbf58476d1ce4e5b9ULL) ^
                      (std::uint64_t{card} * 0x94d049bb133111ebULL) ^ index;
    h ^= h >> 29;
    return entries[h & (entries.size() - 1)];
  }
};

void laid_options_searched(const Position& pos, int seat, Card card, std::vector<CardSet>& out);

}  // namespace

void laid_options(const Position& pos, int seat, Card card, std::vector<CardSet>& out) {
  const Ruleset& r = *pos.rules;
  if (!r.rearrange) return laid_options_searched(pos, seat, card, out);
  thread_local LaidMemo memo;
  const std::uint64_t index = r.meld_index().serial() << 1 | static_cast<std::uint64_t>(r.extra_melds);
  const CardSet hand = pos.hand[seat], table = pos.table[seat];
  LaidMemo::Entry& e = memo.slot(index, hand, table, card);
  if (e.index == index && e.hand == hand.bits() && e.table == table.bits() && e.card == card) {
    out.insert(out.end(), e.laid.begin(), e.laid.begin() + e.count);
    return;
  }
  const std::size_t first = out.size();
  laid_options_searched(pos, seat, card, out);
  const std::size_t count = out.size() - first;
  if (count > LaidMemo::kLaid) return;
  e.index = index, e.hand = hand.bits(), e.table = table.bits(), e.card = card;
  e.count = static_cast<std::uint8_t>(count);
  std::copy(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), e.laid.begin());
}

namespace {

void laid_options_searched(const Position& pos, int seat, Card card, std::vector<CardSet>& out) {
  const Ruleset& r = *pos.rules;
  const MeldIndex& idx = r.meld_index();
  CardSet old = pos.table[seat], hand = pos.hand[seat];
  std::size_t first = out.size();
  auto emit = [&](CardSet laid) { out.push_back(laid); };
  if (card != kNoCard) {
    // The taken card needs a meld within the table, the hand and itself: most offered cards
    // have none, and this answers them without the cover search.
    bool some = false;
    for_each_meld_with(idx, old | hand | CardSet::of(card), card, [&](CardSet) { some = true; });
    if (!some) return;
  }
  if (card == kNoCard) {
    cover(idx, old, hand, CardSet{}, true, emit);
  } else if (r.extra_melds) {
    cover(idx, old.with(card), hand, CardSet{}, true, emit);
  } else {
    for_each_meld_with(idx, old | hand | CardSet::of(card), card, [&](CardSet m) {
      if (idx.can_partition(old - m)) out.push_back(m & hand);
    });
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(first), out.end()), out.end());
  if (card == kNoCard)  // a lay must lay something
    out.erase(std::remove(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), CardSet{}), out.end());
  if (!r.rearrange) {
    // Keep only the laid sets that some grouping allows without regrouping old melds.
    auto bad = [&](CardSet laid) {
      return for_each_fixed_grouping(pos, seat, card, laid, [](const MeldList&) { return false; });
    };
    out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), bad), out.end());
  }
}

}  // namespace

bool for_each_fixed_grouping(const Position& pos, int seat, Card card, CardSet laid,
                             const std::function<bool(const MeldList&)>& visit) {
  const Ruleset& r = *pos.rules;
  const MeldIndex& idx = r.meld_index();
  const Deck& deck = r.deck;
  MeldList old = flow::kept_melds(pos, seat);
  CardSet fresh = card == kNoCard ? laid : laid.with(card);
  std::array<CardSet, 32> grow{};
  bool keep_going = true;
  auto compatible = [&](CardSet meld, Card x) {
    if (r.melds.wild.has(x)) return true;
    CardSet nat = meld - r.melds.wild;
    if (nat.empty()) return true;
    Card n0 = nat.lowest();
    return deck.rank_of(n0) == deck.rank_of(x) || deck.suit_of(n0) == deck.suit_of(x);
  };
  // Without extra_melds (and with a take) every laid card shares the taken card's meld.
  bool strict = card != kNoCard && !r.extra_melds;
  std::function<void(CardSet, CardSet)> place = [&](CardSet rest, CardSet pool) {
    if (!keep_going) return;
    if (rest.empty()) {
      MeldList result;
      int holder = -1;  // which old meld got the taken card, or -2 for a new meld
      for (int g = 0; g < old.count; ++g) {
        CardSet m = old.melds[g] | grow[g];
        if (!grow[g].empty() && !idx.is_meld(m)) return;
        if (card != kNoCard && grow[g].has(card)) holder = g;
        result.push(m);
      }
      if (strict) {
        for (int g = 0; g < old.count; ++g)
          if (!grow[g].empty() && g != holder) return;
        if (holder >= 0 && !pool.empty()) return;
        if (holder < 0) {  // the taken card's meld is new: the pool is that one meld
          if (!idx.is_meld(pool)) return;
          result.push(pool);
          keep_going = visit(result);
          return;
        }
      }
      idx.for_each_partition(pool, [&](const MeldList& fresh_melds) {
        MeldList all = result;
        for (CardSet m : fresh_melds) all.push(m);
        keep_going = visit(all);
        return keep_going;
      });
      return;
    }
    Card x = rest.lowest();
    CardSet next = rest.without(x);
    for (int g = 0; g < old.count && keep_going; ++g) {
      if (!compatible(old.melds[g], x)) continue;
      grow[g].insert(x);
      place(next, pool);
      grow[g].erase(x);
    }
    if (keep_going) place(next, pool.with(x));
  };
  place(fresh, CardSet{});
  return keep_going;
}

bool fixed_grouping_ok(const Position& pos, int seat, Card card, const MeldList& stated, std::string* why) {
  const Ruleset& r = *pos.rules;
  const Deck& deck = r.deck;
  MeldList old = flow::kept_melds(pos, seat);
  std::array<int, 32> home{};
  home.fill(-1);
  for (int g = 0; g < old.count; ++g) {
    for (int i = 0; i < stated.count; ++i)
      if (stated.melds[i].contains(old.melds[g])) home[g] = i;
    if (home[g] < 0) {
      *why = "the meld " + deck.tokens(old.melds[g]) + " was split up, and this ruleset does not allow regrouping";
      return false;
    }
    for (int h = 0; h < g; ++h)
      if (home[h] == home[g]) {
        *why = "the melds " + deck.tokens(old.melds[h]) + " and " + deck.tokens(old.melds[g]) +
               " were joined, and this ruleset does not allow regrouping";
        return false;
      }
  }
  if (card == kNoCard || r.extra_melds) return true;
  for (int i = 0; i < stated.count; ++i) {
    CardSet m = stated.melds[i];
    if (m.has(card)) continue;
    bool grown_old = false, is_old = false;
    for (int g = 0; g < old.count; ++g)
      if (home[g] == i) (m == old.melds[g] ? is_old : grown_old) = true;
    if (!is_old || grown_old) {
      *why = "cards from the hand went into " + deck.tokens(m) +
             ", which does not hold the taken card, and this ruleset allows no extra melds";
      return false;
    }
  }
  return true;
}

}  // namespace conquian::takes
