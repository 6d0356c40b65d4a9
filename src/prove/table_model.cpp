#include "prove/table_model.h"

#include <string>

namespace conquian::prove {

TableModel::TableModel(z3::context& ctx, const Deck& deck, const MeldRules& rules, int groups, CardSet universe)
    : ctx_(ctx), deck_(deck), groups_(groups), universe_(universe), constraints_(ctx) {
  int n = deck.size(), ranks = deck.rank_count();
  int cap = rules.run_cap(deck);
  int set_hi = rules.set_cap(deck);
  for (int c = 0; c < n; ++c) {
    on_.push_back(ctx.bool_const(("on_" + std::to_string(c)).c_str()));
    if (!universe.has(static_cast<Card>(c))) constraints_.push_back(!on_.back());
  }
  std::vector<z3::expr> rank, suit, start;
  for (int g = 0; g < groups; ++g) {
    std::string s = std::to_string(g);
    run_.push_back(ctx.bool_const(("run_" + s).c_str()));
    set_.push_back(ctx.bool_const(("set_" + s).c_str()));
    rank.push_back(ctx.int_const(("rank_" + s).c_str()));
    suit.push_back(ctx.int_const(("suit_" + s).c_str()));
    start.push_back(ctx.int_const(("start_" + s).c_str()));
  }
  in_.assign(static_cast<std::size_t>(n), {});
  for (int c = 0; c < n; ++c) {
    z3::expr_vector members(ctx);
    for (int g = 0; g < groups; ++g) {
      in_[c].push_back(ctx.bool_const(("in_" + std::to_string(c) + "_" + std::to_string(g)).c_str()));
      members.push_back(in_[c].back());
    }
    // On the table: in exactly one group; off it: in none.
    constraints_.push_back(z3::implies(on_[c], z3::atmost(members, 1) && z3::atleast(members, 1)));
    constraints_.push_back(z3::implies(!on_[c], !z3::mk_or(members)));
  }
  for (int g = 0; g < groups; ++g) {
    z3::expr_vector members(ctx);
    for (int c = 0; c < n; ++c) members.push_back(z3::ite(in_[c][g], ctx.int_val(1), ctx.int_val(0)));
    size_.push_back(z3::sum(members));
    z3::expr sz = size_[g];
    constraints_.push_back(!(set_[g] && run_[g]));
    constraints_.push_back(z3::implies(sz > 0, set_[g] || run_[g]));
    constraints_.push_back(z3::implies(set_[g], sz >= rules.set_min && sz <= set_hi));
    constraints_.push_back(
        z3::implies(run_[g], sz >= rules.run_min && sz <= cap && start[g] >= 0 && start[g] + sz <= ranks));
    for (int c = 0; c < n; ++c) {
      if (rules.wild.has(static_cast<Card>(c))) continue;  // a wild card fits any group
      int r = deck.rank_of(static_cast<Card>(c)), su = deck.suit_of(static_cast<Card>(c));
      constraints_.push_back(z3::implies(in_[c][g] && set_[g], rank[g] == r));
      constraints_.push_back(z3::implies(in_[c][g] && run_[g], suit[g] == su && start[g] <= r && r < start[g] + sz));
    }
  }
  // Symmetry: groups in order of size, empty ones last.
  for (int g = 0; g + 1 < groups; ++g) constraints_.push_back(size_[g] >= size_[g + 1]);
}

z3::expr TableModel::size() const {
  z3::expr_vector terms(ctx_);
  for (const auto& o : on_) terms.push_back(z3::ite(o, ctx_.int_val(1), ctx_.int_val(0)));
  return z3::sum(terms);
}

CardSet TableModel::cards_in(const z3::model& m) const {
  CardSet out;
  for (std::size_t c = 0; c < on_.size(); ++c)
    if (m.eval(on_[c], true).is_true()) out.insert(static_cast<Card>(c));
  return out;
}

}  // namespace conquian::prove
