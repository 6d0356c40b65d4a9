// What one seat knows of a deal, and the deals ("worlds") consistent with it.
//
// A seat sees its own hand, every table, the dead cards and the face-up card with its
// history, and it knows how many cards each other hand holds. With the swap it also knows
// the card it passed: that card is in the receiver's hand until it is seen again (thrown,
// melded or dead), since a hand's cards only ever leave it face up (004: the computer decides
// "only from what a player in its seat would know: its own hand, the cards on the table, the
// cards that have gone out, and the card it passed you in the swap"). Every other card is
// unseen: in the stock (whose order nobody knows) or in a hidden hand.
//
// During the swap, a card laid face down is in its passer's hand until every seat has passed,
// and only its passer knows it (all choose before any is seen); for every other seat it is one
// of the passer's cards, which a world chooses.
//
// A world deals the unseen cards into the hidden hands, the rest being the stock (order
// still unknown), and picks each swap card the seat does not know from its hand. Worlds are
// counted, enumerated by index, or sampled uniformly.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "base/rng.h"
#include "engine/move.h"
#include "engine/position.h"

namespace conquian {

struct SeatView {
  // The seat whose view this is; -1 for the public view (what every onlooker knows: no
  // hand is seen, each hand's size is), whose worlds deal every hand.
  int seat = 0;
  // The deal as the seat knows it: its own hand, the tables, dead and face-up cards and the
  // history of the face-up card as they are; each other hand holds only the cards the seat
  // knows are there (`known`); the stock is unknown, with its true size.
  Position pos;
  std::array<int, kMaxSeats> hand_count{};  // cards in each hand, the seat's own included
  // During the swap: seat s has laid its card face down, but not where this seat sees it (the
  // card is one of hand s's; pos.swap_card[s] is kNoCard). A world picks it from that hand.
  std::array<bool, kMaxSeats> swap_unknown{};

  CardSet known(int s) const { return s == seat ? CardSet{} : pos.hand[s]; }
  // Cards of hand s the seat cannot name.
  int hidden(int s) const { return s == seat ? 0 : hand_count[s] - pos.hand[s].size(); }
  // Cards that may be in a hidden hand or in the stock.
  CardSet unseen() const { return pos.unseen(); }
  int stock_count() const { return pos.stock_left(); }
};

// What `seat` knows of a position where every card is known (a record, a simulated deal);
// seat -1: the public view.
SeatView view_of(const Position& full, int seat);

// Whether `seat` knows, once the swap is over, the card seat `mover` passed face down: the
// mover, and the receiver (the next seat), who finds it in its hand (004; specs/referee.md).
// The one rule of what a seat sees of a move: every other move is played face up.
bool sees_swap_card(int mover, int seat, int seats);
// Whether the swap of seat `mover` at `before` is the last one (every other seat has laid its
// card): the cards change hands as it is played.
bool ends_swap(const Position& before, int mover);
// A move as `seat` sees it (played at `before`): a swap's card hidden (kNoCard) from every seat
// but its mover until the swap ends (the receiver sees it from the last swap on: ends_swap);
// any other move as it is.
Move seen_by(const Position& before, const Move& move, int seat);

// Why a view cannot be a seat's view of a deal ("" when it can): more hidden cards than
// unseen ones, a known card that is also seen elsewhere, a negative count.
std::string why_impossible(const SeatView& view);

// The number of worlds: ways to deal the unseen cards into the hidden hands (the stock
// takes the rest, its order left to chance). Saturates at UINT64_MAX.
std::uint64_t world_count(const SeatView& view);
// World number `index` (0 <= index < world_count(view)), each world once.
Position world_at(const SeatView& view, std::uint64_t index);
// A world drawn uniformly.
Position sample_world(const SeatView& view, Rng& rng);

}  // namespace conquian
