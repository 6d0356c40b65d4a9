#include "solve/solver.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <climits>
#include <deque>

#include "solve/move_order.h"
#include "solve/transposition.h"

namespace conquian::solve {
namespace {

enum class Bound : std::uint8_t { Int128, Lower, Upper };

struct KnownEntry {
  std::int16_t score = 0;
  std::uint16_t best = 0;  // index into legal_moves(), 0xFFFF: none
  Bound bound = Bound::Int128;
};

constexpr int kInfinity = INT_MAX / 2;
static_assert(sizeof(TranspositionTable<KnownEntry>::Entry) == 64, "one entry, one cache line");

}  // namespace

Value value_of_score(int score) {
  Value v;
  if (score == 0) return v;
  v.kind = Outcome::Kind::Win;
  v.winner = score > 0 ? 0 : 1;
  v.plies = kWinScore - std::abs(score);
  return v;
}

int score_of_outcome(const Outcome& o) {
  if (o.kind != Outcome::Kind::Win) return 0;
  return o.winner == 0 ? kWinScore : -kWinScore;
}

std::string why_unsolvable(const Position& pos) {
  if (pos.seats() != 2)
    return "the solver handles two seats only: with " + std::to_string(pos.seats()) +
           " seats a deal has no single minimax value (a seat that cannot win may help either of the others, and "
           "the rules say nothing of coalitions)";
  if (pos.phase == Phase::Swap)
    return "the position is in the swap, where every seat chooses a card face down at the same time; solve a "
           "position after the swap";
  return "";
}

struct Solver::Impl {
  Options opt;
  TranspositionTable<KnownEntry> table;
  std::deque<std::vector<Move>> moves;  // one list per depth (a deque keeps references)
  std::deque<std::vector<int>> orders;
  History history;
  std::uint64_t nodes = 0;
  std::size_t depth = 0;
  bool reporting_root = false;  // the root's own search (not the line's nor all_moves'): publish its best

  explicit Impl(const Options& o) : opt(o), table(o.transposition ? o.table_bits : 1) {}

  // A parent's score from its child's: one ply further from the end.
  int back(int s) const {
    if (!opt.fastest_win) return s;
    return s > 0 ? s - 1 : s < 0 ? s + 1 : 0;
  }
  // The child's bound that stands for a parent's bound (back(forward(b)) == b).
  int forward(int b) const {
    if (!opt.fastest_win) return b;
    return b > 0 ? b + 1 : b < 0 ? b - 1 : 0;
  }

  std::vector<Move>& moves_at(std::size_t d) {
    while (moves.size() <= d) moves.emplace_back(), orders.emplace_back();
    return moves[d];
  }

  std::uint64_t hash_of(const Position& p) const { return opt.transposition && !p.result.over() ? p.hash() : 0; }

  // The score of `p` (whose hash_of() is `hash`) if it lies strictly between alpha and beta;
  // else a bound on the same side (fail-soft).
  int search(const Position& p, std::uint64_t hash, int alpha, int beta) {
    if (opt.max_nodes && nodes >= opt.max_nodes) throw BudgetExceeded{};
    if ((nodes & 0x3FF) == 0) {
      if (opt.report) opt.report->nodes.store(nodes, std::memory_order_relaxed);
      if (opt.interrupted()) throw BudgetExceeded{};
    }
    ++nodes;
    if (p.result.over()) return score_of_outcome(p.result);
    const bool maxing = to_act(p) == 0;
    StateKey key;
    int tt_best = -1;
    if (opt.transposition) {
      key = state_key(p);
      if (const KnownEntry* e = table.find(hash, key)) {
        int s = e->score;
        if (e->bound == Bound::Int128 || (e->bound == Bound::Lower && s >= beta) ||
            (e->bound == Bound::Upper && s <= alpha))
          return s;
        if (e->best != 0xFFFF) tt_best = e->best;
      }
    }
    std::vector<Move>& ms = moves_at(depth);
    std::vector<int>& order = orders[depth];
    legal_moves(p, ms);
    order_moves(p, ms, opt.ordering, tt_best, opt.ordering ? &history : nullptr, order);

    const std::uint64_t before = nodes;
    int best = maxing ? -kInfinity : kInfinity, best_index = -1;
    int a = alpha, b = beta;
    ++depth;
    // Each child is made one step ahead and its table bucket prefetched, so that the memory
    // access overlaps the search of the previous child.
    Position children[2];
    std::uint64_t hashes[2];
    auto prepare = [&](std::size_t k, int slot) {
      children[slot] = p;
      apply(children[slot], ms[static_cast<std::size_t>(order[k])]);
      hashes[slot] = hash_of(children[slot]);
      if (hashes[slot]) table.prefetch(hashes[slot]);
    };
    prepare(0, 0);
    for (std::size_t k = 0; k < order.size(); ++k) {
      const int slot = static_cast<int>(k & 1);
      if (k + 1 < order.size()) prepare(k + 1, slot ^ 1);
      const int i = order[k];
      int s = back(search(children[slot], hashes[slot], forward(a), forward(b)));
      if (maxing ? s > best : s < best) {
        best = s, best_index = i;
        // At the root the window is full: a better move's score is its value.
        if (depth == 1 && reporting_root && opt.report)
          opt.report->publish_best(ms[static_cast<std::size_t>(i)], s > 0 ? 1 : s < 0 ? -1 : 0);
      }
      if (maxing) a = std::max(a, best);
      else b = std::min(b, best);
      if (a >= b) {
        history.reward(ms[static_cast<std::size_t>(i)], 1);
        break;
      }
    }
    --depth;
    if (opt.transposition) {
      KnownEntry e;
      e.score = static_cast<std::int16_t>(best);
      e.best = static_cast<std::uint16_t>(best_index < 0 || best_index >= 0xFFFF ? 0xFFFF : best_index);
      e.bound = best <= alpha ? Bound::Upper : best >= beta ? Bound::Lower : Bound::Int128;
      table.store(hash, key, e, work_of(nodes - before));
    }
    return best;
  }

  int exact(const Position& p) { return search(p, hash_of(p), -kInfinity, kInfinity); }

  // Whether the child's score is exactly `want` (a narrow search around it).
  bool child_scores(const Position& child, int want) {
    int s = search(child, hash_of(child), want - 1, want + 1);
    return s == want;
  }

  // Follows moves that keep the value, from `root` (score `score`) to the end.
  std::vector<Move> principal_variation(const Position& root, int score) {
    std::vector<Move> line;
    Position p = root;
    std::vector<Move> ms;
    std::vector<int> order;
    while (!p.result.over()) {
      legal_moves(p, ms);
      int tt_best = -1;
      if (opt.transposition)
        if (const KnownEntry* e = table.find(p.hash(), state_key(p)); e && e->best != 0xFFFF) tt_best = e->best;
      order_moves(p, ms, opt.ordering, tt_best, nullptr, order);
      // `score` is p's exact value (the root's from exact(), then a child's that scored it
      // exactly), so some move keeps it: the line always reaches the end.
      const int want = forward(score);
      [[maybe_unused]] bool found = false;
      for (int i : order) {
        Position child = p;
        apply(child, ms[static_cast<std::size_t>(i)]);
        if (child_scores(child, want)) {
          line.push_back(ms[static_cast<std::size_t>(i)]);
          p = child;
          score = want;
          found = true;
          break;
        }
      }
      assert(found);
    }
    return line;
  }
};

Solver::Solver(Options options) : options_(options), impl_(new Impl(options)) {}
Solver::~Solver() { delete impl_; }

int Solver::score(const Position& pos) {
  impl_->history = History{};  // each search starts afresh: the same position, the same line
  impl_->nodes = 0;
  impl_->depth = 0;
  impl_->table.new_generation();
  return impl_->exact(pos);
}

std::uint64_t Solver::last_nodes() const { return impl_->nodes; }

int Solver::score_same_deal(const Position& pos) {
  impl_->nodes = 0;
  impl_->depth = 0;
  return impl_->exact(pos);
}

Result Solver::solve(const Position& pos, bool all_moves) {
  auto t0 = std::chrono::steady_clock::now();
  Result r;
  Impl& s = *impl_;
  s.nodes = 0;
  s.depth = 0;
  s.history = History{};
  s.table.new_generation();
  try {
    s.reporting_root = true;
    int score = s.exact(pos);
    s.reporting_root = false;
    r.value = value_of_score(score);
    r.line = s.principal_variation(pos, score);
    if (!r.line.empty()) r.best = r.line.front();
    r.value.plies = static_cast<int>(r.line.size());
    if (all_moves && !pos.result.over()) {
      std::vector<Move> ms;
      legal_moves(pos, ms);
      for (const Move& m : ms) {
        Position child = pos;
        apply(child, m);
        MoveValue mv{m, value_of_score(s.back(s.exact(child)))};
        if (!s.opt.fastest_win) mv.value.plies = 0;
        r.moves.push_back(mv);
      }
      std::stable_sort(r.moves.begin(), r.moves.end(), [&](const MoveValue& x, const MoveValue& y) {
        auto key = [&](const Value& v) {
          int sc = v.kind == Outcome::Kind::Draw ? 0 : (v.winner == 0 ? kWinScore - v.plies : -(kWinScore - v.plies));
          return to_act(pos) == 0 ? -sc : sc;
        };
        return key(x.value) < key(y.value);
      });
    }
    r.solved = true;
  } catch (const BudgetExceeded&) { r.solved = false; }
  s.reporting_root = false;
  r.nodes = s.nodes;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

namespace {

int plain(const Position& p, bool distance, std::uint64_t* nodes) {
  if (nodes) ++*nodes;
  if (p.result.over()) return score_of_outcome(p.result);
  std::vector<Move> ms;
  legal_moves(p, ms);
  const bool maxing = to_act(p) == 0;
  int best = maxing ? -kInfinity : kInfinity;
  for (const Move& m : ms) {
    Position child = p;
    apply(child, m);
    int s = plain(child, distance, nodes);
    if (distance) s = s > 0 ? s - 1 : s < 0 ? s + 1 : 0;
    best = maxing ? std::max(best, s) : std::min(best, s);
  }
  return best;
}

}  // namespace

int plain_minimax(const Position& pos, std::uint64_t* nodes) {
  int s = plain(pos, false, nodes);
  return s > 0 ? 1 : s < 0 ? -1 : 0;
}

int plain_minimax_score(const Position& pos, std::uint64_t* nodes) { return plain(pos, true, nodes); }

}  // namespace conquian::solve
