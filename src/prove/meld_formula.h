// "These cards form one legal meld" and "this grouping splits a table into legal melds" as
// quantifier-free Z3 formulas over 0/1 integer terms, one per card of the deck. Used by the
// step model (prove/step_model.h), where a table and its grouping are unknowns.
//
// Written from the rules (specs/rulesets.md, "melds"), not from cards/melds.cpp: a meld is a
// set (its natural cards share one rank; set_min..min(set_max, suits) cards) or a run (its
// natural cards share one suit and span at most as many ranks as the run has cards;
// run_min..cap cards, the cap being run_max or the deck's rank count). Wild cards count
// towards the size and stand for anything. The formula has no auxiliary variables (a rank
// or suit is "present" when some member has it), so it can be negated: "no meld of this
// seat's table takes this card" is quantifier-free too.
#pragma once

#include <z3++.h>

#include <vector>

#include "cards/deck.h"
#include "cards/melds.h"

namespace conquian::prove::step {

using Terms = std::vector<z3::expr>;  // one term per card of the deck
using Grouping = std::vector<Terms>;  // [card][slot]: 1 when the card is in that meld slot

// The meld sizes the rules allow in this deck.
struct MeldSizes {
  int set_lo, set_hi, run_lo, run_hi;
  static MeldSizes of(const Deck& deck, const MeldRules& rules);
  // The fewest cards of any meld (a nonempty table holds at least this many).
  int smallest() const;
};

class MeldFormula {
 public:
  MeldFormula(z3::context& ctx, const Deck& deck, const MeldRules& rules);

  // `members` (0/1 per card) is empty or one legal meld.
  z3::expr empty_or_meld(const Terms& members) const;
  // Every card c with cards[c] = 1 is in exactly one slot of `slots`, every other card in
  // none, and every slot is empty or a legal meld. The slot terms must be 0/1 (see domain()).
  z3::expr grouping(const Terms& cards, const Grouping& slots) const;
  // 0 <= t <= 1 for every slot term.
  z3::expr domain(const Grouping& slots) const;

  const MeldSizes& sizes() const { return sizes_; }

 private:
  z3::context& ctx_;
  const Deck& deck_;
  CardSet wild_;
  MeldSizes sizes_;
};

z3::expr sum_of(z3::context& ctx, const Terms& terms);

}  // namespace conquian::prove::step
