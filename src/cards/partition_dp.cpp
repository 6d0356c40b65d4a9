#include "cards/partition_dp.h"

#include <algorithm>

namespace conquian {
namespace {

// The bits lo..hi (empty when lo > hi).
std::uint64_t bits_between(int lo, int hi) {
  std::uint64_t m = 0;
  for (int i = std::max(lo, 0); i <= hi && i < 64; ++i) m |= std::uint64_t{1} << i;
  return m;
}

// Two layers of states, each a dense array of wild-count masks with the list of the states
// reached, reused by every call on this thread (the arrays are all zero between calls).
struct Layers {
  std::vector<std::uint64_t> mask[2];
  std::vector<std::uint32_t> reached[2];

  void prepare(std::size_t states) {
    for (auto& m : mask)
      if (m.size() < states) m.resize(states, 0);
  }
};

thread_local Layers layers;

}  // namespace

RankProgram::RankProgram(const Deck& deck, const MeldRules& rules)
    : ranks_(deck.rank_count()), suits_(deck.suit_count()), wild_(rules.wild) {
  const int set_lo = rules.set_min, set_hi = rules.set_cap(deck);
  const int run_lo = rules.run_min, run_cap = rules.run_cap(deck);
  if (run_lo > run_cap) run_keep_ = 0;  // no run fits the deck
  else if (run_cap >= 2 * run_lo - 1) run_keep_ = run_lo, open_ended_ = true;
  else run_keep_ = run_cap;
  base_ = run_keep_ + 1;
  place_[0] = 1;
  for (int s = 1; s <= suits_; ++s) place_[s] = place_[s - 1] * base_;
  states_ = static_cast<std::size_t>(suits_ + 1) * static_cast<std::size_t>(place_[suits_]);
  // k natural cards of a rank split into sets, each with at least one natural card.
  set_wilds_[0] = 1;
  for (int k = 1; k <= suits_; ++k)
    for (int first = 1; first <= k; ++first)  // natural cards in one of the sets
      set_wilds_[k] |= shift_by(set_wilds_[k - first], bits_between(set_lo - first, set_hi - first), ~0ULL);
  close_wilds_.assign(static_cast<std::size_t>(base_), 0);
  for (int span = 1; span <= run_keep_; ++span)
    close_wilds_[span] = bits_between(run_lo - span, open_ended_ ? 63 : run_cap - span);
  auto alone_ok = [&](int n) { return (n >= set_lo && n <= set_hi) || (n >= run_lo && n <= run_cap); };
  wild_only_[0] = true;
  for (int n = 1; n <= kMaxCards; ++n)
    for (int part = 1; part <= n && !wild_only_[n]; ++part) wild_only_[n] = alone_ok(part) && wild_only_[n - part];
}

std::uint64_t RankProgram::shift_by(std::uint64_t mask, std::uint64_t add, std::uint64_t limit) {
  std::uint64_t out = 0;
  for (CardSet a(add & limit); !a.empty();) out |= mask << a.pop_lowest();  // larger adds pass the limit
  return out & limit;
}

bool RankProgram::can_partition(CardSet cards) const {
  const CardSet naturals = cards - wild_;
  const int wilds = (cards & wild_).size();
  if (naturals.empty()) return wild_only_[wilds];
  const std::uint64_t limit = wilds >= 63 ? ~0ULL : (std::uint64_t{1} << (wilds + 1)) - 1;
  const std::size_t layer = static_cast<std::size_t>(place_[suits_]);  // states of one set count
  layers.prepare(states_);
  int now = 0;
  auto& start = layers.reached[now];
  start.clear();
  start.push_back(0);
  layers.mask[now][0] = 1;

  // The lowest and highest ranks holding a natural card: before them nothing happens, after
  // them open runs only close.
  int first = ranks_, last = -1;
  for (Card c : naturals) {
    int r = c % ranks_;
    first = std::min(first, r);
    last = std::max(last, r);
  }
  for (int r = first; r <= last; ++r) {
    for (int s = 0; s < suits_; ++s) {
      const bool natural = naturals.has(static_cast<Card>(s * ranks_ + r));
      const bool rank_done = s == suits_ - 1;
      const int next = 1 - now;
      auto& from = layers.mask[now];
      auto& to = layers.mask[next];
      auto& reached = layers.reached[next];
      reached.clear();
      // A state with `sent` natural cards of this rank in sets so far; at the rank's last
      // suit they split into sets.
      auto emit = [&](std::size_t runs, int sent, std::uint64_t m) {
        std::size_t idx = runs;
        if (rank_done) m = shift_by(m, set_wilds_[sent], limit);
        else idx += static_cast<std::size_t>(sent) * layer;
        if (m == 0) return;
        if (to[idx] == 0) reached.push_back(static_cast<std::uint32_t>(idx));
        to[idx] |= m;
      };
      for (std::uint32_t idx : layers.reached[now]) {
        const std::uint64_t m = from[idx];
        from[idx] = 0;
        const std::size_t runs = idx % layer;
        const int sent = static_cast<int>(idx / layer);
        const int open = static_cast<int>(runs / place_[s] % base_);
        const std::size_t others = runs - static_cast<std::size_t>(open) * place_[s];
        if (open > 0 && (open < run_keep_ || open_ended_)) {
          const int grown = std::min(open + 1, run_keep_);
          const std::size_t longer = others + static_cast<std::size_t>(grown) * place_[s];
          if (natural) emit(longer, sent, m);              // the run takes this rank's card
          emit(longer, sent + natural, (m << 1) & limit);  // a wild card stands in the run
        }
        // No run goes on through this rank: the open one (if any) closes before it.
        const std::uint64_t closed = open > 0 ? shift_by(m, close_wilds_[open], limit) : m;
        if (closed == 0) continue;
        if (!natural) {
          emit(others, sent, closed);
          continue;
        }
        emit(others, sent + 1, closed);                             // into a set
        if (run_keep_ > 0) emit(others + place_[s], sent, closed);  // opens a run
      }
      now = next;
    }
  }
  // Close every run still open; the wild cards not used must make melds on their own.
  std::uint64_t used = 0;
  for (std::uint32_t idx : layers.reached[now]) {
    std::uint64_t m = layers.mask[now][idx];
    layers.mask[now][idx] = 0;
    for (int s = 0; s < suits_ && m != 0; ++s) {
      int open = static_cast<int>(idx / place_[s] % base_);
      if (open > 0) m = shift_by(m, close_wilds_[open], limit);
    }
    used |= m;
  }
  for (CardSet u(used); !u.empty();)
    if (wild_only_[wilds - u.pop_lowest()]) return true;
  return false;
}

}  // namespace conquian
