#include "solve/chance.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <cstdio>
#include <cstdlib>

#include "solve/chance_search.h"

namespace conquian::solve {
namespace {

double ratio(Exact num, Exact den) { return static_cast<double>(static_cast<long double>(num) / static_cast<long double>(den)); }

// Numerators of the two wins over n! under the reported strategy (the draw is the rest).
struct Split {
  Exact win0 = 0, win1 = 0;
};

struct SplitEntry {
  std::int64_t win0 = 0, win1 = 0;
};

constexpr int kTurnChoice = -1;

}  // namespace

Chances ExactChances::approx() const {
  if (!split) return {};
  return {ratio(win0, denominator), ratio(draw, denominator), ratio(win1, denominator)};
}

double ExactChances::expected_score() const { return ratio(expected, denominator); }

std::string why_not_exact(const Position& pos) {
  if (pos.stock_left() <= kMaxExactUnseen) return "";
  return "the stock holds " + std::to_string(pos.stock_left()) + " unseen cards; exact values hold at most " +
         std::to_string(kMaxExactUnseen) + " (n! must fit in 128 bits)";
}

struct ChanceSolver::Impl {
  Options opt;
  ChanceSearch search;
  TranspositionTable<SplitEntry> splits;
  std::deque<std::vector<Move>> move_lists;  // one per depth of the outcome pass
  std::deque<std::vector<ChanceSearch::Draw>> draw_lists;
  std::size_t depth = 0;
  std::uint64_t split_misses = 0;
  ~Impl() { if (std::getenv("CHANCE_STATS")) std::fprintf(stderr, "split misses %llu\n", (unsigned long long)split_misses); }

  explicit Impl(const Options& o)
      : opt(o),
        search(o),
        splits(o.transposition ? std::max(10, o.table_bits - 2) : 1, TranspositionTable<SplitEntry>::Memory::Lazy) {}

  void start(const Position& root) {
    search.start(root);
    splits.new_generation();  // cheap; the outcome pass is short next to the search
    depth = 0;
  }

  std::vector<Move>& moves_at(std::size_t d) {
    while (move_lists.size() <= d) move_lists.emplace_back(), draw_lists.emplace_back();
    return move_lists[d];
  }

  // The reported strategy's decision at `p`, whose value is `v`: kTurnChoice (turn a card)
  // or an index into `ms` (filled with legal_moves(p)).
  int choose(const Position& p, Exact v, std::vector<Move>& ms) {
    legal_moves(p, ms);
    const bool maxing = to_act(p) == 0;
    std::size_t end = ms.size();
    if (ChanceSearch::is_turn(p)) {
      end = static_cast<std::size_t>(
          std::find_if(ms.begin(), ms.end(), [](const Move& m) { return m.kind == MoveKind::Turn; }) - ms.begin());
      if (end == 0 || search.turn_value(p) == v) return kTurnChoice;
    }
    for (std::size_t i = 0; i < end; ++i) {
      if (i + 1 == end) return static_cast<int>(i);  // some move has the value
      Position child = p;
      apply(child, ms[i]);
      if (search.reaches(child, v, maxing)) return static_cast<int>(i);
    }
    return kTurnChoice;  // not reached: a decision has a move
  }

  // The chance of each win at `p` (value `v`) under the reported strategy.
  Split split(const Position& p, Exact v) {
    const Exact top = factorial(p.stock_left());
    if (p.result.over()) {
      if (p.result.kind != Outcome::Kind::Win) return {};
      return p.result.winner == 0 ? Split{top, 0} : Split{0, top};
    }
    const bool use_table = search.tabled(p);
    StateKey key;
    std::uint64_t hash = 0;
    if (use_table) {
      key = search.key_of(p);
      hash = hash_key(key);
      if (const SplitEntry* e = splits.probe(hash, key)) return {e->win0, e->win1};
    }
    split_misses++;
    std::vector<Move>& ms = moves_at(depth);
    const int choice = choose(p, v, ms);
    Split s;
    ++depth;
    if (choice == kTurnChoice) {
      std::vector<ChanceSearch::Draw>& ds = draw_lists[depth - 1];
      search.draws(p, ds);
      for (const ChanceSearch::Draw& d : ds) {
        Position child = p;
        apply(child, turn_of(p, d.card));
        Split c = split(child, search.exact(child));
        s.win0 += d.weight * c.win0;
        s.win1 += d.weight * c.win1;
      }
    } else {
      Position child = p;
      apply(child, ms[static_cast<std::size_t>(choice)]);
      s = split(child, v);
    }
    --depth;
    if (use_table)
      splits.store(hash, key, SplitEntry{static_cast<std::int64_t>(s.win0), static_cast<std::int64_t>(s.win1)}, 0);
    return s;
  }

  static Move turn_of(const Position& p, Card card) {
    Move m;
    m.kind = MoveKind::Turn;
    m.seat = p.actor;
    m.card = card;
    return m;
  }

  ExactChances value(const Position& p, bool outcomes) {
    ExactChances c;
    c.denominator = factorial(p.stock_left());
    c.expected = search.exact(p);
    if (outcomes) {
      Split s = split(p, c.expected);
      c.split = true;
      c.win0 = s.win0, c.win1 = s.win1, c.draw = c.denominator - s.win0 - s.win1;
    }
    return c;
  }
};

ChanceSolver::ChanceSolver(Options options) : impl_(std::make_unique<Impl>(options)) {}
ChanceSolver::~ChanceSolver() = default;

void ChanceSolver::reset_nodes() { impl_->search.reset_nodes(); }
void ChanceSolver::on_progress(std::function<bool(std::uint64_t)> f) { impl_->search.on_progress(std::move(f)); }
std::uint64_t ChanceSolver::nodes() const { return impl_->search.nodes(); }

ExactChances ChanceSolver::exact_value(const Position& pos, bool outcomes) {
  impl_->start(pos);
  return impl_->value(pos, outcomes);
}

Chances ChanceSolver::value(const Position& pos) { return exact_value(pos, true).approx(); }

ChanceResult ChanceSolver::solve(const Position& pos, const ChanceRequest& request) {
  auto t0 = std::chrono::steady_clock::now();
  Impl& s = *impl_;
  ChanceResult r;
  s.search.reset_nodes();
  s.start(pos);
  std::uint64_t search_nodes = 0;
  try {
    r.exact.denominator = factorial(pos.stock_left());
    r.exact.expected = s.search.exact(pos);
    search_nodes = s.search.nodes();
    if (request.outcomes) r.exact = s.value(pos, true);
    r.value = r.exact.approx();
    // The line: the strategy's decisions until the deal ends or a card is turned.
    Position p = pos;
    std::vector<Move> ms;
    Exact v = r.exact.expected;
    while (!p.result.over()) {
      const int choice = s.choose(p, v, ms);
      if (choice != kTurnChoice) {
        r.line.push_back(ms[static_cast<std::size_t>(choice)]);
      } else {
        if (!p.stock_known) break;
        r.line.push_back(Impl::turn_of(p, p.stock[p.stock_top]));
        v /= p.stock_left();  // the one draw of a known stock has weight n
      }
      apply(p, r.line.back());
    }
    if (!r.line.empty()) r.best = r.line.front();
    if (request.all_moves && !pos.result.over()) {
      std::vector<Move> root_moves;
      legal_moves(pos, root_moves);
      const Exact n = pos.stock_left();
      for (const Move& m : root_moves) {
        Position child = pos;
        apply(child, m);
        // After a turn the value is over (n-1)!: times n, it is over the root's n!.
        const Exact scale = m.kind == MoveKind::Turn ? n : 1;
        ExactChances c = s.value(child, request.outcomes);
        c.denominator *= scale, c.expected *= scale, c.win0 *= scale, c.draw *= scale, c.win1 *= scale;
        r.moves.push_back({m, c.approx(), c});
      }
      const bool maxing = to_act(pos) == 0;
      std::stable_sort(r.moves.begin(), r.moves.end(), [&](const ChanceMoveValue& a, const ChanceMoveValue& b) {
        return maxing ? a.exact.expected > b.exact.expected : a.exact.expected < b.exact.expected;
      });
    }
    r.solved = true;
  } catch (const BudgetExceeded&) {
    r.solved = false;
  }
  r.nodes = s.search.nodes();
  r.outcome_nodes = r.solved ? r.nodes - search_nodes : 0;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace conquian::solve
