#include "prove/partition_z3.h"

#include <z3++.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <optional>
#include <stdexcept>

namespace conquian::prove {
namespace {

// The meld sizes the rules allow, with the caps the deck imposes: a set has at most one
// card of each suit, a run at most one of each rank.
struct Sizes {
  int set_lo, set_hi, run_lo, run_hi;

  static Sizes of(const Deck& deck, const MeldRules& rules) {
    return {std::max(1, rules.set_min), rules.set_cap(deck), std::max(1, rules.run_min), rules.run_cap(deck)};
  }
  bool sets_exist() const { return set_lo <= set_hi; }
  bool runs_exist() const { return run_lo <= run_hi; }
};

// The constraints of one query, added to `solver`.
//
// Each meld is named by its leader: its lowest natural card, or its lowest card if it has
// only wild cards. lead(i, j) says "card j is in the meld led by card i" (lead(i, i): card
// i leads a meld). A split has exactly one such description, so blocking it in an
// enumeration blocks that split and nothing else. The variables exist only where the
// rules leave a chance (both cards natural: i < j and they share a rank, or a suit within
// the run cap; a natural leader may take any wild card; a wild leader only higher wilds),
// so most pairs of cards cost nothing.
//
// Hard constraints fix the shape (each card has at most one leader, a card leads if it
// leads anyone). Every rule of the game is guarded by a named literal, assumed true at each
// check, so that an unsat core names the rules and cards it needed.
class Encoding {
 public:
  Encoding(z3::context& ctx, z3::solver& solver, const Deck& deck, const MeldRules& rules, CardSet cards)
      : ctx_(ctx), deck_(deck), sizes_(Sizes::of(deck, rules)), guards_(ctx), constraints_(ctx) {
    for (Card c : cards) cards_.push_back({c, deck.rank_of(c), deck.suit_of(c), rules.wild.has(c)});
    make_variables();
    add_shape();
    add_cover();
    add_kinds_and_sizes();
    add_one_rank_or_suit();
    add_spans();
    solver.add(z3::mk_and(constraints_));
  }

  const z3::expr_vector& assumptions() const { return guards_; }

  // The rules and cards of an unsat core, in the order they were made.
  std::vector<std::string> names_of(const z3::expr_vector& core) const {
    std::vector<std::string> in_core;
    for (unsigned k = 0; k < core.size(); ++k) in_core.push_back(core[k].decl().name().str());
    std::vector<std::string> names;
    for (unsigned k = 0; k < guards_.size(); ++k) {
      std::string name = guards_[k].decl().name().str();
      if (std::find(in_core.begin(), in_core.end(), name) != in_core.end()) names.push_back(name);
    }
    return names;
  }

  // The split a model describes, melds ordered by their lowest card.
  MeldList split(const z3::model& model) const {
    std::vector<CardSet> by_leader(cards_.size());
    for (std::size_t j = 0; j < cards_.size(); ++j) by_leader[leader_of(model, j)].insert(cards_[j].card);
    std::vector<CardSet> melds;
    for (CardSet m : by_leader)
      if (!m.empty()) melds.push_back(m);
    std::sort(melds.begin(), melds.end(), [](CardSet a, CardSet b) { return a.lowest() < b.lowest(); });
    MeldList out;
    assert(melds.size() <= out.melds.size());  // rulesets have no meld of 1 card
    for (CardSet m : melds) out.push(m);
    return out;
  }

  // "Not this split": the leader of some card differs.
  z3::expr blocking_clause(const z3::model& model) const {
    z3::expr_vector differs(ctx_);
    for (std::size_t j = 0; j < cards_.size(); ++j) differs.push_back(!*lead(leader_of(model, j), j));
    return z3::mk_or(differs);
  }

 private:
  struct CardInfo {
    Card card;
    int rank, suit;
    bool wild;
  };

  const z3::expr* lead(std::size_t i, std::size_t j) const {
    return lead_[i * cards_.size() + j] ? &*lead_[i * cards_.size() + j] : nullptr;
  }
  bool natural(std::size_t i) const { return !cards_[i].wild; }

  // Whether card j may join the meld led by card i, by the rules alone.
  bool may_lead(std::size_t i, std::size_t j) const {
    if (i == j) return true;
    if (!natural(i)) return !natural(j) && i < j;
    if (!natural(j)) return true;
    if (j < i) return false;
    const CardInfo &a = cards_[i], &b = cards_[j];
    if (a.rank == b.rank) return sizes_.sets_exist();
    return a.suit == b.suit && sizes_.runs_exist() && b.rank - a.rank + 1 <= sizes_.run_hi;
  }

  std::size_t leader_of(const z3::model& model, std::size_t j) const {
    for (std::size_t i = 0; i < cards_.size(); ++i)
      if (lead(i, j) && model.eval(*lead(i, j), true).is_true()) return i;
    throw std::logic_error("partition_z3: a card of a satisfying split is in no meld");
  }

  z3::expr rule(const std::string& name) {
    z3::expr guard = ctx_.bool_const(name.c_str());
    guards_.push_back(guard);
    return guard;
  }
  void require(const z3::expr& guard, const z3::expr& e) { constraints_.push_back(z3::implies(guard, e)); }

  // A Boolean named by a number (cheaper than a string name); the guards have the names.
  z3::expr variable() { return ctx_.constant(ctx_.int_symbol(variables_++), ctx_.bool_sort()); }

  void make_variables() {
    std::size_t n = cards_.size();
    lead_.resize(n * n);
    for (std::size_t i = 0; i < n; ++i) {
      members_.emplace_back(ctx_);
      for (std::size_t j = 0; j < n; ++j)
        if (may_lead(i, j)) {
          lead_[i * n + j] = variable();
          members_[i].push_back(*lead(i, j));
        }
      is_set_.push_back(variable());
      is_run_.push_back(variable());
    }
  }

  // A card has at most one leader, and a card that leads another leads itself.
  void add_shape() {
    for (std::size_t j = 0; j < cards_.size(); ++j) {
      z3::expr_vector leaders = leaders_of(j);
      if (leaders.size() > 1) constraints_.push_back(z3::atmost(leaders, 1));
      for (std::size_t i = 0; i < cards_.size(); ++i)
        if (i != j && lead(i, j)) constraints_.push_back(z3::implies(*lead(i, j), *lead(i, i)));
    }
  }

  z3::expr_vector leaders_of(std::size_t j) const {
    z3::expr_vector leaders(ctx_);
    for (std::size_t i = 0; i < cards_.size(); ++i)
      if (lead(i, j)) leaders.push_back(*lead(i, j));
    return leaders;
  }

  void add_cover() {
    for (std::size_t j = 0; j < cards_.size(); ++j)
      require(rule("card " + deck_.token(cards_[j].card) + " is in a meld"), z3::mk_or(leaders_of(j)));
  }

  // Wild cards count towards the size; a set cannot outgrow the suits, nor a run the ranks.
  void add_kinds_and_sizes() {
    z3::expr kind = rule("a meld is a set or a run");
    z3::expr set_size = rule(size_rule("set", sizes_.set_lo, sizes_.set_hi));
    z3::expr run_size = rule(size_rule("run", sizes_.run_lo, sizes_.run_hi));
    for (std::size_t i = 0; i < cards_.size(); ++i) {
      require(kind, z3::implies(*lead(i, i), is_set_[i] || is_run_[i]));
      require(set_size, z3::implies(is_set_[i], size_between(i, sizes_.set_lo, sizes_.set_hi)));
      require(run_size, z3::implies(is_run_[i], size_between(i, sizes_.run_lo, sizes_.run_hi)));
    }
  }

  static std::string size_rule(const std::string& kind, int lo, int hi) {
    if (lo > hi) return "no " + kind + " is possible in this deck";
    return "a " + kind + " has " + std::to_string(lo) + " to " + std::to_string(hi) + " cards";
  }

  z3::expr size_between(std::size_t i, int lo, int hi) {
    if (lo > hi) return ctx_.bool_val(false);
    return z3::atleast(members_[i], static_cast<unsigned>(lo)) && z3::atmost(members_[i], static_cast<unsigned>(hi));
  }

  // The natural cards of a set share the leader's rank, those of a run its suit. (A wild
  // leader leads wild cards only.)
  void add_one_rank_or_suit() {
    z3::expr one_rank = rule("a set holds natural cards of one rank");
    z3::expr one_suit = rule("a run holds natural cards of one suit");
    for_each_natural_member([&](std::size_t i, std::size_t j) {
      if (cards_[i].rank != cards_[j].rank) require(one_rank, z3::implies(is_set_[i], !*lead(i, j)));
      if (cards_[i].suit != cards_[j].suit) require(one_suit, z3::implies(is_run_[i], !*lead(i, j)));
    });
  }

  // A run of size k covers k consecutive ranks (nothing wraps; the deck's own rank list
  // decides neighbours), so a natural card d ranks above its leader needs size >= d + 1;
  // the ranks between are other natural cards or wilds. Natural cards of one suit have
  // distinct ranks, and a window of that size fits in the deck because the size is at most
  // the rank count.
  void add_spans() {
    z3::expr span = rule("a run has at least as many cards as the ranks it spans");
    for_each_natural_member([&](std::size_t i, std::size_t j) {
      if (cards_[i].suit != cards_[j].suit) return;
      int needed = cards_[j].rank - cards_[i].rank + 1;
      if (needed <= sizes_.run_lo) return;  // the run size rule says it already
      require(span, z3::implies(is_run_[i] && *lead(i, j), z3::atleast(members_[i], static_cast<unsigned>(needed))));
    });
  }

  // Calls f(i, j) for every natural card j > i that may join the meld led by natural i.
  template <class F>
  void for_each_natural_member(F&& f) const {
    for (std::size_t i = 0; i < cards_.size(); ++i)
      for (std::size_t j = i + 1; j < cards_.size(); ++j)
        if (natural(i) && natural(j) && lead(i, j)) f(i, j);
  }

  z3::context& ctx_;
  const Deck& deck_;
  Sizes sizes_;
  std::vector<CardInfo> cards_;                // lowest card first
  std::vector<std::optional<z3::expr>> lead_;  // lead_[i * n + j]: card j is in i's meld
  std::vector<z3::expr_vector> members_;       // members_[i]: every lead(i, j)
  std::vector<z3::expr> is_set_, is_run_;      // the meld led by card i is a set, a run
  z3::expr_vector guards_;
  z3::expr_vector constraints_;
  int variables_ = 0;
};

using Clock = std::chrono::steady_clock;

// A time budget for a whole query (encoding and every check), 0 ms meaning none, and a
// resource limit for each check.
class Budget {
 public:
  explicit Budget(const Z3Limits& limits)
      : bounded_(limits.timeout_ms > 0),
        rlimit_(limits.rlimit),
        deadline_(Clock::now() + std::chrono::milliseconds(limits.timeout_ms)) {}
  // Gives the next check the time that is left; false when none is (the check must not
  // run: a fast check would otherwise outlast the budget, 1 ms at a time).
  bool apply(z3::solver& solver) const {
    if (rlimit_ > 0) solver.set("rlimit", rlimit_);
    if (!bounded_) return true;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now());
    if (left.count() <= 0) return false;
    solver.set("timeout", static_cast<unsigned>(left.count()));
    return true;
  }
  static constexpr const char* kSpent = "timeout: the query's time was spent before this check";

 private:
  bool bounded_;
  unsigned rlimit_;
  Clock::time_point deadline_;
};

// The solver for one query. QF_UF selects Z3's SMT core with a light set-up: on these small
// problems it was the fastest measured (per 10-card query the default solver took about 3
// times as long, the SAT-based QF_FD 1.6 times), and it honours the cardinality constraints
// (tests/partition_z3_test.cpp checks it against two other deciders).
z3::solver make_solver(z3::context& ctx) { return z3::solver(ctx, "QF_UF"); }

}  // namespace

Z3Partition z3_partition(const Deck& deck, const MeldRules& rules, CardSet cards, const Z3Limits& limits) {
  Budget budget(limits);
  Z3Partition out;
  try {
    z3::context ctx;
    z3::solver solver = make_solver(ctx);
    Encoding encoding(ctx, solver, deck, rules, cards);
    if (!budget.apply(solver)) {
      out.reason_unknown = Budget::kSpent;
      return out;
    }
    switch (solver.check(encoding.assumptions())) {
      case z3::sat:
        out.answer = Z3Partition::Answer::Yes;
        out.split = encoding.split(solver.get_model());
        break;
      case z3::unsat:
        out.answer = Z3Partition::Answer::No;
        out.core = encoding.names_of(solver.unsat_core());
        break;
      case z3::unknown:
        out.answer = Z3Partition::Answer::Unknown;
        out.reason_unknown = solver.reason_unknown();
        break;
    }
  } catch (const z3::exception& e) {
    out = Z3Partition{};
    out.reason_unknown = std::string("z3 error: ") + e.msg();
  }
  return out;
}

std::size_t z3_all_partitions(const Deck& deck, const MeldRules& rules, CardSet cards,
                              const std::function<bool(const MeldList&)>& visit, const Z3Limits& limits,
                              std::string* reason_unknown) {
  Budget budget(limits);
  std::size_t count = 0;
  std::string unknown;
  try {
    z3::context ctx;
    z3::solver solver = make_solver(ctx);
    Encoding encoding(ctx, solver, deck, rules, cards);
    for (;;) {
      if (!budget.apply(solver)) {
        unknown = Budget::kSpent;
        break;
      }
      z3::check_result result = solver.check(encoding.assumptions());
      if (result == z3::unsat) break;
      if (result == z3::unknown) {
        unknown = solver.reason_unknown();
        break;
      }
      z3::model model = solver.get_model();
      ++count;
      if (!visit(encoding.split(model))) break;
      solver.add(encoding.blocking_clause(model));
    }
  } catch (const z3::exception& e) { unknown = std::string("z3 error: ") + e.msg(); }
  if (reason_unknown) *reason_unknown = unknown;
  else if (!unknown.empty()) throw std::runtime_error("z3_all_partitions: the enumeration is incomplete: " + unknown);
  return count;
}

}  // namespace conquian::prove
