#include "solve/chance.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "solve/chance_search.h"

namespace conquian::solve {
namespace {

// Numerators of the two wins over n! under the reported strategy (the draw is the rest).
struct Split {
  Int128 win0 = 0, win1 = 0;
};

struct SplitEntry {
  std::int64_t win0 = 0, win1 = 0;
};

constexpr int kTurnChoice = -1;

}  // namespace

Chances ExactChances::approx() const {
  if (!split) return {};
  return {to_double(win0, denominator), to_double(draw, denominator), to_double(win1, denominator)};
}

std::string why_not_exact(const Position& pos) {
  if (pos.stock_left() <= kMaxExactUnseen) return "";
  return "the stock holds " + std::to_string(pos.stock_left()) + " unseen cards; exact values hold at most " +
         std::to_string(kMaxExactUnseen) + " (n! must fit in 128 bits)";
}

struct ChanceSolver::Impl {
  Options opt;
  ChanceSearch search;
  std::vector<std::unique_ptr<ChanceSearch>> helpers;  // opt.threads - 1, made on first use
  std::uint64_t helper_nodes = 0;                      // the helpers' nodes in this solve
  TranspositionTable<SplitEntry, PackedKey> splits;
  // One of each per depth of the outcome pass (a deque keeps them in place).
  std::deque<std::vector<Move>> move_lists;
  std::deque<std::vector<ChanceSearch::Draw>> draw_lists;
  std::deque<ChanceSearch::Node> nodes;
  std::size_t depth = 0;

  explicit Impl(const Options& o)
      : opt(o),
        search(o),
        splits(o.transposition ? std::min(ChanceSearch::kFirstTableBits - 2, std::max(10, o.table_bits - 2)) : 1,
               o.transposition ? std::max(10, o.table_bits - 2) : 1, &hash_key) {}

  // The value of `root` (seat 0's expected score times n!) by the search on opt.threads
  // threads: every thread searches the whole position, sharing one table, the helpers
  // going through the cards of each turn in the other order; the first to finish has the
  // value (every bound in the table is true, whoever stored it), and stops the others.
  // max_nodes is shared out equally. Without a table: one thread (nothing to share).
  // The first opt.solo_nodes nodes are this thread's alone: a search that small pays no
  // thread start and no locks (since a shared table grows, transposition.h, it makes no
  // measured difference: specs/solve.md, "Threads"). What the search alone found stays in
  // the table.
  Int128 exact_root(const Position& root) {
    if (opt.threads <= 1 || !opt.transposition || root.result.over()) return reported_exact(root);
    if (opt.solo_nodes > 0 && (opt.max_nodes == 0 || opt.max_nodes > opt.solo_nodes)) {
      search.set_max_nodes(opt.solo_nodes);
      try {
        const Int128 v = reported_exact(root);
        search.set_max_nodes(opt.max_nodes);
        return v;
      } catch (const BudgetExceeded&) { search.set_max_nodes(opt.max_nodes); }
    }
    const std::size_t threads = static_cast<std::size_t>(opt.threads);
    const std::uint64_t solo = search.nodes();
    // Each thread's share of what is left of max_nodes (0: no limit); the first thread
    // to use its share stops them all, as max_nodes stops one.
    const std::uint64_t budget =
        opt.max_nodes ? std::max<std::uint64_t>(1, (opt.max_nodes - std::min(solo, opt.max_nodes)) / threads) : 0;
    search.table()->share();
    while (helpers.size() + 1 < threads) {
      helpers.push_back(std::make_unique<ChanceSearch>(opt, search.table()));
      helpers.back()->set_reverse(true);
    }
    search.set_max_nodes(opt.max_nodes ? solo + budget : 0);
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::optional<Int128> value;
    std::exception_ptr failure;
    auto run = [&](ChanceSearch& s) {
      try {
        const Int128 v = s.exact(root);
        std::lock_guard<std::mutex> lock(mutex);
        if (!value) value = v;
      } catch (const BudgetExceeded&) {
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
      }
      stop.store(true);
    };
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i + 1 < threads; ++i) {
      ChanceSearch& h = *helpers[i];
      h.start(root);
      h.set_max_nodes(budget);
      h.reset_nodes();
      h.stop_when(&stop);
      pool.emplace_back([&run, &h] { run(h); });
    }
    search.stop_when(&stop);
    // This thread's search publishes its best root move so far (the helpers' would only
    // repeat it: every value in the shared table is exact or a true bound, whoever found it).
    ChanceSearch::Node n;
    search.prepare(n, root);
    search.report_best_at(n.pos.plies == root.plies ? &n : nullptr);
    try {
      const Int128 v = search.exact(n);
      std::lock_guard<std::mutex> lock(mutex);
      if (!value) value = v;
    } catch (const BudgetExceeded&) {
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
    }
    search.report_best_at(nullptr);
    stop.store(true);
    for (auto& t : pool) t.join();
    search.stop_when(nullptr);
    search.set_max_nodes(opt.max_nodes);
    for (std::size_t i = 0; i + 1 < threads; ++i) helper_nodes += helpers[i]->nodes();
    if (failure) std::rethrow_exception(failure);
    if (!value) throw BudgetExceeded{};
    return *value;
  }

  // search.exact(root), its best root move so far published to opt.report (the position's
  // only when no forced move was played into the node).
  Int128 reported_exact(const Position& root) {
    ChanceSearch::Node n;
    search.prepare(n, root);
    search.report_best_at(n.pos.plies == root.plies ? &n : nullptr);
    try {
      const Int128 v = search.exact(n);
      search.report_best_at(nullptr);
      return v;
    } catch (...) {
      search.report_best_at(nullptr);
      throw;
    }
  }

  void start(const Position& root) {
    helper_nodes = 0;
    for (auto& h : helpers) h->reset_nodes();
    search.start(root);
    splits.new_generation();  // cheap; the outcome pass is short next to the search
    depth = 0;
  }

  void grow(std::size_t d) {
    while (move_lists.size() <= d) move_lists.emplace_back(), draw_lists.emplace_back(), nodes.emplace_back();
  }

  // The reported strategy's decision at node `n`, whose value is `v`: kTurnChoice (turn a
  // card) or an index into `ms` (filled with legal_moves()); `child` is then that move's
  // node.
  int choose(const ChanceSearch::Node& n, Int128 v, std::vector<Move>& ms, ChanceSearch::Node& child) {
    const Position& p = n.pos;
    legal_moves(p, ms);
    const bool maxing = to_act(p) == 0;
    std::size_t end = ms.size();
    if (ChanceSearch::is_turn(p)) {
      end = static_cast<std::size_t>(
          std::find_if(ms.begin(), ms.end(), [](const Move& m) { return m.kind == MoveKind::Turn; }) - ms.begin());
      if (end == 0 || search.turn_value(n) == v) return kTurnChoice;
    }
    for (std::size_t i = 0; i < end; ++i) {
      Position q = p;
      apply(q, ms[i]);
      search.prepare(child, q);
      if (i + 1 == end || search.reaches(child, v, maxing)) return static_cast<int>(i);  // some move has v
    }
    return kTurnChoice;  // not reached: a decision has a move
  }

  // The chance of each win at node `n` (value `v`) under the reported strategy.
  Split split(const ChanceSearch::Node& n, Int128 v) {
    const Position& p = n.pos;
    const Int128 top = factorial(p.stock_left());
    if (p.result.over()) {
      if (p.result.kind != Outcome::Kind::Win) return {};
      return p.result.winner == 0 ? Split{top, 0} : Split{0, top};
    }
    // A certain win: the strategy's expected score is v = win0 - win1 out of top, so v = top
    // leaves no room for a draw or a loss (and v = -top none for a win).
    if (v == top) return {top, 0};
    if (v == -top) return {0, top};
    const bool use_table = search.tabled(p);
    const PackedKey key = use_table ? ChanceSearch::split_key(n) : PackedKey{};
    const std::uint64_t hash = use_table ? hash_key(key) : 0;
    if (use_table)
      if (SplitEntry e; splits.probe(hash, key, e)) return {e.win0, e.win1};
    grow(depth + 1);
    std::vector<Move>& ms = move_lists[depth];
    ChanceSearch::Node& child = nodes[depth + 1];
    const int choice = choose(n, v, ms, child);
    Split s;
    ++depth;
    if (choice == kTurnChoice) {
      std::vector<ChanceSearch::Draw>& ds = draw_lists[depth - 1];
      search.draws(n, ds);
      for (const ChanceSearch::Draw& d : ds) {
        Position q = p;
        apply(q, turn_of(p, d.card));
        search.prepare(child, q);
        Split c = split(child, search.exact(child));
        s.win0 += d.weight * c.win0;
        s.win1 += d.weight * c.win1;
      }
    } else {
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
    grow(0);
    ChanceSearch::Node& root = nodes[0];
    search.prepare(root, p);
    c.expected = search.exact(root);
    if (outcomes) {
      Split s = split(root, c.expected);
      c.split = true;
      c.win0 = s.win0, c.win1 = s.win1, c.draw = c.denominator - s.win0 - s.win1;
    }
    return c;
  }

  // The strategy's moves from `p` (value `v`) until the deal ends or a card is turned from
  // an unknown stock, forced moves included.
  std::vector<Move> line(Position p, Int128 v) {
    std::vector<Move> out;
    std::vector<Move> ms;
    grow(1);
    while (!p.result.over()) {
      legal_moves(p, ms);
      if (ms.size() == 1 && !ChanceSearch::is_turn(p)) {  // no decision, but a move of the line
        out.push_back(ms.front());
        apply(p, ms.front());
        continue;
      }
      ChanceSearch::Node& here = nodes[0];
      search.prepare(here, p);  // a decision: stays p
      const int choice = choose(here, v, ms, nodes[1]);
      if (choice != kTurnChoice) {
        out.push_back(ms[static_cast<std::size_t>(choice)]);
      } else {
        if (!p.stock_known) break;
        out.push_back(turn_of(p, p.stock[p.stock_top]));
        v /= p.stock_left();  // the one draw of a known stock has weight n
      }
      apply(p, out.back());
    }
    return out;
  }
};

ChanceSolver::ChanceSolver(Options options) : impl_(std::make_unique<Impl>(options)) {}
ChanceSolver::~ChanceSolver() = default;

void ChanceSolver::reset_nodes() { impl_->search.reset_nodes(); }
void ChanceSolver::on_progress(std::function<bool(std::uint64_t)> f) {
  if (!f) return impl_->search.on_progress({});
  // The main search calls it; the helpers' nodes (as they last published them) are added.
  impl_->search.on_progress([impl = impl_.get(), f = std::move(f)](std::uint64_t nodes) {
    for (const auto& h : impl->helpers) nodes += h->published_nodes();
    return f(nodes);
  });
}
std::uint64_t ChanceSolver::nodes() const { return impl_->search.nodes(); }

void ChanceSolver::proved_bounds(const Position& pos, int depth, Int128& lower, Int128& upper) {
  impl_->search.start(pos);
  impl_->search.proved_bounds(pos, depth, lower, upper);
}

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
  bool value_known = false;
  try {
    r.exact.denominator = factorial(pos.stock_left());
    r.exact.expected = s.exact_root(pos);
    value_known = true;
    search_nodes = s.search.nodes() + s.helper_nodes;
    if (request.outcomes) r.exact = s.value(pos, true);
    r.value = r.exact.approx();
    r.line = s.line(pos, r.exact.expected);
    if (!r.line.empty()) r.best = r.line.front();
    if (request.all_moves && !pos.result.over()) {
      std::vector<Move> root_moves;
      legal_moves(pos, root_moves);
      const Int128 n = pos.stock_left();
      for (const Move& m : root_moves) {
        Position child = pos;
        apply(child, m);
        // After a turn the value is over (n-1)!: times n, it is over the root's n!.
        const Int128 scale = m.kind == MoveKind::Turn ? n : 1;
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
  } catch (const BudgetExceeded&) { r.solved = false; }
  if (r.solved || value_known) {
    // Stopped in the outcome pass (or the line), after the value: the value is proved.
    r.proved_lower = r.proved_upper = r.exact.expected;
  } else {
    // What the table proves, deeper while it is cheap next to the search (each level costs
    // about ten to twenty times the one before: measured on decline-regroup after 48
    // million nodes, 4 ms at depth 4, 0.07 s at 5, 0.9 s at 6, 9 s at 7). Stopped by its
    // flag (`conquian engine`'s stop and movetime), the answer is wanted now: 5 ms then,
    // which still reads depth 2 and 3 and mostly 4.
    const bool stopped = s.opt.interrupted();
    const double searched = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double allowed = stopped ? 0.005 : std::max(0.2, 0.1 * searched);
    double spent = 0, last = 0;
    if (request.bound_depth > 0) s.search.proved_bounds(pos, request.bound_depth, r.proved_lower, r.proved_upper);
    for (int depth = 2; request.bound_depth == 0 && depth <= 12 && spent + 20 * last <= allowed; ++depth) {
      const auto t1 = std::chrono::steady_clock::now();
      s.search.proved_bounds(pos, depth, r.proved_lower, r.proved_upper);
      last = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
      spent += last;
      if (r.proved_lower == r.proved_upper) break;
    }
  }
  r.nodes = s.search.nodes() + s.helper_nodes;
  r.outcome_nodes = r.solved ? r.nodes - search_nodes : 0;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::optional<Value> Chances::certain() const {
  const double eps = 1e-9;
  if (win0 > 1 - eps) return Value{Outcome::Kind::Win, 0, 0};
  if (win1 > 1 - eps) return Value{Outcome::Kind::Win, 1, 0};
  if (draw > 1 - eps) return Value{Outcome::Kind::Draw, -1, 0};
  return std::nullopt;
}

}  // namespace conquian::solve
