#include "solve/pimc.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include "base/parallel_for.h"
#include "solve/chance.h"
#include "solve/endgame_game.h"
#include "solve/solver.h"

namespace conquian::solve {
namespace {

// One world's results for every choice, from the seat's side.
struct WorldResult {
  bool solved = false;
  bool exact = false;
  bool skipped = false;  // not begun: the total budget was spent
  std::vector<double> win, draw, loss;
  std::vector<double> var;  // variance of this world's estimate of `expected` (0 when exact)
  std::uint64_t nodes = 0;

  void size(std::size_t n) { win.assign(n, 0), draw.assign(n, 0), loss.assign(n, 0), var.assign(n, 0); }
};

// Outcome chances turned to the seat's side.
void put(WorldResult& r, std::size_t i, const Chances& c, int seat) {
  r.win[i] = seat == 0 ? c.win0 : c.win1;
  r.loss[i] = seat == 0 ? c.win1 : c.win0;
  r.draw[i] = c.draw;
}

Position with_stock_order(const Position& world, Rng& rng) {
  Position p = world;
  std::vector<Card> order;
  for (Card c : world.unseen()) order.push_back(c);
  for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
  p.stock_known = true;
  p.stock_top = 0;
  p.stock_end = static_cast<std::uint8_t>(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) p.stock[k] = order[k];
  return p;
}

// A seed of its own for each world's stock orders, apart from the worlds' own draws.
constexpr std::uint64_t kOrderStream = 0x6f72646572733a31ULL;

}  // namespace

bool is_blind_turn(const Move& m) { return m.kind == MoveKind::Turn && m.card == kNoCard; }

bool is_choice(const Move& choice, const Move& m) {
  return is_blind_turn(choice) ? m.kind == MoveKind::Turn : same_public_move(choice, m);
}

std::vector<Move> choices_at(const Position& pos) {
  std::vector<Move> legal, out;
  if (pos.result.over()) return out;
  legal_moves(pos, legal);
  bool turn = false;
  for (const Move& m : legal) {
    if (m.kind == MoveKind::Turn && !pos.stock_known) {
      turn = true;
      continue;
    }
    out.push_back(m);
  }
  if (turn) {
    Move t;
    t.kind = MoveKind::Turn;
    t.seat = static_cast<std::uint8_t>(to_act(pos));
    t.card = kNoCard;
    out.push_back(t);
  }
  return out;
}

std::vector<Move> seat_choices(const SeatView& view) { return choices_at(view.pos); }

std::string why_not_pimc(const SeatView& view) {
  const Position& p = view.pos;
  if (std::string why = why_unsolvable(p); !why.empty()) return why;
  if (p.result.over()) return "the deal is already over";
  if (std::string why = why_impossible(view); !why.empty()) return "an impossible view: " + why;
  if (to_act(p) != view.seat)
    return "it is seat " + std::to_string(to_act(p)) + "'s decision, not seat " + std::to_string(view.seat) +
           "'s: a seat's view is solved when that seat is to act";
  return "";
}

struct PimcSolver::Impl {
  PimcOptions opt;

  // One per thread: its own tables.
  struct Worker {
    ChanceSolver chance;
    Solver perfect;
    std::vector<Move> ms;

    explicit Worker(const PimcOptions& o) : chance(chance_options(o)), perfect(perfect_options(o)) {}

    static Options chance_options(const PimcOptions& o) {
      Options c;
      c.max_nodes = o.world_nodes;
      c.stop = o.stop;
      c.deadline = o.deadline;
      c.table_bits = o.table_bits;
      return c;
    }
    static Options perfect_options(const PimcOptions& o) {
      Options c;
      c.fastest_win = false;  // only the outcome counts
      c.max_nodes = o.order_nodes;
      c.stop = o.stop;
      c.deadline = o.deadline;
      c.table_bits = o.table_bits;
      return c;
    }

    Chances after(const Position& world, const Move& m) {
      Position child = world;
      apply(child, m);
      return chance.value(child);
    }

    // The blind turn: every card of the world's stock equally likely.
    Chances turn_value(const Position& world) {
      std::vector<Move> turns;
      legal_moves(world, turns);
      Chances sum;
      int n = 0;
      for (const Move& m : turns)
        if (m.kind == MoveKind::Turn) {
          Chances c = after(world, m);
          sum.win0 += c.win0, sum.draw += c.draw, sum.win1 += c.win1, ++n;
        }
      sum.win0 /= n, sum.draw /= n, sum.win1 /= n;
      return sum;
    }

    bool solve_exact(const Position& world, const std::vector<Move>& choices, int seat, WorldResult& r) {
      chance.reset_nodes();
      try {
        for (std::size_t i = 0; i < choices.size(); ++i)
          put(r, i, is_blind_turn(choices[i]) ? turn_value(world) : after(world, choices[i]), seat);
      } catch (const BudgetExceeded&) {
        r.nodes += chance.nodes();
        return false;
      }
      r.nodes += chance.nodes();
      r.solved = r.exact = true;
      return true;
    }

    // Seat's score (+1, 0, -1) after `m` with the stock order known; nullopt past the budget.
    // `first`: the first choice on this order; the others keep its table (the same deal),
    // so that the choices share the subtrees they have in common.
    std::optional<int> perfect_score(const Position& known, const Move& m, int seat, bool first, std::uint64_t& nodes) {
      Position child = known;
      if (is_blind_turn(m)) {
        legal_moves(known, ms);
        auto t = std::find_if(ms.begin(), ms.end(), [](const Move& x) { return x.kind == MoveKind::Turn; });
        apply(child, *t);
      } else {
        apply(child, m);
      }
      int score = 0;
      try {
        score = first ? perfect.score(child) : perfect.score_same_deal(child);
      } catch (const BudgetExceeded&) {
        nodes += perfect.last_nodes();
        return std::nullopt;
      }
      nodes += perfect.last_nodes();
      int v = score > 0 ? 1 : score < 0 ? -1 : 0;
      return seat == 0 ? v : -v;
    }

    void solve_orders(const Position& world, const std::vector<Move>& choices, int seat, int orders, Rng rng,
                      WorldResult& r) {
      const std::size_t n = choices.size();
      std::vector<double> sum(n, 0), sum_sq(n, 0);
      int solved = 0;
      std::vector<int> scores(n);
      for (int o = 0; o < orders; ++o) {
        Position known = with_stock_order(world, rng);
        bool ok = true;
        for (std::size_t i = 0; i < n && ok; ++i) {
          auto s = perfect_score(known, choices[i], seat, i == 0, r.nodes);
          if (!s) ok = false;
          else scores[i] = *s;
        }
        if (!ok) continue;  // every choice on the same orders, or the order is left out
        ++solved;
        for (std::size_t i = 0; i < n; ++i) {
          sum[i] += scores[i], sum_sq[i] += scores[i] * scores[i];
          (scores[i] > 0 ? r.win[i] : scores[i] < 0 ? r.loss[i] : r.draw[i]) += 1;
        }
      }
      if (solved == 0) return;
      const double m = solved;
      for (std::size_t i = 0; i < n; ++i) {
        r.win[i] /= m, r.draw[i] /= m, r.loss[i] /= m;
        double mean = sum[i] / m;
        // The variance of the world's mean; one order alone gets the largest possible, 1.
        r.var[i] = solved > 1 ? std::max(0.0, (sum_sq[i] - m * mean * mean) / (m - 1)) / m : 1.0;
      }
      r.solved = true;
    }
  };

  std::vector<std::unique_ptr<Worker>> workers;

  explicit Impl(const PimcOptions& o) : opt(o) {
    const unsigned n = std::max(1u, o.threads);
    for (unsigned t = 0; t < n; ++t) workers.push_back(std::make_unique<Worker>(o));
  }

  Position world(const SeatView& view, bool enumerated, std::uint64_t i) const {
    if (enumerated) return world_at(view, i);
    Rng rng = deal_rng(opt.seed, i);
    return sample_world(view, rng);
  }

  void solve_world(Worker& w, const SeatView& view, const std::vector<Move>& choices, bool enumerated, std::uint64_t i,
                   bool try_exact, WorldResult& r) {
    r.size(choices.size());
    Position p = world(view, enumerated, i);
    if (try_exact && w.solve_exact(p, choices, view.seat, r)) return;
    r.size(choices.size());
    w.solve_orders(p, choices, view.seat, std::max(1, opt.stock_orders), deal_rng(opt.seed ^ kOrderStream, i), r);
  }
};

PimcSolver::PimcSolver(PimcOptions options) : impl_(std::make_unique<Impl>(options)) {}
PimcSolver::~PimcSolver() = default;

void PimcSolver::reseed(std::uint64_t seed) { impl_->opt.seed = seed; }

PimcResult PimcSolver::solve(const SeatView& view, const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  if (std::string why = why_not_pimc(view); !why.empty()) throw std::invalid_argument(why);
  auto t0 = std::chrono::steady_clock::now();
  Impl& s = *impl_;
  const PimcOptions& opt = s.opt;
  PimcResult out;
  out.seat = view.seat;
  out.world_count = world_count(view);
  out.enumerated = out.world_count <= opt.max_worlds;
  const std::uint64_t n = out.enumerated ? out.world_count : static_cast<std::uint64_t>(std::max(1, opt.samples));
  const std::vector<Move> choices = seat_choices(view);
  std::vector<WorldResult> results(n);

  std::mutex report;
  std::atomic<std::uint64_t> done{0};
  // For opt.report: each choice's wins and losses over the worlds solved so far.
  std::vector<double> wins(choices.size(), 0), losses(choices.size(), 0);
  std::uint64_t nodes_so_far = 0, solved_so_far = 0;
  auto finished = [&](const WorldResult& r) {
    std::uint64_t d = ++done;
    std::lock_guard<std::mutex> lock(report);
    if (opt.report) {
      nodes_so_far += r.nodes;
      opt.report->nodes.store(nodes_so_far, std::memory_order_relaxed);
      opt.report->worlds.store(d, std::memory_order_relaxed);
      if (r.solved && !r.skipped) {
        std::size_t best = 0;
        for (std::size_t i = 0; i < choices.size(); ++i) {
          wins[i] += r.win[i], losses[i] += r.loss[i];
          const double e = wins[i] - losses[i], b = wins[best] - losses[best];
          if (e > b || (e == b && wins[i] > wins[best])) best = i;
        }
        // The mean over the worlds solved so far, from seat 0's side as SearchProgress has it.
        const double mean = (wins[best] - losses[best]) / static_cast<double>(++solved_so_far);
        opt.report->publish_best(choices[best], view.seat == 0 ? mean : -mean, false);
      }
    }
    if (progress) progress(d, n);
  };
  // The first world decides whether exact search is worth trying on the others.
  s.solve_world(*s.workers[0], view, choices, out.enumerated, 0, opt.world_nodes > 0, results[0]);
  const bool try_exact = results[0].exact;
  finished(results[0]);
  std::atomic<std::uint64_t> spent{results[0].nodes};
  // The other worlds on the pool, each thread with its own worker (tables and all).
  parallel_for(n - 1, static_cast<int>(s.workers.size()), [&](std::size_t k, int thread) {
    const std::uint64_t i = k + 1;
    // Past the budget, or stopped (a world begun now would only be stopped at once, and
    // each costs its set-up: 100,000 of them took 30 s): left out unbegun.
    if ((opt.max_nodes > 0 && spent.load() >= opt.max_nodes) ||
        (opt.stop && opt.stop->load(std::memory_order_relaxed)) ||
        (opt.deadline != std::chrono::steady_clock::time_point::max() &&
         std::chrono::steady_clock::now() >= opt.deadline)) {
      results[i].skipped = true;
      return;
    }
    s.solve_world(*s.workers[static_cast<std::size_t>(thread)], view, choices, out.enumerated, i, try_exact,
                  results[i]);
    spent += results[i].nodes;
    finished(results[i]);
  });

  // Averages over the solved worlds, and the sampling error (see pimc.h).
  const std::size_t k = choices.size();
  std::vector<double> sum_x(k, 0), sum_x2(k, 0), sum_var(k, 0);
  out.moves.resize(k);
  for (std::size_t i = 0; i < k; ++i) out.moves[i].move = choices[i];
  for (const WorldResult& r : results) {
    out.nodes += r.nodes;
    if (r.skipped) {
      ++out.skipped;
      continue;
    }
    if (!r.solved) {
      ++out.unsolved;
      continue;
    }
    ++out.worlds;
    if (r.exact) ++out.exact_worlds;
    for (std::size_t i = 0; i < k; ++i) {
      PimcMove& m = out.moves[i];
      m.win += r.win[i], m.draw += r.draw[i], m.loss += r.loss[i];
      double x = r.win[i] - r.loss[i];
      sum_x[i] += x, sum_x2[i] += x * x, sum_var[i] += r.var[i];
    }
  }
  out.exact = out.enumerated && out.unsolved == 0 && out.skipped == 0 && out.exact_worlds == out.worlds;
  if (out.worlds > 0) {
    const double w = out.worlds;
    for (std::size_t i = 0; i < k; ++i) {
      PimcMove& m = out.moves[i];
      m.win /= w, m.draw /= w, m.loss /= w;
      m.expected = m.win - m.loss;
      double var_of_mean;
      if (out.enumerated) var_of_mean = sum_var[i] / (w * w);
      else if (out.worlds > 1)
        var_of_mean = std::max(0.0, (sum_x2[i] - w * (sum_x[i] / w) * (sum_x[i] / w)) / (w - 1)) / w;
      else var_of_mean = 1.0;
      const double half = 1.96 * std::sqrt(var_of_mean);
      m.lo = std::max(-1.0, m.expected - half);
      m.hi = std::min(1.0, m.expected + half);
      if (out.exact) m.lo = m.hi = m.expected;
    }
  }
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const PimcMove& a, const PimcMove& b) {
    if (a.expected != b.expected) return a.expected > b.expected;
    return a.win > b.win;
  });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

PimcResult solve_view(const SeatView& view, const PimcOptions& options,
                      const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  PimcSolver solver(options);
  return solver.solve(view, progress);
}

}  // namespace conquian::solve
