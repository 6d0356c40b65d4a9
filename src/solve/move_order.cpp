#include "solve/move_order.h"

#include <algorithm>
#include <array>
#include <numeric>

namespace conquian::solve {
namespace {

// Whether another seat than `seat` could take `card` (meld it with its hand or table).
class GiftCache {
 public:
  explicit GiftCache(const Position& p) : p_(p) {}
  bool gift(int seat, Card card) {
    std::uint8_t& c = cache_[card];
    if (c == 0) {
      bool fits = false;
      for (int o = 0; o < p_.seats() && !fits; ++o)
        if (o != seat) {
          take_tables(p_, o, card, false, tables_);  // every card is known: can it take it?
          fits = !tables_.empty();
        }
      c = fits ? 2 : 1;
    }
    return c == 2;
  }

 private:
  const Position& p_;
  std::array<std::uint8_t, kMaxCards> cache_{};
  std::vector<CardSet> tables_;
};

}  // namespace

void order_moves(const Position& p, const std::vector<Move>& moves, bool enabled, int table_best,
                 const History* history, std::vector<int>& order) {
  order.resize(moves.size());
  std::iota(order.begin(), order.end(), 0);
  if (!enabled || moves.size() < 2) return;
  GiftCache gifts(p);
  thread_local std::vector<long> key;  // reused: no allocation per node
  key.resize(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    long k = 0;
    switch (m.kind) {
      case MoveKind::Take: {
        if (m.table.size() >= p.rules->target) {
          k = 1'000'000'000;
          break;
        }
        k = 10'000'000 + 100'000L * (m.table.size() - p.table[m.seat].size());
        if (m.discard != kNoCard && gifts.gift(m.seat, m.discard)) k -= 50'000;
        if (history) k += std::min<long>(history->count[History::index(m)], 40'000);
        if (m.other != 0xFF) k += 20;  // a hit costs the other seat a card
        break;
      }
      case MoveKind::Force: k = 5'000'000; break;  // measured: trying the force before the waive saves nodes
      case MoveKind::Lay: k = 4'000'000; break;
      case MoveKind::Throw: k = gifts.gift(m.seat, m.card) ? -50'000 : 0; break;
      default: k = 0; break;
    }
    if (static_cast<int>(i) == table_best) k = 2'000'000'000;
    key[i] = k;
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return key[static_cast<std::size_t>(a)] > key[static_cast<std::size_t>(b)]; });
}

}  // namespace conquian::solve
