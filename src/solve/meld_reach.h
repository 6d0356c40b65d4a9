// Which cards a two-seat deal can still meld, for the search with the stock unknown
// (specs/solve.md, "Useless cards").
//
// A seat can never meld a dead card, nor a card on the other seat's table; both sets only
// grow. A meld is open to a seat when it holds none of those cards. An unseen card in no
// meld open to either seat is useless for the rest of the deal: turned, it can be neither
// taken nor forced (both need a meld holding it), so it is refused by both seats and dies,
// and dying it closes no meld that was open (each meld holding it was closed already).
// Turning any one of the useless cards therefore leads to the same future, up to the name
// of the card; and two positions that differ only in which useless cards are dead and which
// are still in the stock have the same value. The search evaluates one useless card for all
// of them and keys its table on `dead | useless`.
//
// A seat with fewer than `target` cards in melds open to it can no longer win (by melding;
// under stock_out: fewest_in_hand it still may when the stock runs out).
#pragma once

#include <array>

#include "engine/position.h"

namespace conquian::solve {

class MeldReach {
 public:
  explicit MeldReach(const Ruleset& rules);

  const Ruleset& rules() const { return *rules_; }
  // The unseen cards in no meld open to either seat (two seats).
  CardSet useless_unseen(const Position& p) const;
  // False when seat `seat` can no longer win: fewer than `target` cards in melds open to it,
  // and the stock running out is a draw.
  bool may_win(const Position& p, int seat) const;

 private:
  // Whether some meld holding `card` lies within `open`.
  bool in_open_meld(Card card, CardSet open) const {
    for (CardSet m : minimal_[card])
      if (open.contains(m)) return true;
    return false;
  }

  const Ruleset* rules_;
  // The melds holding each card that hold no smaller meld with the card: a meld lies within
  // a set of cards only if one of these does.
  std::array<std::vector<CardSet>, kMaxCards> minimal_;
};

}  // namespace conquian::solve
