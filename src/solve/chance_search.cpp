#include "solve/chance_search.h"

#include <algorithm>
#include <cassert>

#include "solve/chance_stats.h"

namespace conquian::solve {
namespace {

Int128 terminal_value(const Outcome& o, Int128 top) {
  if (o.kind != Outcome::Kind::Win) return 0;
  return o.winner == 0 ? top : -top;
}

// Division rounding down and up (b > 0).
Int128 floor_div(Int128 a, Int128 b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
Int128 ceil_div(Int128 a, Int128 b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }

}  // namespace

static_assert(sizeof(TranspositionTable<ChanceBounds, PackedKey>::Entry) == 64, "one entry, one cache line");

ChanceSearch::ChanceSearch(const Options& options)
    : options_(options),
      table_(std::make_shared<Table>(options.transposition ? std::min(kFirstTableBits, options.table_bits) : 1,
                                     options.transposition ? options.table_bits : 1,
                                     static_cast<Table::HashOf>(&hash_key))) {}

ChanceSearch::ChanceSearch(const Options& options, std::shared_ptr<Table> table)
    : options_(options), table_(std::move(table)), owner_(false) {
  assert(table_->shared());
}

ChanceSearch::Frame& ChanceSearch::frame() {
  while (frames_.size() <= depth_) frames_.emplace_back();
  return frames_[depth_];
}

void ChanceSearch::start(const Position& root) {
  if (!reach_ || &reach_->rules() != root.rules) {
    reach_ = std::make_unique<MeldReach>(*root.rules);
    closure_memo_.assign(kClosureMemoSize, ClosureMemo{});
    if (owner_) table_->new_generation();
  }
  // The key holds no stock order: a known stock's entries hold for that stock only.
  if (owner_ && (root.stock_known || stock_known_)) table_->new_generation();
  stock_known_ = root.stock_known;
  depth_ = 0;
}

void ChanceSearch::settle(Position& p, std::vector<Move>& scratch) const {
  while (!p.result.over() && !is_turn(p)) {
    legal_moves(p, scratch);
    if (scratch.size() != 1) return;
    apply(p, scratch[0]);
  }
}

CardSet ChanceSearch::closure(Node& n, int seat, const Node* parent) const {
  const Position& p = n.pos;
  Node::Reach& r = n.reach[seat];
  r.hand = p.hand[seat], r.table = p.table[seat];
  r.open = MeldReach::open_cards(p, seat);
  r.known = true;
  if (parent) {
    const Node::Reach& was = parent->reach[seat];
    if (was.known && was.hand == r.hand && was.table == r.table && was.open.contains(r.open) &&
        !(was.open - r.open).intersects(was.cards)) {
      r.joined = was.joined;
      return r.cards = was.cards;
    }
  }
  // Kept groupings: one step from the target, the closure is what the seat could take now,
  // which depends on how its table is grouped, not on its cards alone (meld_reach.h).
  ClosureMemo* memo = nullptr;
  if (p.rules->rearrange) {
    const std::uint64_t h = (r.hand.bits() * 0x9e3779b97f4a7c15ULL) ^ (r.table.bits() * 0xbf58476d1ce4e5b9ULL) ^
                            (r.open.bits() * 0x94d049bb133111ebULL);
    memo = &closure_memo_[(h ^ (h >> 31)) & (kClosureMemoSize - 1)];
    if (memo->hand == r.hand.bits() && memo->table == r.table.bits() && memo->open == r.open.bits()) {
      r.joined = CardSet(memo->joined);
      return r.cards = CardSet(memo->cards);
    }
  }
  r.cards = reach_->reachable(p, seat);
  r.joined = reach_->joining(r.cards);
  if (memo) *memo = {r.hand.bits(), r.table.bits(), r.open.bits(), r.cards.bits(), r.joined.bits()};
  return r.cards;
}

// The certain winner one take further back. Seat s holds one card x and
// is two cards from the target, and the other seat cannot win. Let F be the cards s could
// ever come to take (open to it, fitting its table: regrouped, as rearrange allows), and U
// those of F still in the stock that the other seat can never acquire (outside its
// closure). If for every f of F that does not win at once (with x) some other card of U
// fits the table with f, s wins whatever the order of the stock:
//   - s refuses every card but one of U (or one that wins at once) until it is made to take
//     one (forced, or a card it may not refuse): either way its first take is some f of F,
//     and before it no card of U has been turned (s takes the first one turned: turned by the
//     other seat, which cannot take it nor be made to, it is offered to s);
//   - after taking f and discarding x, s is one take from the target with the rest of U in
//     the stock, one card of which fits its table: the sure winner above (the other seat's
//     closure only shrinks, so those cards stay beyond it).
// Any f of U needs another: so U has at least two cards.
bool ChanceSearch::wins_after_one_take(const Position& p, int s, CardSet other_reach) const {
  const Ruleset& r = *p.rules;
  if (p.table[s].size() + 2 != r.target || p.hand[s].size() != 1 || chance_stats::shed_winner_off()) return false;
  const MeldIndex& melds = r.meld_index();
  const CardSet table = p.table[s], held = p.hand[s];
  // A card that fits the table is in a meld of table + card, so it joins the table: only
  // those are asked of the partition search.
  CardSet fits;
  for (Card c : MeldReach::open_cards(p, s) & reach_->joining(table))
    if (melds.can_partition(table.with(c))) fits.insert(c);
  const CardSet uncontested = (fits & p.unseen()) - other_reach;
  if (uncontested.size() < 2) return false;
  for (Card f : fits) {
    const CardSet after = table.with(f);
    if (melds.can_partition(after | held)) continue;  // laid with x: the target at once
    bool next = false;
    for (Card c : uncontested.without(f))
      if (melds.can_partition(after.with(c))) {
        next = true;
        break;
      }
    if (!next) return false;
  }
  return true;
}

void ChanceSearch::describe(Node& n, const Node* parent) const {
  const Position& p = n.pos;
  n.reach[0].known = n.reach[1].known = false;
  if (p.result.over()) return;
  n.useless = n.inert = CardSet{};
  n.may_win[0] = n.may_win[1] = true;
  n.sure_winner = -1;
  if (!p.stock_known) {
    const Ruleset& r = *p.rules;
    const CardSet reach[2] = {closure(n, 0, parent), closure(n, 1, parent)};
    const CardSet unseen = p.unseen();
    n.useless = unseen - reach[0] - reach[1];
    for (int s = 0; s < 2; ++s) {
      // held, never melded by the seat, never acquired by the other
      const CardSet inert = (p.hand[s] - reach[1 - s]) - n.reach[s].joined;
      // Who may still win: a seat wins with `target` cards on its table, each in a meld of
      // them, all in its closure less its inert cards; a card of them joins them, so it
      // joins the closure. So only closure cards that join the closure count: not a hand
      // card the other seat might take (not inert) that melds with nothing the seat can
      // reach, which the count of the closure alone counted. (Taken again and again, to a
      // fixed point, this cut no more nodes on the 12 bench positions, and cost about a fifth
      // more time a node.)
      if (r.stock_out == StockOut::Draw) n.may_win[s] = ((reach[s] - inert) & n.reach[s].joined).size() >= r.target;
      n.inert |= inert;
    }
    if (r.stock_out == StockOut::Draw && r.meld_timing == MeldTiming::Take && !r.forcing.hit) {
      for (int s = 0; s < 2; ++s)
        // One take from the target: reach[s] less what it holds is what it could take now
        // (meld_reach.h), and the other seat's closure holds every card it could ever take.
        if (!n.may_win[1 - s] && p.table[s].size() + 1 == r.target &&
            (unseen & reach[s]).intersects(unseen - reach[1 - s]))
          n.sure_winner = s;
      if (n.sure_winner < 0 && r.rearrange)
        for (int s = 0; s < 2; ++s)
          if (!n.may_win[1 - s] && wins_after_one_take(p, s, reach[1 - s])) n.sure_winner = s;
    }
  }
  if (tabled(p)) {
    StateKey key = state_key(p);
    if (!p.stock_known) {
      // The useless cards, dead or unseen or inert in a hand, are one anonymous heap; a hand
      // keeps how many of them it holds (where a known stock's stock_top would be).
      const int inert0 = (n.inert & p.hand[0]).size(), inert1 = (n.inert & p.hand[1]).size();
      if (inert0 < 16 && inert1 < 16) {
        key.hand0 &= ~n.inert.bits();
        key.hand1 &= ~n.inert.bits();
        key.dead |= n.inert.bits();
        key.small = (key.small & ~std::uint64_t{0xFF}) | static_cast<std::uint64_t>(inert0 | inert1 << 4);
      }
      key.dead |= n.useless.bits();
    }
    n.key = pack(key);
    n.hash = hash_key(n.key);
    table_->prefetch(n.hash);
  }
}

void ChanceSearch::prepare(Node& n, const Position& p, const Node* parent) {
  n.pos = p;
  settle(n.pos, n.moves);  // a decision's moves are then legal_moves(n.pos)
  describe(n, parent);
}

void ChanceSearch::draws(const Node& n, std::vector<Draw>& out) const {
  out.clear();
  const Position& p = n.pos;
  if (p.stock_known) {
    out.push_back({p.stock[p.stock_top], p.stock_left()});
    return;
  }
  for (Card c : p.unseen() - n.useless) out.push_back({c, 1});
  if (!n.useless.empty()) out.push_back({n.useless.lowest(), n.useless.size()});
}

Int128 ChanceSearch::exact(const Position& p) {
  const Int128 top = factorial(p.stock_left());
  return search(p, -top - 1, top + 1);
}

Int128 ChanceSearch::exact(const Node& n) {
  const Int128 top = factorial(n.pos.stock_left());
  return search_node(n, -top - 1, top + 1);
}

Int128 ChanceSearch::turn_value(const Node& n) {
  const Int128 top = factorial(n.pos.stock_left());
  return chance(n, -top - 1, top + 1);
}

bool ChanceSearch::reaches(const Position& p, Int128 v, bool at_least) {
  return at_least ? search(p, v - 1, v) >= v : search(p, v, v + 1) <= v;
}

bool ChanceSearch::reaches(const Node& n, Int128 v, bool at_least) {
  return at_least ? search_node(n, v - 1, v) >= v : search_node(n, v, v + 1) <= v;
}

Int128 ChanceSearch::search(const Position& p, Int128 alpha, Int128 beta) {
  Node n;
  prepare(n, p);
  return search_node(n, alpha, beta);
}

Int128 ChanceSearch::search_node(const Node& n, Int128 alpha, Int128 beta) {
  if (options_.max_nodes && nodes_ >= options_.max_nodes) throw BudgetExceeded{};
  if ((nodes_ & 0x3FF) == 0) {
    published_.store(nodes_, std::memory_order_relaxed);
    if (options_.report) options_.report->nodes.store(nodes_, std::memory_order_relaxed);
    if (stop_ && stop_->load(std::memory_order_relaxed)) throw BudgetExceeded{};
    if (options_.interrupted()) throw BudgetExceeded{};
  }
  if ((++nodes_ & 0xFFFF) == 0 && progress_ && !progress_(nodes_)) throw BudgetExceeded{};
  const Position& p = n.pos;
  const Int128 top = factorial(p.stock_left());
  if (p.result.over()) return terminal_value(p.result, top);
  chance_stats::node(static_cast<int>(p.phase), n.hash);
  Int128 lower, upper;
  n.bounds(top, lower, upper);
  int tt_best = -1;
  const bool use_table = tabled(p);
  if (use_table && lower == upper) chance_stats::caught_before_search(n.hash);
  if (use_table)
    if (ChanceBounds e; table_->probe(n.hash, n.key, e)) {
      lower = std::max<Int128>(lower, e.lower), upper = std::min<Int128>(upper, e.upper);
      if (e.best != kNoMove) tt_best = e.best;
    }
  chance_stats::bounds_cut(lower >= beta || upper <= alpha || lower == upper);
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  if (lower == upper) return lower;
  const Int128 a = std::max(alpha, lower - 1), b = std::min(beta, upper + 1);
  const std::uint64_t before = nodes_;
  std::uint16_t best = kNoMove;
  Int128 v = search_moves(n, a, b, tt_best, best);
  if (use_table) {
    if (v <= a) upper = std::min(upper, v);
    else if (v >= b) lower = std::max(lower, v);
    else lower = upper = v;
    table_->store(n.hash, n.key, ChanceBounds{static_cast<std::int64_t>(lower), static_cast<std::int64_t>(upper), best},
                  work_of(nodes_ - before));
    chance_stats::searched(n.hash, lower == upper, lower == upper && (lower == top || lower == -top || lower == 0));
  }
  return v;
}

void ChanceSearch::proved_bounds(const Position& p, int depth, Int128& lower, Int128& upper) {
  Node n;
  prepare(n, p);
  proved_bounds(n, depth, lower, upper);
}

void ChanceSearch::known_bounds(const Node& n, Int128 top, Int128& lower, Int128& upper) {
  const Position& p = n.pos;
  if (p.result.over()) {
    lower = upper = terminal_value(p.result, top);
    return;
  }
  n.bounds(top, lower, upper);
  if (tabled(p))
    if (ChanceBounds e; table_->probe(n.hash, n.key, e))
      lower = std::max<Int128>(lower, e.lower), upper = std::min<Int128>(upper, e.upper);
}

void ChanceSearch::proved_bounds(const Node& n, int depth, Int128& lower, Int128& upper) {
  const Position& p = n.pos;
  known_bounds(n, factorial(p.stock_left()), lower, upper);
  if (p.result.over() || depth <= 0 || lower == upper) return;
  const bool maxing = to_act(p) == 0;
  bool any = false;
  Int128 best_lower = 0, best_upper = 0;  // over the options: a max (seat 0) or min of each side
  auto option = [&](Int128 lo, Int128 hi) {
    if (!any) best_lower = lo, best_upper = hi;
    else if (maxing) best_lower = std::max(best_lower, lo), best_upper = std::max(best_upper, hi);
    else best_lower = std::min(best_lower, lo), best_upper = std::min(best_upper, hi);
    any = true;
  };
  std::vector<Move> moves;
  if (is_turn(p)) {
    std::vector<Draw> cards;
    draws(n, cards);
    Move turn;
    turn.kind = MoveKind::Turn;
    turn.seat = p.actor;
    Int128 sum_lower = 0, sum_upper = 0;
    for (const Draw& d : cards) {
      Position child = p;
      turn.card = d.card;
      apply(child, turn);
      Node c;
      prepare(c, child, &n);
      Int128 lo, hi;
      proved_bounds(c, depth - 1, lo, hi);
      sum_lower += d.weight * lo, sum_upper += d.weight * hi;
    }
    option(sum_lower, sum_upper);
    turn_lays(p, moves);
  } else {
    moves = n.moves;
  }
  for (const Move& m : moves) {
    Position child = p;
    apply(child, m);
    Node c;
    prepare(c, child, &n);
    Int128 lo, hi;
    proved_bounds(c, depth - 1, lo, hi);
    option(lo, hi);
  }
  if (any) lower = std::max(lower, best_lower), upper = std::min(upper, best_upper);
}

void ChanceSearch::turn_lays(const Position& p, std::vector<Move>& out) {
  out.clear();
  if (p.rules->meld_timing != MeldTiming::Turn) return;
  legal_moves(p, out);
  std::erase_if(out, [](const Move& m) { return m.kind == MoveKind::Turn; });
}

// A seat's decision: alpha-beta over its moves, the turn (chance) counted as one option.
Int128 ChanceSearch::search_moves(const Node& n, Int128 alpha, Int128 beta, int tt_best, std::uint16_t& best) {
  const Position& p = n.pos;
  const bool maxing = to_act(p) == 0;
  Int128 value = maxing ? alpha : beta;  // fail-soft: raised (lowered) by the first move
  bool any = false;
  const bool report = options_.report && &n == report_root_;
  const std::vector<Move>* listed = nullptr;  // the moves `index` counts in (set below)
  auto consider = [&](Int128 v, std::uint16_t index) {
    if (!any || (maxing ? v > value : v < value)) {
      value = v, best = index;
      if (report) {
        // The turn is one choice, whatever card comes: a blind turn (pimc.h).
        Move turn;
        turn.kind = MoveKind::Turn;
        turn.seat = p.actor;
        turn.card = kNoCard;
        options_.report->publish_best(index == kTurnOption ? turn : (*listed)[index],
                                      to_double(v, factorial(p.stock_left())));
      }
    }
    any = true;
    if (maxing) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    return alpha >= beta;
  };
  Frame& f = frame();
  if (is_turn(p)) {
    // The turn first (the only option unless lays are allowed at a turn).
    if (consider(chance(n, alpha, beta), kTurnOption)) return value;
    turn_lays(p, f.moves);
    if (f.moves.empty()) return value;
    if (tt_best >= static_cast<int>(f.moves.size())) tt_best = -1;
  }
  const std::vector<Move>& moves = is_turn(p) ? f.moves : n.moves;  // n.moves: from settle()
  listed = &moves;
  order_moves(p, moves, options_.ordering, tt_best, options_.ordering ? &history_ : nullptr, f.order);
  ++depth_;  // f stays valid: a deque keeps its elements in place
  chance_stats::decision(f.order.size());
  for (int i : f.order) {
    const Move& m = moves[static_cast<std::size_t>(i)];
    Position child = p;
    apply(child, m);
    prepare(f.next, child, &n);
    const Node& c = f.next;
    chance_stats::move_searched();
    Int128 v;
    if (!any || beta - alpha <= 1) {
      v = search_node(c, alpha, beta);
    } else if (maxing) {  // PVS: is it better than the best so far? Only then its value.
      v = search_node(c, alpha, alpha + 1);
      if (v > alpha && v < beta) {
        chance_stats::research();
        v = search_node(c, v - 1, beta);
      }
    } else {
      v = search_node(c, beta - 1, beta);
      if (v < beta && v > alpha) {
        chance_stats::research();
        v = search_node(c, alpha, v + 1);
      }
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
Int128 ChanceSearch::chance(const Node& n, Int128 alpha, Int128 beta) {
  const Position& p = n.pos;
  const Int128 unit = factorial(p.stock_left() - 1);
  Frame& f = frame();
  draws(n, f.draws);
  f.children.resize(f.draws.size());
  ++depth_;
  Move turn;
  turn.kind = MoveKind::Turn;
  turn.seat = p.actor;
  for (std::size_t i = 0; i < f.draws.size(); ++i) {  // every child's bucket prefetched first
    Child& c = f.children[i];
    turn.card = f.draws[i].card;
    c.node.pos = p;
    apply(c.node.pos, turn);
    settle(c.node.pos, c.node.moves);
    describe(c.node, &n);
    c.weight = f.draws[i].weight;
    c.card = turn.card;
  }
  Int128 lower_sum = 0, upper_sum = 0;
  for (Child& c : f.children) {
    known_bounds(c.node, unit, c.lower, c.upper);
    lower_sum += c.weight * c.lower;
    upper_sum += c.weight * c.upper;
  }
  chance_stats::chance_node(n.hash, p.stock_left(), f.children.size());
  if (split_ && beta - alpha == 1) {
    const Int128 v = chance_split(f, alpha, beta, unit);
    --depth_;
    return v;
  }
  const std::size_t count = f.children.size();
  for (std::size_t k = 0; k < count; ++k) {
    // A helper thread goes through the cards from the other end, so that the threads
    // search different subtrees first and meet in the table.
    Child& c = f.children[reverse_ ? count - 1 - k : k];
    if (lower_sum >= beta || upper_sum <= alpha) {
      chance_stats::chance_cut();
      break;
    }
    chance_stats::chance_child_searched();
    if (c.lower == c.upper) continue;
    const Int128 w = c.weight;
    const Int128 lower_rest = lower_sum - w * c.lower, upper_rest = upper_sum - w * c.upper;
    // Outside (a, b) the child puts the sum outside (alpha, beta).
    const Int128 a = std::max(floor_div(alpha - upper_rest, w), c.lower - 1);
    const Int128 b = std::min(ceil_div(beta - lower_rest, w), c.upper + 1);
    const Int128 v = search_node(c.node, a, b);
    if (v <= a) c.upper = std::min(c.upper, v);
    else if (v >= b) c.lower = std::max(c.lower, v);
    else c.lower = c.upper = v;
    chance_stats::chance_child_exact(c.lower == c.upper);
    lower_sum = lower_rest + w * c.lower;
    upper_sum = upper_rest + w * c.upper;
  }
  --depth_;
  if (lower_sum >= beta) return lower_sum;
  return upper_sum;  // below alpha, or exact (lower_sum == upper_sum)
}

}  // namespace conquian::solve
