#include "solve/chance.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>

#include "cards/shuffle.h"
#include "solve/transposition.h"

namespace conquian::solve {
namespace {

struct ChanceEntry {
  double win0 = 0, draw = 0, win1 = 0;
  std::uint16_t best = 0;  // index into legal_moves(); kChanceBest: the turn (chance)
};

constexpr std::uint16_t kChanceBest = 0xFFFE;
constexpr std::uint16_t kNoBest = 0xFFFF;

Chances terminal(const Outcome& o) {
  Chances c;
  if (o.kind == Outcome::Kind::Draw) c.draw = 1;
  else if (o.winner == 0) c.win0 = 1;
  else c.win1 = 1;
  return c;
}

bool is_chance(const Position& p) { return p.phase == Phase::Turn && !p.stock_known; }

// Whether seat `seat` prefers a to b.
bool better(const Chances& a, const Chances& b, int seat) {
  return seat == 0 ? a.value() > b.value() : a.value() < b.value();
}


}  // namespace

struct ChanceSolver::Impl {
  Options opt;
  TranspositionTable<ChanceEntry> table;
  std::deque<std::vector<Move>> moves;
  std::uint64_t nodes = 0;
  std::size_t depth = 0;

  explicit Impl(const Options& o) : opt(o), table(o.transposition ? o.table_bits : 1) {}

  std::vector<Move>& moves_at(std::size_t d) {
    while (moves.size() <= d) moves.emplace_back();
    return moves[d];
  }

  Chances child_value(const Position& p, const Move& m) {
    Position child = p;
    apply(child, m);
    ++depth;
    Chances c = eval(child);
    --depth;
    return c;
  }

  Chances eval(const Position& p) {
    if (opt.max_nodes && nodes >= opt.max_nodes) throw BudgetExceeded{};
    ++nodes;
    if (p.result.over()) return terminal(p.result);
    std::uint64_t hash = 0;
    StateKey key;
    if (opt.transposition) {
      hash = p.hash();
      key = state_key(p);
      if (const ChanceEntry* e = table.probe(hash, key)) return {e->win0, e->draw, e->win1};
    }
    const std::uint64_t before = nodes;
    std::vector<Move>& ms = moves_at(depth);
    legal_moves(p, ms);
    const int seat = to_act(p);
    Chances best;
    std::uint16_t best_index = kNoBest;
    if (is_chance(p)) {
      Chances avg;
      int turns = 0;
      for (const Move& m : ms)
        if (m.kind == MoveKind::Turn) {
          Chances c = child_value(p, m);
          avg.win0 += c.win0, avg.draw += c.draw, avg.win1 += c.win1;
          ++turns;
        }
      avg.win0 /= turns, avg.draw /= turns, avg.win1 /= turns;
      best = avg;
      best_index = kChanceBest;
    }
    for (std::size_t i = 0; i < ms.size(); ++i) {
      if (is_chance(p) && ms[i].kind == MoveKind::Turn) continue;
      Chances c = child_value(p, ms[i]);
      if (best_index == kNoBest || better(c, best, seat)) best = c, best_index = static_cast<std::uint16_t>(i);
    }
    if (opt.transposition)
      table.store(hash, key,
                  ChanceEntry{best.win0, best.draw, best.win1, best_index},
                  work_of(nodes - before));
    return best;
  }
};

ChanceSolver::ChanceSolver(Options options) : impl_(std::make_unique<Impl>(options)) {}
ChanceSolver::~ChanceSolver() = default;

void ChanceSolver::reset_nodes() { impl_->nodes = 0; }
std::uint64_t ChanceSolver::nodes() const { return impl_->nodes; }

Chances ChanceSolver::value(const Position& pos) {
  impl_->depth = 0;
  if (pos.stock_known) impl_->table.new_generation();  // the key does not hold the stock order
  return impl_->eval(pos);
}

ChanceResult ChanceSolver::solve(const Position& pos, bool all_moves) {
  auto t0 = std::chrono::steady_clock::now();
  Impl& s = *impl_;
  ChanceResult r;
  s.nodes = 0;
  s.depth = 0;
  if (pos.stock_known) s.table.new_generation();  // the key does not hold the stock order
  try {
    r.value = s.eval(pos);
    // The line: the best decisions until the deal ends or a card is turned from the unknown stock.
    Position p = pos;
    std::vector<Move> ms;
    while (!p.result.over()) {
      legal_moves(p, ms);
      const int seat = to_act(p);
      std::optional<Move> chosen;
      if (is_chance(p)) {
        // Turning is best unless a lay from the hand does better.
        Chances avg;
        int turns = 0;
        for (const Move& m : ms)
          if (m.kind == MoveKind::Turn) {
            Chances c = s.child_value(p, m);
            avg.win0 += c.win0, avg.draw += c.draw, avg.win1 += c.win1, ++turns;
          }
        avg.win0 /= turns, avg.draw /= turns, avg.win1 /= turns;
        Chances best = avg;
        for (const Move& m : ms)
          if (m.kind != MoveKind::Turn)
            if (Chances c = s.child_value(p, m); better(c, best, seat)) best = c, chosen = m;
        if (!chosen) break;
      } else {
        Chances best;
        for (const Move& m : ms) {
          Chances c = s.child_value(p, m);
          if (!chosen || better(c, best, seat)) best = c, chosen = m;
        }
      }
      r.line.push_back(*chosen);
      apply(p, *chosen);
    }
    if (!r.line.empty()) r.best = r.line.front();
    if (all_moves && !pos.result.over()) {
      std::vector<Move> root_moves;
      legal_moves(pos, root_moves);
      for (const Move& m : root_moves) r.moves.push_back({m, s.child_value(pos, m)});
      const int seat = to_act(pos);
      std::stable_sort(r.moves.begin(), r.moves.end(), [&](const ChanceMoveValue& a, const ChanceMoveValue& b) {
        return better(a.value, b.value, seat);
      });
    }
    r.solved = true;
  } catch (const BudgetExceeded&) {
    r.solved = false;
  }
  r.nodes = s.nodes;
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

SampleEstimate estimate_by_sampling(const Position& pos, int samples, std::uint64_t seed, const Options& options) {
  auto t0 = std::chrono::steady_clock::now();
  SampleEstimate est;
  Options o = options;
  o.fastest_win = false;  // only the value counts
  Solver solver(o);
  Rng rng(seed);
  std::vector<Card> unseen;
  for (Card c : pos.unseen()) unseen.push_back(c);
  double sum = 0, sum_sq = 0;
  for (int i = 0; i < samples; ++i) {
    Position p = pos;
    std::vector<Card> order = unseen;
    for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
    p.stock_known = true;
    p.stock_top = 0;
    p.stock_end = static_cast<std::uint8_t>(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) p.stock[k] = order[k];
    Result r = solver.solve(p);
    est.nodes += r.nodes;
    if (!r.solved) {
      ++est.unsolved;
      continue;
    }
    int v = r.value.kind == Outcome::Kind::Draw ? 0 : r.value.winner == 0 ? 1 : -1;
    (v > 0 ? est.wins0 : v < 0 ? est.wins1 : est.draws)++;
    sum += v;
    sum_sq += v * v;
    ++est.samples;
  }
  if (est.samples > 0) {
    double n = est.samples;
    est.mean = sum / n;
    double var = est.samples > 1 ? std::max(0.0, (sum_sq - n * est.mean * est.mean) / (n - 1)) : 0;
    est.half_width = 1.96 * std::sqrt(var / n);
  }
  est.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return est;
}

}  // namespace conquian::solve
