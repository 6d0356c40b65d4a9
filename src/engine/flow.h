// How the face-up card travels and whose turn follows (the engine's, shared with
// replay/position_setup.cpp, which builds positions the way the engine would).
//
// A turned card is offered first to the seat that turned it (first_offer: turner; 000 and
// 004), then round the table; a thrown card round the table starting after the thrower.
// "Round the table" is the claim order (claim_priority): the order of play (next, the
// default) or against it (previous), which settles who has a card two seats would take
// (004's three-player "me sirve"). A card every seat refused is dead, and the seat after
// the one that turned or threw it turns next (specs/record-format.md, "Order of play").
#pragma once

#include "engine/position.h"

namespace conquian::flow {

int offer_count(const Position& pos);
// The seat the face-up card is offered to after `index` refusals.
int offer_seat(const Position& pos, int index);
// Moves to the next seat of the offer order, or kills the card and starts the next turn.
void refuse(Position& pos);
// The seat turns next; an empty stock ends the deal instead (stock_out).
void enter_turn(Position& pos, int seat);
// A face-up card that seat `origin` threw (or turned: `turned`), offered in order.
void offer(Position& pos, Card card, int origin, bool turned);
void win(Position& pos, int seat);
// Whether `card` fits seat's table alone (no cards from the hand), regrouping if allowed.
bool fits(const Position& pos, int seat, Card card);

// The forcing of a face-up card (specs/rulesets.md, `forcing`), one condition each, asked
// by apply, judge, legal_moves, position files and the forcing analysis alike.
// Inline: the move generator asks them at every offer, mostly of rulesets without them.
// decline (000, 002, 003, 004): a seat that refuses a card fitting its table alone may be
// forced to take it.
inline bool may_force_on_decline(const Position& pos, int seat, Card card) {
  return pos.rules->forcing.decline && fits(pos, seat, card);
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
