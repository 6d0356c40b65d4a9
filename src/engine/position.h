// The state of a deal: every seat's hand and table, the stock, the dead cards, the face-up
// card with its history, and whose decision comes next. A plain value: cheap to copy
// (about 250 bytes) and to hash, so the solver can keep millions.
//
// The turn, as a small state machine (one legal/apply pair per phase in engine.cpp):
//
//   Swap ──> Turn ──> Offer ──take──> Offer (the discard, round the table)
//                      │  └──pass──> Offer (next seat) / Turn (card dead)
//                      │       └───> ForceWindow (the card fit the passer's table:
//                      │             another seat may force it on the passer)
//                      └──force──> Forced ──take──> ...
//   take with `onto` (hit) ──> Throw (the hit seat throws one card) ──> Offer
//   Turn with an empty stock, or a take reaching the target ──> Over
#pragma once

#include <array>
#include <cstdint>

#include "cards/card_set.h"
#include "rules/bounds.h"
#include "rules/ruleset.h"
#include "turn/offer_flow.h"
#include "turn/outcome.h"

namespace conquian {

enum class Phase : std::uint8_t { Swap, Turn, Offer, ForceWindow, Forced, Throw, Over };
// The phase as specs/forcing.md writes it: swap, turn, offer, force-window, forced, throw, over.
const char* phase_name(Phase phase);

inline constexpr std::uint8_t kNoSeat = turn::kNoSeat;
inline constexpr std::uint8_t kNoMeld = 0xFF;
// Conquian's most seats (000: "three or four players"); every per-seat array of the position
// is this long. Panguingue's longer tables have their own bound (pan/position.h).
inline constexpr int kMaxSeats = kMaxConquianSeats;
static_assert(kMaxSeats < kNoSeat, "a seat and kNoSeat fit a byte apart");

// `n` copies of kNoCard, one per seat.
template <std::size_t N>
constexpr std::array<Card, N> no_cards() {
  std::array<Card, N> a{};
  a.fill(kNoCard);
  return a;
}
// Evaluated once, at compile time: a position's default member initializers copy it (a call
// to no_cards() there would be made at run time, on every position the solvers construct).
inline constexpr std::array<Card, kMaxSeats> kNoCardPerSeat = no_cards<kMaxSeats>();

struct Position {
  // Every seat plays to the end of a Conquian deal (turn/offer_flow.h).
  static constexpr bool kEverySeatIn = true;

  const Ruleset* rules = nullptr;  // not owned; outlives every position of its deal

  std::array<CardSet, kMaxSeats> hand{};
  std::array<CardSet, kMaxSeats> table{};
  CardSet dead;  // turned face down, out of the deal

  // The stock. Known: stock[stock_top .. stock_end) top first. Unknown (a record without
  // `stock`): only how many cards are left; they are the unseen cards.
  std::array<Card, kMaxCards> stock{};
  std::uint8_t stock_top = 0, stock_end = 0;
  bool stock_known = true;

  // The face-up card: who turned or threw it, and how many seats of its offer order have
  // refused it so far (the order: see offer_seat()).
  Card up = kNoCard;
  std::uint8_t origin = kNoSeat;
  bool up_turned = false;
  std::uint8_t refusals = 0;

  Phase phase = Phase::Turn;
  std::uint8_t actor = 0;  // the seat whose decision it is (the passer in a window)
  std::uint8_t dealer = 0;
  bool opening_upcard = false;  // first_upcard: dealer, before the first turn
  std::array<Card, kMaxSeats> swap_card = kNoCardPerSeat;
  // After the swap: the card each seat passed to the next seat (kNoCard without a swap).
  // Not part of the game's future (hash, solver keys); what the passer knows of the
  // receiver's hand (004: the computer knows "the card it passed you in the swap").
  std::array<Card, kMaxSeats> passed = kNoCardPerSeat;

  Outcome result;
  std::uint32_t plies = 0;  // moves applied so far

  // Meld groupings, kept only when the ruleset forbids regrouping: meld_of[card] is the
  // index of the meld holding it within its seat's table, kNoMeld elsewhere.
  std::array<std::uint8_t, kMaxCards> meld_of{};

  int seats() const { return rules->seats; }
  int stock_left() const { return stock_end - stock_top; }
  // Cards nobody has seen: in the stock when it is unknown.
  CardSet unseen() const;
  std::uint64_t hash() const;
  bool same_state(const Position& o) const;
};

// The points of the cards left in every hand but the winner's (000's schedule,
// Ruleset::card_points): what a won deal scores under `scoring.method: hand_points`.
int loser_points(const Position& pos, int winner);

}  // namespace conquian
