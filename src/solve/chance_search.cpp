#include "solve/chance_search.h"

#include <algorithm>

#ifdef CHANCE_STATS_ON
#include <cstdio>
#include <cstdlib>
#include <unordered_set>
#define STAT(x) x
#else
#define STAT(x)
#endif
namespace conquian::solve {
#ifdef CHANCE_STATS_ON
struct DebugStats {
  std::uint64_t by_phase[8] = {}, tt_cut = 0, chance_nodes = 0, chance_children = 0, chance_searched = 0,
                chance_cut = 0, chance_exact_children = 0, immediate = 0, decisions = 0, moves = 0, searched_moves = 0, dup = 0;
  std::unordered_set<std::uint64_t> distinct_chance, distinct_all;
  ~DebugStats() {
    if (!std::getenv("CHANCE_STATS")) return;
    std::fprintf(stderr, "distinct chance %zu all %zu\n", distinct_chance.size(), distinct_all.size());
    for (int i = 0; i < 8; ++i) std::fprintf(stderr, "phase %d: %llu\n", i, (unsigned long long)by_phase[i]);
    std::fprintf(stderr, "tt_cut %llu chance_nodes %llu children %llu searched %llu cut %llu exact_children %llu\n",
                 (unsigned long long)tt_cut, (unsigned long long)chance_nodes, (unsigned long long)chance_children,
                 (unsigned long long)chance_searched, (unsigned long long)chance_cut, (unsigned long long)chance_exact_children);
    std::fprintf(stderr, "decisions %llu moves %llu searched %llu dup-children %llu\n", (unsigned long long)decisions, (unsigned long long)moves, (unsigned long long)searched_moves, (unsigned long long)dup);
  }
} g_stats;
#endif
namespace {

Exact terminal_value(const Outcome& o, Exact top) {
  if (o.kind != Outcome::Kind::Win) return 0;
  return o.winner == 0 ? top : -top;
}

// Division rounding down and up (b > 0).
Exact floor_div(Exact a, Exact b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
Exact ceil_div(Exact a, Exact b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

}  // namespace

ChanceSearch::ChanceSearch(const Options& options)
    : options_(options), table_(options.transposition ? options.table_bits : 1) {}

ChanceSearch::Frame& ChanceSearch::frame() {
  while (frames_.size() <= depth_) frames_.emplace_back();
  return frames_[depth_];
}

void ChanceSearch::start(const Position& root) {
  if (!reach_ || &reach_->rules() != root.rules) {
    reach_ = std::make_unique<MeldReach>(*root.rules);
    table_.new_generation();
  }
  // The key holds no stock order: a known stock's entries hold for that stock only.
  if (root.stock_known || stock_known_) table_.new_generation();
  stock_known_ = root.stock_known;
  depth_ = 0;
}

StateKey ChanceSearch::key_of(const Position& p) const {
  StateKey k = state_key(p);
  k.dead |= reach_->useless_unseen(p).bits();
  return k;
}

void ChanceSearch::draws(const Position& p, std::vector<Draw>& out) {
  out.clear();
  if (p.stock_known) {
    out.push_back({p.stock[p.stock_top], p.stock_left()});
    return;
  }
  const CardSet useless = reach_->useless_unseen(p);
  for (Card c : p.unseen() - useless) out.push_back({c, 1});
  if (!useless.empty()) out.push_back({useless.lowest(), useless.size()});
}

Exact ChanceSearch::exact(const Position& p) {
  const Exact top = factorial(p.stock_left());
  return search(p, -top - 1, top + 1);
}

Exact ChanceSearch::turn_value(const Position& p) {
  const Exact top = factorial(p.stock_left());
  return chance(p, -top - 1, top + 1);
}

bool ChanceSearch::reaches(const Position& p, Exact v, bool at_least) {
  return at_least ? search(p, v - 1, v) >= v : search(p, v, v + 1) <= v;
}

Exact ChanceSearch::search(const Position& start_pos, Exact alpha, Exact beta) {
  if (options_.max_nodes && nodes_ >= options_.max_nodes) throw BudgetExceeded{};
  if ((++nodes_ & 0xFFFF) == 0 && progress_ && !progress_(nodes_)) throw BudgetExceeded{};
  const Exact top = factorial(start_pos.stock_left());
  if (start_pos.result.over()) return terminal_value(start_pos.result, top);
  // A decision with one legal move is no decision: play it (a card nobody can take, most often).
  Frame& f = frame();
  Position forced;
  const Position* pp = &start_pos;
  legal_moves(*pp, f.moves);
  while (!is_turn(*pp) && f.moves.size() == 1) {
    if (pp != &forced) forced = *pp;
    apply(forced, f.moves[0]);
    pp = &forced;
    if (forced.result.over()) return terminal_value(forced.result, top);
    legal_moves(forced, f.moves);
  }
  const Position& p = *pp;
  STAT(g_stats.by_phase[static_cast<int>(p.phase)]++;)
  STAT(if (std::getenv("CHANCE_STATS")) g_stats.distinct_all.insert(hash_key(key_of(p)));)
  Exact lower = -top, upper = top;
  int tt_best = -1;
  const bool use_table = tabled(p);
  StateKey key;
  std::uint64_t hash = 0;
  if (use_table) {
    key = key_of(p);
    hash = hash_key(key);
    if (const ChanceBounds* e = table_.probe(hash, key)) {
      lower = e->lower, upper = e->upper;
      if (e->best != kNoMove) tt_best = e->best;
    }
  }
  if (lower < upper) {  // a seat that cannot reach the target cannot win
    if (lower < 0 && !reach_->may_win(p, 1)) lower = 0;
    if (upper > 0 && !reach_->may_win(p, 0)) upper = 0;
  }
  STAT(if (lower >= beta || upper <= alpha || lower == upper) g_stats.tt_cut++;)
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  if (lower == upper) return lower;
  const Exact a = std::max(alpha, lower - 1), b = std::min(beta, upper + 1);
  const std::uint64_t before = nodes_;
  std::uint16_t best = kNoMove;
  Exact v = search_moves(p, a, b, tt_best, best);
  if (use_table) {
    if (v <= a) upper = std::min(upper, v);
    else if (v >= b) lower = std::max(lower, v);
    else lower = upper = v;
    table_.store(hash, key, ChanceBounds{static_cast<std::int64_t>(lower), static_cast<std::int64_t>(upper), best},
                 work_of(nodes_ - before));
  }
  return v;
}

// A seat's decision: alpha-beta over its moves, the turn (chance) counted as one option.
Exact ChanceSearch::search_moves(const Position& p, Exact alpha, Exact beta, int tt_best, std::uint16_t& best) {
  const bool maxing = to_act(p) == 0;
  Exact value = maxing ? alpha : beta;  // fail-soft: raised (lowered) by the first move
  bool any = false;
  auto consider = [&](Exact v, std::uint16_t index) {
    if (!any || (maxing ? v > value : v < value)) value = v, best = index;
    any = true;
    if (maxing) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    return alpha >= beta;
  };
  Frame& f = frame();  // f.moves: legal_moves(p), from search()
  const bool turn = is_turn(p);
  if (turn) {
    // The turn first (the only option unless lays are allowed at a turn).
    if (consider(chance(p, alpha, beta), kTurnOption)) return value;
    std::erase_if(f.moves, [](const Move& m) { return m.kind == MoveKind::Turn; });
    if (f.moves.empty()) return value;
    if (tt_best >= static_cast<int>(f.moves.size())) tt_best = -1;
  }
  order_moves(p, f.moves, options_.ordering, tt_best, options_.ordering ? &history_ : nullptr, f.order);
  ++depth_;  // f stays valid: a deque keeps its elements in place
  STAT(g_stats.decisions++;)
  STAT(g_stats.moves += f.order.size();)
#ifdef CHANCE_STATS_ON
  if (std::getenv("CHANCE_STATS")) {
    std::vector<StateKey> keys;
    for (int i : f.order) {
      Position child = p;
      apply(child, f.moves[static_cast<std::size_t>(i)]);
      StateKey k = key_of(child);
      for (auto& o : keys) if (o == k) { g_stats.dup++; break; }
      keys.push_back(k);
    }
  }
#endif
  for (int i : f.order) {
    const Move& m = f.moves[static_cast<std::size_t>(i)];
    STAT(g_stats.searched_moves++;)
    Position child = p;
    apply(child, m);
    Exact v;
    if (!any || beta - alpha <= 1) {
      v = search(child, alpha, beta);
    } else if (maxing) {  // PVS: is it better than the best so far? Only then its value.
      v = search(child, alpha, alpha + 1);
      if (v > alpha && v < beta) v = search(child, v - 1, beta);
    } else {
      v = search(child, beta - 1, beta);
      if (v < beta && v > alpha) v = search(child, alpha, v + 1);
    }
    if (consider(v, static_cast<std::uint16_t>(i))) {
      history_.reward(m, 1);
      break;
    }
  }
  --depth_;
  return value;
}

// The turn: Star1 over the draws (each class of equal futures searched once).
Exact ChanceSearch::chance(const Position& p, Exact alpha, Exact beta) {
  const int n = p.stock_left();
  const Exact unit = factorial(n - 1);
  Frame& f = frame();
  draws(p, f.draws);
  f.children.resize(f.draws.size());
  Exact lower_sum = 0, upper_sum = 0;
  for (std::size_t i = 0; i < f.draws.size(); ++i) {
    Child& c = f.children[i];
    c.pos = p;
    Move turn;
    turn.kind = MoveKind::Turn;
    turn.seat = p.actor;
    turn.card = f.draws[i].card;
    apply(c.pos, turn);
    c.weight = f.draws[i].weight;
    c.lower = -unit, c.upper = unit;
    if (tabled(c.pos)) {
      const StateKey key = key_of(c.pos);
      if (const ChanceBounds* e = table_.probe(hash_key(key), key)) c.lower = e->lower, c.upper = e->upper;
    }
    lower_sum += c.weight * c.lower;
    upper_sum += c.weight * c.upper;
  }
  ++depth_;
  STAT(g_stats.chance_nodes++;)
  STAT(if (std::getenv("CHANCE_STATS")) g_stats.distinct_chance.insert(hash_key(key_of(p)));)
  STAT(g_stats.chance_children += f.children.size();)
  for (Child& c : f.children) {
    if (lower_sum >= beta || upper_sum <= alpha) {
      STAT(g_stats.chance_cut++;)
      break;
    }
    STAT(g_stats.chance_searched++;)
    if (c.lower == c.upper) continue;
    const Exact w = c.weight;
    const Exact lower_rest = lower_sum - w * c.lower, upper_rest = upper_sum - w * c.upper;
    // Outside (a, b) the child puts the sum outside (alpha, beta).
    const Exact a = std::max(floor_div(alpha - upper_rest, w), c.lower - 1);
    const Exact b = std::min(ceil_div(beta - lower_rest, w), c.upper + 1);
    const Exact v = search(c.pos, a, b);
    if (v <= a) c.upper = std::min(c.upper, v);
    else if (v >= b) c.lower = std::max(c.lower, v);
    else c.lower = c.upper = v;
    STAT(if (c.lower == c.upper) g_stats.chance_exact_children++;)
    lower_sum = lower_rest + w * c.lower;
    upper_sum = upper_rest + w * c.upper;
  }
  --depth_;
  if (lower_sum >= beta) return lower_sum;
  return upper_sum;  // below alpha, or exact (lower_sum == upper_sum)
}

}  // namespace conquian::solve
