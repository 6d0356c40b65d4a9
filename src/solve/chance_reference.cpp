// PlainExpectimax (chance_reference.h): the reference the tests hold ChanceSolver to.
#include <unordered_map>

#include "solve/chance_reference.h"
#include "solve/transposition.h"

namespace conquian::solve {
namespace {

// Seat 0's expected score and the chance of each win, numerators over n!.
struct PlainValue {
  Int128 expected = 0, win0 = 0, win1 = 0;
};

struct KeyHash {
  std::size_t operator()(const StateKey& k) const { return hash_key(k); }
};

}  // namespace

struct PlainExpectimax::Memo {
  std::unordered_map<StateKey, PlainValue, KeyHash> results;  // no bounds: nothing is pruned
  std::uint64_t nodes = 0;

  PlainValue eval(const Position& p) {
    ++nodes;
    const int n = p.stock_left();
    const Int128 top = factorial(n);
    if (p.result.over()) {
      if (p.result.kind != Outcome::Kind::Win) return {};
      return p.result.winner == 0 ? PlainValue{top, top, 0} : PlainValue{-top, 0, top};
    }
    const StateKey key = state_key(p);
    if (auto it = results.find(key); it != results.end()) return it->second;
    std::vector<Move> ms;
    legal_moves(p, ms);
    const bool maxing = to_act(p) == 0;
    PlainValue best;
    bool have = false;
    if (p.phase == Phase::Turn) {
      // The turn first: the sum over every card (a known stock: its one card, n times).
      for (const Move& m : ms)
        if (m.kind == MoveKind::Turn) {
          Position child = p;
          apply(child, m);
          PlainValue c = eval(child);
          const Int128 times = p.stock_known ? n : 1;
          best.expected += times * c.expected, best.win0 += times * c.win0, best.win1 += times * c.win1;
        }
      have = true;
    }
    for (const Move& m : ms) {
      if (m.kind == MoveKind::Turn) continue;
      Position child = p;
      apply(child, m);
      PlainValue c = eval(child);
      if (!have || (maxing ? c.expected > best.expected : c.expected < best.expected)) best = c;
      have = true;
    }
    results.emplace(key, best);
    return best;
  }
};

PlainExpectimax::PlainExpectimax() : memo_(std::make_unique<Memo>()) {}
PlainExpectimax::~PlainExpectimax() = default;
std::uint64_t PlainExpectimax::nodes() const { return memo_->nodes; }

ExactChances PlainExpectimax::value(const Position& pos) {
  PlainValue v = memo_->eval(pos);
  ExactChances c;
  c.denominator = factorial(pos.stock_left());
  c.expected = v.expected;
  c.split = true;
  c.win0 = v.win0, c.win1 = v.win1, c.draw = c.denominator - v.win0 - v.win1;
  return c;
}

}  // namespace conquian::solve
