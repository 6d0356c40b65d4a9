// A Panguingue deal (the contract's "Panguingue"): up to 15 seats dealt from many packs shuffled
// together, each hand and the dead cards a multiset (cards/card_counts.h), each table a list
// of melds (its grouping is state: a table's conditions depend on it), the chips every seat
// has won or paid so far and the pot, and the face-up card travelling as in Conquian
// (turn/offer_flow.h plays it for both games).
//
// The turn, as a small state machine:
//
//   Declare (eldest .. dealer: play or drop) ──> Turn (the dealer turns the first card)
//   Turn ──> Offer ──take──> Offer (the discard, to the next seat still in)
//              │  └──pass──> Offer (a turned card, to the next seat) / Turn (card dead)
//              │       └───> ForceWindow (the card fit the passer's table: the seat it
//              │             came from may force it on the passer) ──force──> Forced ──take──> ...
//   a take reaching the target, every seat but one dropping, or an empty stock ──> Over
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "cards/card_counts.h"
#include "rules/bounds.h"
#include "rules/ruleset.h"
#include "turn/offer_flow.h"
#include "turn/outcome.h"

namespace conquian::pan {

// Every per-seat array of a Panguingue position has this many slots: the most seats any
// source seats (S1, S3, S4, S9, S10: fifteen), which the `seats` key may not pass.
inline constexpr int kMaxSeats = kMaxPanSeats;
// The longest hand and the most cards a table holds (target <= hand + 1): rules/ruleset.cpp
// refuses a panguingue hand longer than kMaxHand.
inline constexpr int kMaxHand = kMaxPanHand;
inline constexpr int kMaxTableCards = kMaxHand + 1;
// A table of kMaxTableCards cards holds at most this many melds of three cards or more.
inline constexpr int kMaxMelds = kMaxTableCards / 3;
// The largest pack: 11 packs of 40 (S3, S8, S11), every card dealt or in the stock.
inline constexpr int kMaxPackCards = kMaxPanPacks * kPanPackCards;

enum class Phase : std::uint8_t { Declare, Turn, Offer, ForceWindow, Forced, Over };
const char* phase_name(Phase phase);

// One meld: its cards, lowest first (a card may stand more than once).
struct Meld {
  std::uint8_t size = 0;
  std::array<Card, kMaxTableCards> cards{};

  CardCounts counts() const;
  void add(Card c) { cards[size++] = c; }
  bool operator==(const Meld& o) const;
};

// A seat's melds on the table.
struct Table {
  std::uint8_t count = 0;
  std::array<Meld, kMaxMelds> melds{};

  int cards() const;
  CardCounts counts() const;
  void add(const Meld& m) { melds[count++] = m; }
  bool operator==(const Table& o) const;
};

struct Position {
  // Seats leave a Pan deal when they drop (turn/offer_flow.h skips them).
  static constexpr bool kEverySeatIn = false;

  const Ruleset* rules = nullptr;  // not owned; outlives every position of its deal
  std::uint8_t seat_count = 0;     // seats dealt in (rules->seats_min .. rules->seats)

  std::array<CardCounts, kMaxSeats> hand{};
  std::array<Table, kMaxSeats> table{};
  CardCounts dead;  // turned face down, out of the deal

  // The stock. Known: stock[stock_top .. stock_end) top first. Unknown: only how many cards
  // are left; they are the unseen copies.
  std::array<Card, kMaxPackCards> stock{};
  std::uint16_t stock_top = 0, stock_end = 0;
  bool stock_known = true;

  // Declarations: bit s set when seat s said play (in) or drop (out); the rest have not spoken.
  std::uint16_t playing = 0, dropped = 0;
  static_assert(kMaxSeats <= 16, "a bit a seat in `playing` and `dropped`");

  // Chips: each seat's net for the deal so far (antes, forfeits, conditions, going out), what
  // lies in the pot, and each seat's table value at its highest (a take collects only the rise
  // above it: a condition broken and formed again never pays twice).
  std::array<std::int64_t, kMaxSeats> chips{};
  std::int64_t pot = 0;
  std::array<std::int64_t, kMaxSeats> high_value{};
  std::int64_t last_collect = 0;  // the chips per paying seat of the last take (for words)

  // The face-up card (turn/offer_flow.h).
  Card up = kNoCard;
  std::uint8_t origin = turn::kNoSeat;
  static_assert(kMaxSeats < turn::kNoSeat, "a seat and kNoSeat fit a byte apart");
  bool up_turned = false;
  std::uint8_t refusals = 0;

  Phase phase = Phase::Declare;
  std::uint8_t actor = 0;
  std::uint8_t dealer = 0;
  bool opening_upcard = false;  // the dealer's first card, turned whether or not it plays

  Outcome result;
  std::uint32_t plies = 0;

  int seats() const { return seat_count; }
  bool in_deal(int s) const { return ((playing >> s) & 1) != 0; }
  int stock_left() const { return stock_end - stock_top; }
  // Copies of each card nobody has seen: the stock's when it is unknown.
  CardCounts unseen() const;
};

// The hooks turn/offer_flow.h asks of a position.
inline void kill_card(Position& p, Card c) { p.dead.add(c); }
void stock_ran_out(Position& p);

enum class MoveKind : std::uint8_t {
  Play,   // declare: play this deal
  Drop,   // declare: drop (pay the forfeit, take no further part)
  Turn,   // turn the stock's top card face up
  Take,   // take the face-up card into the table, maybe lay more, then discard
  Pass,   // refuse the face-up card
  Force,  // the seat the card came from compels the refuser to take it
  Waive,  // that seat does not force (implied in records, explicit for players)
  // A seat leaves the deal by forfeit (the referee's word for a bot that broke the protocol):
  // as a drop does, it pays the drop forfeit and takes no further part; the deal goes on
  // without it (its turn passes on as a refusal would), and ends at once when one seat is left.
  Forfeit,
};

struct Move {
  MoveKind kind = MoveKind::Pass;
  std::uint8_t seat = 0;
  Card card = kNoCard;        // turn / take / pass
  std::uint8_t other = 0xFF;  // force: the forced seat
  Card discard = kNoCard;     // take: the discard, kNoCard when the take goes out
  Table table;                // take: the seat's whole table afterwards, grouped
  std::int64_t collect = -1;  // take: the chips a paying seat owes, as a record states it (-1: not stated)
  std::string reason;         // forfeit: why, in the referee's words
};

}  // namespace conquian::pan
