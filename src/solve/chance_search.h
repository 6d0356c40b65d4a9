// The search behind ChanceSolver (chance.h): alpha-beta over expected scores with the
// stock unknown (specs/solve.md, "The search with the stock unknown").
//
// Values are exact integers: seat 0's expected score at a position times n!, n the unseen
// cards (exact.h). A seat's decision is a max (seat 0) or min (seat 1) node, searched with
// fail-soft alpha-beta and move ordering. A turn is a chance node whose value is the sum of
// its children's (each turned card equally likely), searched with Star1 (Ballard 1983): every
// child's value lies within [-(n-1)!, (n-1)!], or within tighter bounds from the table, so
// the children searched so far bound the sum, and each child gets the window outside which
// the sum falls outside its parent's (Star2-like first passes were measured and not kept:
// specs/solve.md). Useless unseen cards (meld_reach.h) are one child, weighted by their
// number. The table stores bounds (lower, upper) and the best move per position,
// keyed on the position with the useless cards counted dead (meld_reach.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include "solve/exact.h"
#include "solve/meld_reach.h"
#include "solve/move_order.h"
#include "solve/solver.h"
#include "solve/transposition.h"

namespace conquian::solve {

// Bounds on a position's value (numerators over n!, n <= 20 so that they fit), and the
// index into legal_moves() of the best move found (kNoMove: none; kTurnOption: the turn).
struct __attribute__((packed)) ChanceBounds {
  std::int64_t lower = 0, upper = 0;
  std::uint16_t best = 0xFFFF;
};

class ChanceSearch {
 public:
  static constexpr std::uint16_t kNoMove = 0xFFFF;
  static constexpr std::uint16_t kTurnOption = 0xFFFE;
  // Positions with more unseen cards are not tabled (their values need more than 64 bits).
  static constexpr int kMaxTabled = 20;
  // The table starts at 2^18 entries and grows fourfold up to 2^table_bits as it fills
  // (transposition.h): most searches are small.
  static constexpr int kFirstTableBits = 18;

  using Table = TranspositionTable<ChanceBounds, PackedKey>;
  explicit ChanceSearch(const Options& options);
  // A helper of another search on another thread: it shares that search's table (which
  // must be shared(): transposition.h), never starts a new generation of it, and goes
  // through the cards of a turn in the reverse order (chance.h, "Threads").
  ChanceSearch(const Options& options, std::shared_ptr<Table> table);
  const std::shared_ptr<Table>& table() const { return table_; }
  // Stops the search (BudgetExceeded) soon after *stop turns true (checked every 1,024
  // nodes); null: never.
  void stop_when(const std::atomic<bool>* stop) { stop_ = stop; }
  void set_reverse(bool reverse) { reverse_ = reverse; }
  // Null-window tests at a turn split the threshold among the cards (chance_split.cpp)
  // instead of Star1's windows; off: Star1 everywhere (the exact search's default).
  void set_threshold_split(bool split) { split_ = split; }
  void set_max_nodes(std::uint64_t max_nodes) { options_.max_nodes = max_nodes; }

  // Seat 0's expected score at `p` times n! (n = p.stock_left()) if it lies strictly between
  // alpha and beta; otherwise a bound on that side (fail-soft). Throws BudgetExceeded past
  // options.max_nodes nodes since reset_nodes().
  Int128 search(const Position& p, Int128 alpha, Int128 beta);
  Int128 exact(const Position& p);
  // Whether p's value is at least (`at_least`) v, or at most v.
  bool reaches(const Position& p, Int128 v, bool at_least);

  // A position the search stands on: its single-move decisions played (the decision is no
  // decision, and the outcome pass makes the same move), with its table key, useless cards
  // and whether each seat may still win. The outcome pass keys on split_key(): the position
  // with its useless unseen cards counted dead (positions with equal keys are the same up to
  // the names of those cards, move for move); the search's own key also merges inert cards
  // in hands, which changes the order of the discards in legal_moves().
  struct Node {
    Position pos;
    PackedKey key;
    std::uint64_t hash = 0;
    CardSet useless;  // unseen cards neither seat can acquire
    CardSet inert;    // cards in hands that neither seat can ever meld
    bool may_win[2] = {true, true};
    // The seat that wins for certain, whatever the order of the stock (-1: none known): it
    // is one take from the target with cards in the stock that it could take now and the
    // other seat can never acquire, and the other seat cannot win. Such a card is turned
    // before the stock runs out (it is in the stock); the seat takes it when it turns it,
    // and when the other seat turns it the other seat cannot take it (nor be forced to), so
    // it is offered to the seat. Nothing the seat holds changes before then (any take wins).
    // Two seats, melds laid only with a take, no hits, the stock running out a draw.
    // Also a seat one card in hand and two from the target, whose first take leaves it such
    // a winner whatever it is made to take (wins_after_one_take; rulesets with rearrange).
    int sure_winner = -1;
    // Bounds on the value times n! from these: [-top, top] narrowed.
    void bounds(Int128 top, Int128& lower, Int128& upper) const {
      if (sure_winner >= 0) {
        lower = upper = sure_winner == 0 ? top : -top;
        return;
      }
      lower = may_win[1] ? -top : 0, upper = may_win[0] ? top : 0;
    }
    std::vector<Move> moves;  // a seat's decision: legal_moves(pos)
    // Each seat's closure (MeldReach::reachable) and what it was computed from. It is a
    // function of the seat's hand, its table and the open cards alone, and a closure that
    // never held a card does not change when the card leaves the open ones: so a child
    // whose seat holds what it held here, and whose open cards lost none of the closure,
    // has the same closure (most children: a card turned, refused and dead).
    struct Reach {
      CardSet hand, table, open, cards;
      CardSet joined;  // the cards that join the closure: reach_->joining(cards)
      bool known = false;
    };
    Reach reach[2];
  };
  // The node whose decision's best move so far goes to options.report (the root's; null:
  // none).
  void report_best_at(const Node* root) { report_root_ = root; }
  // `parent`, when given, is a node p was reached from (its closures may be reused).
  void prepare(Node& n, const Position& p, const Node* parent = nullptr);
  // The outcome pass's key of a tabled node (above); only that pass needs it.
  static PackedKey split_key(const Node& n) {
    StateKey k = state_key(n.pos);
    k.dead |= n.useless.bits();
    return pack(k);
  }
  Int128 search_node(const Node& n, Int128 alpha, Int128 beta);
  Int128 exact(const Node& n);
  bool reaches(const Node& n, Int128 v, bool at_least);
  Int128 turn_value(const Node& n);

  // The cards a turn may show, as classes of equal futures: each useful unseen card alone,
  // the useless ones (meld_reach.h) as one class weighted by their number. A known stock:
  // its top card, weighted n (so that the sum is over n!, like an unknown stock's).
  struct Draw {
    Card card;
    int weight;
  };
  void draws(const Node& n, std::vector<Draw>& out) const;
  // Whether the decision at `p` is to turn a card (a chance event with the stock unknown;
  // with it known, one draw of weight n). Lays (meld_timing: turn) may come first.
  static bool is_turn(const Position& p) { return p.phase == Phase::Turn; }
  // The options of a turn besides turning the card: the lays legal_moves() allows before it
  // (meld_timing: turn), none otherwise.
  static void turn_lays(const Position& p, std::vector<Move>& out);

  bool tabled(const Position& p) const { return options_.transposition && p.stock_left() <= kMaxTabled; }

  // Bounds on p's value (times n!) proved by what the table holds, with no search: a
  // position's own entry, or its children's, `depth` decisions and turns down (a decision's
  // value is the best of its children's, a turn's their weighted sum; below that depth and
  // without an entry, the bounds of Node::bounds). Every entry is a proved bound, so these
  // are too, however the search that filled the table ended (a stopped search's, most often).
  void proved_bounds(const Position& p, int depth, Int128& lower, Int128& upper);

  // Call before searching `root`: another ruleset, or a known stock, starts a fresh table.
  void start(const Position& root);
  // Called every 65,536 nodes with the count; returning false stops the search
  // (BudgetExceeded), as max_nodes does.
  void on_progress(std::function<bool(std::uint64_t)> f) { progress_ = std::move(f); }
  void reset_nodes() {
    nodes_ = 0;
    published_.store(0, std::memory_order_relaxed);
  }
  std::uint64_t nodes() const { return nodes_; }
  // nodes() as of the last 1,024, readable from another thread (a progress line).
  std::uint64_t published_nodes() const { return published_.load(std::memory_order_relaxed); }

 private:
  struct Child {
    Node node;
    int weight = 1;
    Card card = kNoCard;
    Int128 lower = 0, upper = 0;
    Int128 guess = 0;  // the threshold split's estimate of the value, within [lower, upper]
  };
  struct Frame {              // one per depth, reused: no allocation per node
    std::vector<Move> moves;  // a turn's lays
    std::vector<int> order;
    std::vector<Draw> draws;
    std::vector<Child> children;
    Node next;  // a decision's child
  };
  // Plays single-move decisions (a card nobody can take, most often): no decision.
  void settle(Position& p, std::vector<Move>& scratch) const;
  void describe(Node& n, const Node* parent) const;
  CardSet closure(Node& n, int seat, const Node* parent) const;
  // Whether seat s, one card in hand and two from the target, wins whatever the order of
  // the stock, the other seat's closure being `other_reach` (chance_search.cpp).
  bool wins_after_one_take(const Position& p, int s, CardSet other_reach) const;
  Int128 search_moves(const Node& n, Int128 alpha, Int128 beta, int tt_best, std::uint16_t& best);
  void proved_bounds(const Node& n, int depth, Int128& lower, Int128& upper);
  // What is known of n's value (times n!, top = n!) without searching: a finished deal's
  // value, or Node::bounds narrowed by the table's entry.
  void known_bounds(const Node& n, Int128 top, Int128& lower, Int128& upper);
  Int128 chance(const Node& n, Int128 alpha, Int128 beta);
  // A turn's null-window test (beta = alpha + 1) over f.children, their bounds known:
  // each card gets its own threshold (chance_split.cpp).
  Int128 chance_split(Frame& f, Int128 alpha, Int128 beta, Int128 unit);
  Frame& frame();

  // Closures already computed, by what they are a function of (hand, table, open cards:
  // meld_reach.h), direct-mapped: a position met again, or a sibling whose seat holds what
  // another held, computes none (measured on a 14-unseen search: 570,000 closures computed
  // where parents could not lend theirs, of 116,000 distinct arguments). Per search, so per
  // thread; cleared with the ruleset. Rulesets with rearrange only (closure()).
  struct ClosureMemo {
    std::uint64_t hand = ~std::uint64_t{0}, table = 0, open = 0, cards = 0, joined = 0;
  };
  static constexpr std::size_t kClosureMemoSize = std::size_t{1} << 11;
  mutable std::vector<ClosureMemo> closure_memo_;

  Options options_;
  std::shared_ptr<Table> table_;
  bool owner_ = true;     // this search's own table (false: a helper's, shared)
  bool reverse_ = false;  // the cards of a turn searched last first
  bool split_ = false;    // set_threshold_split
  const std::atomic<bool>* stop_ = nullptr;
  const Node* report_root_ = nullptr;
  std::unique_ptr<MeldReach> reach_;
  History history_;
  std::deque<Frame> frames_;
  std::size_t depth_ = 0;
  std::uint64_t nodes_ = 0;
  std::atomic<std::uint64_t> published_{0};
  std::function<bool(std::uint64_t)> progress_;
  bool stock_known_ = false;
};

}  // namespace conquian::solve
