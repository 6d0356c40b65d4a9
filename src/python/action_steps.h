// The fixed action encoding of the OpenSpiel shape (specs/python.md, "Actions"): every engine
// move is a short sequence of steps, each step an integer of one fixed space, the way
// OpenSpiel's gin_rummy splits a turn. A take is the take (with the seat it goes onto), each
// card laid from the hand in increasing card order, then the discard; a lay without a take
// is begin, the cards, end. The ids mean the same in every state of one game (cards are the
// deck's card indices), so a policy's output layer has one slot per id.
//
// The space is a function of the game, as OpenSpiel's NumDistinctActions() is: its size
// comes from the most cards a deck holds and the most seats a game of it seats (Conquian:
// kMaxCards and kMaxSeats of engine/position.h; Panguingue: kMaxCards and pan::kMaxSeats),
// never from a literal, so more seats or cards widen it by themselves.
//
// Nothing here decides what is legal: the steps are read off the engine's legal moves (the
// session's legal_moves), and a state's legal actions are the next steps of the moves whose
// sequences start with the steps chosen so far.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cards/card_set.h"
#include "cards/deck.h"

namespace conquian::python {

// Where each kind of step starts, for a game of at most `cards` card ids and `seats` seats.
struct ActionLayout {
  int cards = 0;          // card ids 0 .. cards-1 (the deck's card indices)
  int seats = 0;          // the most seats of the game
  int max_choices = 0;    // the most moves alike in every step but the last
  bool declares = false;  // the game's seats declare play or drop before the deal (Panguingue)

  constexpr int swap_base() const { return 0; }                        // swap card c
  constexpr int turn_base() const { return swap_base() + cards; }      // turn card c (chance when the stock is unknown)
  constexpr int lay_base() const { return turn_base() + cards; }       // lay card c from the hand
  constexpr int discard_base() const { return lay_base() + cards; }    // discard card c (the end of a take)
  constexpr int throw_base() const { return discard_base() + cards; }  // throw card c (after a hit)
  constexpr int take_base() const { return throw_base() + cards; }     // take onto seat s; + seats: own table
  constexpr int no_discard() const { return take_base() + seats + 1; }  // the end of a take that empties the hand
  constexpr int lay_begin() const { return no_discard() + 1; }          // a lay without a take
  constexpr int lay_end() const { return lay_begin() + 1; }
  constexpr int pass() const { return lay_end() + 1; }                  // refuse the face-up card
  constexpr int force_base() const { return pass() + 1; }               // seat f forces seat t: + seats f + t
  constexpr int waive() const { return force_base() + seats * seats; }  // no seat forces (a force window)
  constexpr int choice_base() const { return waive() + 1; }             // k-th of moves alike in every step before
  constexpr int draw() const { return choice_base() + max_choices; }    // turn the stock's next card, unseen
  constexpr int play() const { return draw() + 1; }                     // declare: play the deal
  constexpr int drop() const { return play() + 1; }                     // declare: drop
  constexpr int size() const { return draw() + 1 + (declares ? 2 : 0); }
  constexpr int force(int from, int to) const { return force_base() + seats * from + to; }
  constexpr int own_table() const { return take_base() + seats; }
};

// Conquian's space: every card id of the 64-bit set and its most seats.
ActionLayout conquian_layout();
// Panguingue's: the same card ids (a pack's distinct cards), its most seats, declarations.
ActionLayout pan_layout();

// The steps of every legal move, flat: move i's are steps[begin[i] .. begin[i + 1]).
struct MoveSteps {
  std::vector<int> steps;
  std::vector<std::uint32_t> begin;
  // move_steps' working storage, kept with the steps so that reading a state's steps again
  // allocates nothing (a playout reads them at every move).
  std::vector<std::uint32_t> order, next_begin;
  std::vector<int> choice, next_steps;
  std::size_t size() const { return begin.empty() ? 0 : begin.size() - 1; }
  std::span<const int> of(std::size_t i) const { return {steps.data() + begin[i], steps.data() + begin[i + 1]}; }
  void start() {
    steps.clear();
    begin.assign(1, 0);
  }
  void end_move() { begin.push_back(static_cast<std::uint32_t>(steps.size())); }
};

// Makes the moves' steps prefix-free: moves alike in every step get a last
// choice_base() + k step, k their rank among them in the engine's order.
void add_choices(const ActionLayout& layout, MoveSteps& out);

// One step in words ("take", "lay 5h", "discard Kd", "seat 1 forces seat 0").
std::string step_text(int action, const ActionLayout& layout, const Deck& deck);

}  // namespace conquian::python
