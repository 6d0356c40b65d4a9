// Which tables a seat may make when it lays cards: with a take (the taken card plus cards
// from the hand) or, under meld_timing: turn, from the hand alone. Engine-internal.
//
// Regrouping allowed (rearrange): a table is a set of cards, legal if it splits into melds.
// Without extra_melds every card laid from the hand must share the taken card's meld
// (000: "You never lay a meld down except with the card you have just taken").
// Regrouping not allowed: each meld already down stays one meld and may only grow.
#pragma once

#include <functional>
#include <vector>

#include "engine/flow.h"
#include "engine/position.h"

namespace conquian::takes {

// Whether the seat may make table `after` (a set) by taking `card` (kNoCard: a lay from
// the hand alone); regrouping rulesets only.
bool set_table_ok(const Position& pos, int seat, Card card, CardSet after);

// Whether some laid set makes a legal table with the face-up card: the seat can take it.
bool can_take(const Position& pos, int seat);
// Why a seat may not refuse the face-up card (a pass is must-take):
//   Compulsory: compulsory_take (a house rule): it can take the card, with or without
//     cards from its hand;
//   Extends: auto_take (a house rule): the card fits its own table without help from its
//     hand (the card 000's `decline` forcing would let another seat force on it).
enum class TakeDuty : std::uint8_t { None, Compulsory, Extends };
inline TakeDuty take_duty(const Position& pos, int seat) {
  if (pos.rules->auto_take && flow::fits(pos, seat, pos.up)) return TakeDuty::Extends;
  if (pos.rules->compulsory_take && can_take(pos, seat)) return TakeDuty::Compulsory;
  return TakeDuty::None;
}
inline bool must_take(const Position& pos, int seat) { return take_duty(pos, seat) != TakeDuty::None; }

// Every laid set L (cards from the hand) that makes a legal table with `card`
// (kNoCard: laying from the hand alone, L not empty). Each L once, appended to `out`.
void laid_options(const Position& pos, int seat, Card card, std::vector<CardSet>& out);

// Rulesets without rearrange: every grouping of the seat's kept melds plus the new cards
// (`card` and `laid`) in which old melds only grow; visit returns false to stop.
bool for_each_fixed_grouping(const Position& pos, int seat, Card card, CardSet laid,
                             const std::function<bool(const MeldList&)>& visit);
// Whether a stated grouping keeps the old melds (each grows into its own new meld) and
// honours extra_melds; on failure says why.
bool fixed_grouping_ok(const Position& pos, int seat, Card card, const MeldList& stated, std::string* why);

}  // namespace conquian::takes
