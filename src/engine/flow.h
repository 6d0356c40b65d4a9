// How the face-up card travels and whose turn follows, for Conquian's position (the engine's,
// shared with replay/position_setup.cpp, which builds positions the way the engine would).
// The travel itself is the family's (turn/offer_flow.h, which Panguingue plays by too); this
// file gives it Conquian's cards: a dead card joins the 64-bit `dead` set, an empty stock
// ends the deal as `stock_out` says, and a card "fits" a table as the meld index says.
#pragma once

#include "engine/position.h"

namespace conquian {

// The hooks turn/offer_flow.h asks of a position (found beside it).
inline void kill_card(Position& pos, Card card) { pos.dead.insert(card); }
void stock_ran_out(Position& pos);

}  // namespace conquian

namespace conquian::flow {

inline int offer_count(const Position& pos) { return turn::offer_count(pos); }
// The seat the face-up card is offered to after `index` refusals.
inline int offer_seat(const Position& pos, int index) { return turn::offer_seat(pos, index); }
// Moves to the next seat of the offer order, or kills the card and starts the next turn.
inline void refuse(Position& pos) { turn::refuse(pos); }
// The seat turns next; an empty stock ends the deal instead (stock_out).
inline void enter_turn(Position& pos, int seat) { turn::enter_turn(pos, seat); }
// A face-up card that seat `origin` threw (or turned: `turned`), offered in order.
inline void offer(Position& pos, Card card, int origin, bool turned) { turn::offer(pos, card, origin, turned); }
inline void win(Position& pos, int seat) { turn::win(pos, seat); }
// Whether `card` fits seat's table alone (no cards from the hand), regrouping if allowed.
bool fits(const Position& pos, int seat, Card card);

// The forcing of a face-up card (specs/rulesets.md, `forcing`), one condition each, asked
// by apply, judge, legal_moves, position files and the forcing analysis alike.
// Inline: the move generator asks them at every offer, mostly of rulesets without them.
// decline (000, 002, 003, 004): a seat that refuses a card fitting its table alone may be
// forced to take it (by whom: forcing_by, turn/offer_flow.h).
inline bool may_force_on_decline(const Position& pos, int seat, Card card) {
  return pos.rules->forcing.decline && turn::may_force_on_decline(pos, seat, fits(pos, seat, card));
}
// offer (004): the seat facing the face-up card may force it onto another seat whose table
// it fits.
inline bool may_force_by_offer(const Position& pos, int facing, int target) {
  return pos.rules->forcing.offer && target != facing && fits(pos, target, pos.up);
}
// In Phase::Forced: whether the forced seat is the one that refused the card (decline),
// rather than one the seat facing it forced it on (offer).
inline bool forced_on_decline(const Position& pos) {
  return pos.phase == Phase::Forced && pos.rules->forcing.decline && offer_seat(pos, pos.refusals) == pos.actor;
}
// The kept grouping of a seat's table (rulesets without rearrange).
MeldList kept_melds(const Position& pos, int seat);
void keep_melds(Position& pos, int seat, const MeldList& melds);

}  // namespace conquian::flow
