// A symbolic table for Z3: which cards of the deck lie on it is unknown, and so is how they
// split into melds. Properties that range over every possible table ("no winning table
// holds a run of nine") are asked of this model.
//
// Encoding (independent of cards/melds.cpp): card c is on the table when on(c); it then
// belongs to exactly one of G groups (in(c, g)); a group is empty, a set or a run. A set's
// natural cards share the group's rank; a run's natural cards share its suit and lie in the
// window [start, start + size) of the deck's ranks (wild cards fill the rest, nothing wraps);
// sizes are counts of members within the ruleset's ranges. Two natural cards of one suit
// are distinct cards, so their ranks differ: a run needs no further constraint.
#pragma once

#include <z3++.h>

#include <vector>

#include "cards/card_set.h"
#include "cards/deck.h"
#include "cards/melds.h"

namespace conquian::prove {

class TableModel {
 public:
  // `groups`: how many melds the table may hold; `universe`: cards that may be on it.
  TableModel(z3::context& ctx, const Deck& deck, const MeldRules& rules, int groups, CardSet universe);

  const z3::expr_vector& constraints() const { return constraints_; }
  z3::expr on(Card c) const { return on_[c]; }
  z3::expr size() const;  // cards on the table
  z3::expr is_run(int g) const { return run_[g]; }
  z3::expr group_size(int g) const { return size_[g]; }
  int groups() const { return groups_; }
  // The table's cards in a model.
  CardSet cards_in(const z3::model& m) const;

 private:
  z3::context& ctx_;
  const Deck& deck_;
  int groups_;
  CardSet universe_;
  std::vector<z3::expr> on_, run_, set_, size_;
  std::vector<std::vector<z3::expr>> in_;
  z3::expr_vector constraints_;
};

}  // namespace conquian::prove
