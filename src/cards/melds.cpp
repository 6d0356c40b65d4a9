#include "cards/melds.h"

#include <algorithm>
#include <atomic>
#include <limits>

namespace conquian {
namespace {

// Calls f(P - D) for every D within P of at most `budget` cards, each once.
template <class F>
void for_each_drop(CardSet keep, CardSet candidates, int budget, F& f) {
  f(keep);
  if (budget == 0) return;
  CardSet rest = candidates;
  while (!rest.empty()) {
    Card x = rest.pop_lowest();
    for_each_drop(keep.without(x), rest, budget - 1, f);
  }
}

// Calls f(K) for every K within `pool` of exactly k cards, each once.
template <class F>
bool for_each_combination(CardSet pool, int k, CardSet chosen, F& f) {
  if (k == 0) return f(chosen);
  CardSet rest = pool;
  while (rest.size() >= k) {
    Card x = rest.pop_lowest();
    if (!for_each_combination(rest, k - 1, chosen.with(x), f)) return false;
  }
  return true;
}

}  // namespace

namespace {
std::atomic<std::uint64_t> next_serial{1};
}  // namespace

MeldIndex::MeldIndex(const Deck& deck, const MeldRules& rules)
    : deck_(deck), rules_(rules), serial_(next_serial++), run_cap_(rules.run_cap(deck)), ranks_(deck, rules) {
  // Sets of each size in range, each once.
  auto add = [&](CardSet m) {
    all_natural_.push_back(m);
    return true;
  };
  for (int r = 0; r < deck.rank_count(); ++r)
    for (int k = 1; k <= deck.rank_cards(r).size(); ++k)
      if (size_ok_for_set(k)) for_each_combination(deck.rank_cards(r), k, CardSet{}, add);
  for (int s = 0; s < deck.suit_count(); ++s)
    for (int lo = 0; lo < deck.rank_count(); ++lo)
      for (int n = rules.run_min; n <= run_cap_ && lo + n <= deck.rank_count(); ++n)
        all_natural_.push_back(CardSet::range(deck.card(s, lo), n));
  std::sort(all_natural_.begin(), all_natural_.end());
  for (CardSet m : all_natural_) {
    from_lowest_[m.lowest()].push_back(m);
    const bool is_set = deck.rank_cards(deck.rank_of(m.lowest())).contains(m);
    if (m.size() < 2 * (is_set ? rules.set_min : rules.run_min)) short_from_lowest_[m.lowest()].push_back(m);
    for (Card c : m) with_card_[c].push_back(m);
  }
  // Which counts of wild cards alone can be split into melds (of any size is_meld allows).
  wild_only_ok_[0] = true;
  for (int n = 1; n <= kMaxCards; ++n)
    for (int part = 1; part <= n; ++part)
      if ((size_ok_for_set(part) || size_ok_for_run(part)) && wild_only_ok_[n - part]) wild_only_ok_[n] = true;
}

bool MeldIndex::size_ok_for_set(int n) const { return n >= rules_.set_min && n <= rules_.set_cap(deck_); }

bool MeldIndex::size_ok_for_run(int n) const { return n >= rules_.run_min && n <= run_cap_; }

bool MeldIndex::is_meld(CardSet cards) const {
  int n = cards.size();
  CardSet naturals = cards - rules_.wild;
  if (naturals.empty()) return size_ok_for_set(n) || size_ok_for_run(n);
  Card low = naturals.lowest(), high = naturals.highest();
  if (deck_.rank_cards(deck_.rank_of(low)).contains(naturals) && size_ok_for_set(n)) return true;
  if (deck_.suit_cards(deck_.suit_of(low)).contains(naturals)) {
    int span = deck_.rank_of(high) - deck_.rank_of(low) + 1;
    if (span <= n && size_ok_for_run(n)) return true;
  }
  return false;
}

template <bool kShow>
bool MeldIndex::partition_natural(CardSet rest, MeldList* out, int& budget) const {
  if (rest.empty()) return true;
  if (--budget < 0) return false;
  // A yes/no answer needs only the short melds; a split to show may use any meld.
  for (CardSet m : (kShow ? from_lowest_ : short_from_lowest_)[rest.lowest()]) {
    if (!rest.contains(m)) continue;
    if constexpr (kShow) out->push(m);
    if (partition_natural<kShow>(rest - m, out, budget)) return true;
    if constexpr (kShow) out->pop();
    if (budget < 0) return false;
  }
  return false;
}

template <class F>
bool MeldIndex::for_each_natural_core(CardSet naturals, Card c, int wilds, F&& f) const {
  // Sets: c with any of the other cards of its rank; wilds fill up to the size.
  // At most three other cards (a deck has at most four suits): every subset is cheap.
  CardSet same_rank = (naturals & deck_.rank_cards(deck_.rank_of(c))).without(c);
  bool keep_going = true;
  for_each_subset(same_rank, [&](CardSet others) {
    if (!keep_going) return;
    CardSet m = others.with(c);
    int size = m.size();
    for (int k = 0; k <= wilds && keep_going; ++k) {
      bool ok = size_ok_for_set(size + k) || (size == 1 && size_ok_for_run(size + k));
      if (ok) keep_going = f(m, k);
    }
  });
  if (!keep_going) return false;
  // Runs with c as the lowest natural card and at least one more natural card, whose top
  // natural card has rank `top`; the gaps between are filled by wilds.
  int suit = deck_.suit_of(c), low = deck_.rank_of(c);
  CardSet suit_naturals = naturals & deck_.suit_cards(suit);
  for (int top = low + 1; top < deck_.rank_count() && top - low + 1 <= run_cap_; ++top) {
    Card t = deck_.card(suit, top);
    int span = top - low + 1;
    CardSet between = suit_naturals & CardSet::range(c + 1, span - 2);
    int missing = span - 2 - between.size();
    if (missing > wilds) break;  // wider windows miss at least as many cards
    if (!suit_naturals.has(t)) continue;
    CardSet ends = CardSet::of(c).with(t);
    auto try_core = [&](CardSet kept) {
      if (!keep_going) return;
      CardSet m = ends | kept;
      int size = m.size();
      for (int k = std::max(0, span - size); k <= wilds && keep_going; ++k)
        if (size_ok_for_run(size + k)) keep_going = f(m, k);
    };
    for_each_drop(between, between, wilds - missing, try_core);
    if (!keep_going) return false;
  }
  return true;
}

void MeldIndex::split_wilds(CardSet pool, int wilds, MeldList& out) const {
  int left = wilds;
  while (left > 0) {
    for (int part = 1; part <= left; ++part) {
      if ((size_ok_for_set(part) || size_ok_for_run(part)) && wild_only_ok(left - part)) {
        CardSet group;
        for (int i = 0; i < part; ++i) group.insert(pool.pop_lowest());
        out.push(group);
        left -= part;
        break;
      }
    }
  }
}

bool MeldIndex::partition_wild(CardSet naturals, int wilds, MeldList* out, CardSet wild_pool, int& budget) const {
  if (naturals.empty()) {
    if (!wild_only_ok(wilds)) return false;
    if (out) split_wilds(wild_pool, wilds, *out);
    return true;
  }
  if (--budget < 0) return false;
  bool found = false;
  for_each_natural_core(naturals, naturals.lowest(), wilds, [&](CardSet m, int k) {
    CardSet used, pool = wild_pool;
    if (out)
      for (int i = 0; i < k; ++i) used.insert(pool.pop_lowest());
    if (out) out->push(m | used);
    if (partition_wild(naturals - m, wilds - k, out, pool, budget)) {
      found = true;
      return false;
    }
    if (out) out->pop();
    return budget >= 0;  // out of budget: stop, the caller asks the rank program
  });
  return found;
}

bool MeldIndex::can_partition(CardSet cards) const {
  CardSet wild = cards & rules_.wild;
  int budget = kCoverBudget;
  bool found = wild.empty() ? partition_natural<false>(cards, nullptr, budget)
                            : partition_wild(cards - wild, wild.size(), nullptr, wild, budget);
  if (found || budget >= 0) return found;
  return ranks_.can_partition(cards);
}

bool MeldIndex::can_partition_by_cover(CardSet cards) const {
  CardSet wild = cards & rules_.wild;
  int budget = std::numeric_limits<int>::max();
  return wild.empty() ? partition_natural<false>(cards, nullptr, budget)
                      : partition_wild(cards - wild, wild.size(), nullptr, wild, budget);
}

bool MeldIndex::find_partition(CardSet cards, MeldList& out) const {
  out.count = 0;
  CardSet wild = cards & rules_.wild;
  int budget = kCoverBudget;
  bool ok = wild.empty() ? partition_natural<true>(cards, &out, budget)
                         : partition_wild(cards - wild, wild.size(), &out, wild, budget);
  if (ok) return true;
  out.count = 0;
  return budget < 0 && find_partition_by_ranks(cards, out);
}

// Self-reduction: the lowest natural card left is the lowest natural card of its meld, so
// some meld M that holds it as its lowest natural card leaves a rest that still splits;
// the rank program finds one such M among the candidates, and the walk goes on with the
// rest. At most (cards) x (candidates) questions to the program. Wild cards are
// interchangeable, so a meld that needs k of them takes the lowest k left.
bool MeldIndex::find_partition_by_ranks(CardSet cards, MeldList& out) const {
  out.count = 0;
  if (!ranks_.can_partition(cards)) return false;
  CardSet naturals = cards - rules_.wild, pool = cards & rules_.wild;
  while (!naturals.empty()) {
    bool placed = false;
    for_each_natural_core(naturals, naturals.lowest(), pool.size(), [&](CardSet m, int k) {
      CardSet used, left = pool;
      for (int i = 0; i < k; ++i) used.insert(left.pop_lowest());
      if (!ranks_.can_partition((naturals - m) | left)) return true;
      out.push(m | used);
      naturals -= m;
      pool = left;
      placed = true;
      return false;
    });
    if (!placed) {  // cannot happen if the program is right: the rest split before
      out.count = 0;
      return false;
    }
  }
  split_wilds(pool, pool.size(), out);
  return true;
}

bool MeldIndex::enumerate_wild_only(CardSet wild_pool, MeldList& acc,
                                    const std::function<bool(const MeldList&)>& visit) const {
  if (wild_pool.empty()) return visit(acc);
  Card x = wild_pool.lowest();
  CardSet others = wild_pool.without(x);
  bool keep_going = true;
  for_each_subset(others, [&](CardSet g) {
    if (!keep_going) return;
    int n = g.size() + 1;
    if (!(size_ok_for_set(n) || size_ok_for_run(n))) return;
    acc.push(g.with(x));
    keep_going = enumerate_wild_only(others - g, acc, visit);
    acc.pop();
  });
  return keep_going;
}

bool MeldIndex::enumerate_wild(CardSet naturals, CardSet wild_pool, MeldList& acc,
                               const std::function<bool(const MeldList&)>& visit) const {
  if (naturals.empty()) return enumerate_wild_only(wild_pool, acc, visit);
  return for_each_natural_core(naturals, naturals.lowest(), wild_pool.size(), [&](CardSet m, int k) {
    auto with_wilds = [&](CardSet used) {
      acc.push(m | used);
      bool go_on = enumerate_wild(naturals - m, wild_pool - used, acc, visit);
      acc.pop();
      return go_on;
    };
    return for_each_combination(wild_pool, k, CardSet{}, with_wilds);
  });
}

bool MeldIndex::for_each_partition(CardSet cards, const std::function<bool(const MeldList&)>& visit) const {
  MeldList acc;
  CardSet wild = cards & rules_.wild;
  if (!wild.empty()) return enumerate_wild(cards - wild, wild, acc, visit);
  // Natural cards only: lowest card first, each split once.
  std::function<bool(CardSet)> walk = [&](CardSet rest) -> bool {
    if (rest.empty()) return visit(acc);
    for (CardSet m : from_lowest_[rest.lowest()]) {
      if (!rest.contains(m)) continue;
      acc.push(m);
      bool go_on = walk(rest - m);
      acc.pop();
      if (!go_on) return false;
    }
    return true;
  };
  return walk(cards);
}

void MeldIndex::melds_led_by(CardSet universe, Card low, std::vector<CardSet>& out) const {
  CardSet wild = universe & rules_.wild;
  CardSet above = (universe - wild) & CardSet(~std::uint64_t{0} << low);
  for_each_natural_core(above, low, wild.size(), [&](CardSet m, int k) {
    auto keep = [&](CardSet used) {
      out.push_back(m | used);
      return true;
    };
    for_each_combination(wild, k, CardSet{}, keep);
    return true;
  });
}

std::vector<CardSet> MeldIndex::melds_containing(CardSet universe, Card card) const {
  std::vector<CardSet> found;
  CardSet wild = universe & rules_.wild;
  CardSet naturals = universe - wild;
  bool card_is_wild = rules_.wild.has(card);
  CardSet lows = naturals;
  if (!card_is_wild)
    lows &=
        (deck_.rank_cards(deck_.rank_of(card)) | deck_.suit_cards(deck_.suit_of(card))) & CardSet::range(0, card + 1);
  for (Card low : lows) {
    std::size_t first = found.size();
    melds_led_by(universe, low, found);
    found.erase(std::remove_if(found.begin() + static_cast<std::ptrdiff_t>(first), found.end(),
                               [&](CardSet m) { return !m.has(card); }),
                found.end());
  }
  if (card_is_wild)  // melds of wild cards alone
    for_each_subset(wild.without(card), [&](CardSet g) {
      int n = g.size() + 1;
      if (size_ok_for_set(n) || size_ok_for_run(n)) found.push_back(g.with(card));
    });
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

}  // namespace conquian
