// How the face-up card travels round the table: the part of the turn that every game of the
// family shares (Conquian's engine/ and Panguingue's pan/ both play by it, so it has one home).
//
// A turned card is offered first to the seat that turned it (first_offer: turner; 000 and
// 004), then on; a thrown card starting after the thrower. "On" is the claim order
// (claim_priority: the order of play, or against it) over the seats still in the deal, and
// it reaches every other seat (offer_to: table; Conquian's three- and four-seat games: "the
// exposed card travels round the table") or only the next one (offer_to: next; Panguingue:
// "offered to the next seat still in ... and to no other seat"). A card every seat it is
// offered to refuses is dead, and the seat after the one that turned or threw it turns next
// (specs/record-format.md, "Order of play"). With two seats both readings are one.
//
// The forcing of a refused card (forcing.decline) opens a window in which a seat may compel
// the refuser to take it: any other seat (forcing.by: any, the first after the refuser
// answering for them), or only the seat the card came from (forcing.by: origin, Pan's reading:
// "the seat the card came from may force it"; a card a seat turned itself is then never forced
// on it).
//
// A position type P plays by these templates when it has:
//   rules (const Ruleset*), seats(), stock_left();
//   up, origin, up_turned, refusals, phase (an enum with Turn, Offer, ForceWindow, Over),
//   actor, result (Outcome);
//   static constexpr bool kEverySeatIn (true: nobody leaves the deal early), else in_deal(s);
//   and, found beside P: kill_card(P&, Card) (the card goes dead) and stock_ran_out(P&)
//   (the deal ends with the stock empty: sets `result`).
// They are templates so that Conquian's 64-bit position keeps its inlined arithmetic.
#pragma once

#include <cstdint>
#include <vector>

#include "cards/card_set.h"
#include "rules/ruleset.h"
#include "turn/outcome.h"

namespace conquian::turn {

inline constexpr std::uint8_t kNoSeat = 0xFF;

template <class P>
bool seat_in(const P& p, int seat) {
  if constexpr (P::kEverySeatIn) return true;
  else return p.in_deal(seat);
}

template <class P>
int seats_in(const P& p) {
  if constexpr (P::kEverySeatIn) {
    return p.seats();
  } else {
    int n = 0;
    for (int s = 0; s < p.seats(); ++s) n += p.in_deal(s) ? 1 : 0;
    return n;
  }
}

// The j-th seat still in after `from` (j >= 1), round the table in the claim order.
template <class P>
int claimant(const P& p, int from, int j) {
  const int n = p.seats();
  const bool forward = p.rules->claim_priority == ClaimPriority::Next;
  if constexpr (P::kEverySeatIn) {
    return forward ? (from + j) % n : (from + n - j) % n;
  } else {
    int s = from;
    for (int k = 0; k < j;) {
      s = forward ? (s + 1) % n : (s + n - 1) % n;
      if (p.in_deal(s)) ++k;
    }
    return s;
  }
}

// The next seat still in after `seat` in the order of play: who turns after a dead card.
template <class P>
int next_in(const P& p, int seat) {
  const int n = p.seats();
  if constexpr (P::kEverySeatIn) {
    return (seat + 1) % n;
  } else {
    for (int k = 1; k <= n; ++k)
      if (p.in_deal((seat + k) % n)) return (seat + k) % n;
    return seat;
  }
}

// How many seats the face-up card is offered to.
template <class P>
int offer_count(const P& p) {
  const int others = p.rules->offer_to == OfferTo::Table ? seats_in(p) - 1 : 1;
  return others + (p.up_turned ? 1 : 0);
}

// The seat the face-up card is offered to after `index` refusals.
template <class P>
int offer_seat(const P& p, int index) {
  if (!p.up_turned) return claimant(p, p.origin, index + 1);
  if (p.rules->first_offer == FirstOffer::Turner) return index == 0 ? p.origin : claimant(p, p.origin, index);
  return index == offer_count(p) - 1 ? p.origin : claimant(p, p.origin, index + 1);
}

// The seat turns next; an empty stock ends the deal instead (stock_ran_out says how).
template <class P>
void enter_turn(P& p, int seat) {
  using Phase = decltype(p.phase);
  // No card is face up: nothing of the last one stays in the state (a stale up_turned made
  // equal positions differ in their hash and in the solvers' keys).
  p.up = kNoCard;
  p.origin = kNoSeat;
  p.up_turned = false;
  p.refusals = 0;
  if (p.stock_left() > 0) {
    p.phase = Phase::Turn;
    p.actor = static_cast<std::uint8_t>(seat);
    return;
  }
  p.phase = Phase::Over;
  stock_ran_out(p);
}

// A face-up card that seat `origin` threw (or turned: `turned`), offered in order.
template <class P>
void offer(P& p, Card card, int origin, bool turned) {
  using Phase = decltype(p.phase);
  p.up = card;
  p.origin = static_cast<std::uint8_t>(origin);
  p.up_turned = turned;
  p.refusals = 0;
  p.phase = Phase::Offer;
  p.actor = static_cast<std::uint8_t>(offer_seat(p, 0));
}

// The seat facing the card refused it: on to the next seat of the offer order, or the card
// is dead and the seat after its origin turns.
template <class P>
void refuse(P& p) {
  using Phase = decltype(p.phase);
  p.refusals++;
  if (p.refusals < offer_count(p)) {
    p.phase = Phase::Offer;
    p.actor = static_cast<std::uint8_t>(offer_seat(p, p.refusals));
    return;
  }
  kill_card(p, p.up);
  enter_turn(p, next_in(p, p.origin));
}

template <class P>
void win(P& p, int seat) {
  using Phase = decltype(p.phase);
  p.phase = Phase::Over;
  p.result = {Outcome::Kind::Win, seat};
}

// Whether `seat`, refusing the face-up card that fits its own table (the game's fits()),
// opens a force window: forcing.decline, and under forcing.by: origin a card the seat did
// not turn itself.
template <class P>
bool may_force_on_decline(const P& p, int seat, bool card_fits) {
  if (!p.rules->forcing.decline || !card_fits) return false;
  return p.rules->forcing.by == ForcingBy::Any || p.origin != seat;
}

// In a force window (the refuser is `actor`): the seat whose decision it is, to force or to
// waive: the seat the card came from (forcing.by: origin), or the next seat in the order of
// play after the refuser, which answers for every other seat (forcing.by: any).
template <class P>
int window_forcer(const P& p) {
  if (p.rules->forcing.by == ForcingBy::Origin) return p.origin;
  return next_in(p, p.actor);
}

// Whether `seat` may force the refuser in the window: under forcing.by: origin only the seat
// the card came from; else any seat still in but the refuser.
template <class P>
bool may_force_in_window(const P& p, int seat) {
  if (seat == p.actor || !seat_in(p, seat)) return false;
  return p.rules->forcing.by == ForcingBy::Any || seat == p.origin;
}

// A force window's choices, listed once for every game: a force by each seat that may force
// the refuser (in the order of play after the refuser: under forcing.by: any every seat still
// in may, and the judge accepts each), then the waive of the seat whose decision the window is
// (window_forcer). A move type M plays by it when it has `kind` (an enum with Force and Waive),
// `seat` and `other` (the forced seat). A front end that offers a seat its choices keeps only
// that seat's (turn/game.h, offered_moves).
template <class P, class M>
void list_window(const P& p, std::vector<M>& out) {
  using Kind = decltype(M{}.kind);
  for (int k = 1; k < p.seats(); ++k) {
    const int forcer = (p.actor + k) % p.seats();
    if (!may_force_in_window(p, forcer)) continue;
    M& force = out.emplace_back();
    force.kind = Kind::Force;
    force.seat = static_cast<std::uint8_t>(forcer);
    force.other = p.actor;
  }
  M& waive = out.emplace_back();
  waive.kind = Kind::Waive;
  waive.seat = static_cast<std::uint8_t>(window_forcer(p));
}

}  // namespace conquian::turn
