#include "prove/meld_formula.h"

#include <algorithm>

namespace conquian::prove::step {

z3::expr sum_of(z3::context& ctx, const Terms& terms) {
  if (terms.empty()) return ctx.int_val(0);
  z3::expr_vector v(ctx);
  for (const auto& t : terms) v.push_back(t);
  return z3::sum(v);
}

MeldSizes MeldSizes::of(const Deck& deck, const MeldRules& rules) {
  int cap = rules.run_max > 0 ? std::min(rules.run_max, deck.rank_count()) : deck.rank_count();
  return {rules.set_min, std::min(rules.set_max, deck.suit_count()), rules.run_min, cap};
}

int MeldSizes::smallest() const {
  int lo = 1 << 20;
  if (set_lo <= set_hi) lo = std::min(lo, set_lo);
  if (run_lo <= run_hi) lo = std::min(lo, run_lo);
  return lo;
}

MeldFormula::MeldFormula(z3::context& ctx, const Deck& deck, const MeldRules& rules)
    : ctx_(ctx), deck_(deck), wild_(rules.wild), sizes_(MeldSizes::of(deck, rules)) {}

// At most one of `flags` holds (pairwise: propositional, cheap for the SAT core).
z3::expr at_most_one(z3::context& ctx, const std::vector<z3::expr>& flags) {
  z3::expr_vector parts(ctx);
  for (std::size_t i = 0; i < flags.size(); ++i)
    for (std::size_t j = i + 1; j < flags.size(); ++j) parts.push_back(!(flags[i] && flags[j]));
  return z3::mk_and(parts);
}

z3::expr MeldFormula::empty_or_meld(const Terms& m) const {
  int ranks = deck_.rank_count(), suits = deck_.suit_count();
  z3::expr size = sum_of(ctx_, m);
  // A rank (a suit) is present when some natural member has it.
  std::vector<z3::expr_vector> by_rank, by_suit;
  for (int r = 0; r < ranks; ++r) by_rank.emplace_back(ctx_);
  for (int u = 0; u < suits; ++u) by_suit.emplace_back(ctx_);
  for (int c = 0; c < deck_.size(); ++c) {
    if (wild_.has(static_cast<Card>(c))) continue;
    by_rank[deck_.rank_of(static_cast<Card>(c))].push_back(m[c] >= 1);
    by_suit[deck_.suit_of(static_cast<Card>(c))].push_back(m[c] >= 1);
  }
  std::vector<z3::expr> rank_here, suit_here;
  for (auto& v : by_rank) rank_here.push_back(z3::mk_or(v));
  for (auto& v : by_suit) suit_here.push_back(z3::mk_or(v));

  z3::expr is_set = ctx_.bool_val(false), is_run = ctx_.bool_val(false);
  if (sizes_.set_lo <= sizes_.set_hi)
    is_set = size >= sizes_.set_lo && size <= sizes_.set_hi && at_most_one(ctx_, rank_here);
  if (sizes_.run_lo <= sizes_.run_hi) {
    // One suit, and the ranks present span no more ranks than the run has cards (the gaps
    // are wild cards); a run never wraps, and its size is at most the rank count, so a
    // window of that size holding the span always fits in the deck.
    z3::expr_vector parts(ctx_);
    parts.push_back(size >= sizes_.run_lo && size <= sizes_.run_hi && at_most_one(ctx_, suit_here));
    for (int a = 0; a < ranks; ++a)
      for (int b = a + 1; b < ranks; ++b) {
        int span = b - a + 1;
        if (span <= sizes_.run_lo) continue;  // the size bound says it already
        if (span > sizes_.run_hi) parts.push_back(!(rank_here[a] && rank_here[b]));
        else parts.push_back(z3::implies(rank_here[a] && rank_here[b], size >= span));
      }
    is_run = z3::mk_and(parts);
  }
  return z3::implies(size >= 1, is_set || is_run);
}

z3::expr MeldFormula::grouping(const Terms& cards, const Grouping& slots) const {
  z3::expr_vector parts(ctx_);
  std::size_t groups = slots.empty() ? 0 : slots[0].size();
  for (std::size_t c = 0; c < cards.size(); ++c) parts.push_back(sum_of(ctx_, slots[c]) == cards[c]);
  for (std::size_t g = 0; g < groups; ++g) {
    Terms members;
    for (std::size_t c = 0; c < cards.size(); ++c) members.push_back(slots[c][g]);
    parts.push_back(empty_or_meld(members));
  }
  return z3::mk_and(parts);
}

z3::expr MeldFormula::domain(const Grouping& slots) const {
  z3::expr_vector parts(ctx_);
  for (const auto& row : slots)
    for (const auto& t : row) parts.push_back(t >= 0 && t <= 1);
  return z3::mk_and(parts);
}

}  // namespace conquian::prove::step
