// The fixed action encoding of the OpenSpiel shape (specs/python.md, "Actions"): every engine
// move is a short sequence of steps, each step an integer of one fixed space, the way
// OpenSpiel's gin_rummy splits a turn. A take is the take (with the seat it goes onto), each
// card laid from the hand in increasing card order, then the discard; a lay without a take
// is begin, the cards, end. The ids mean the same in every state and every ruleset (cards are
// the deck's card indices, 0-63), so a policy's output layer has one slot per id.
//
// Nothing here decides what is legal: the steps are read off the engine's legal moves
// (GameSession::legal_moves), and a state's legal actions are the next steps of the moves
// whose sequences start with the steps chosen so far.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cards/deck.h"
#include "engine/position.h"
#include "serve/game_session.h"

namespace conquian::python {

inline constexpr int kCardIds = 64;                         // kMaxCards
inline constexpr int kSwapBase = 0;                         // swap card c: c
inline constexpr int kTurnBase = kSwapBase + kCardIds;      // turn card c (a chance outcome when the stock is unknown)
inline constexpr int kLayBase = kTurnBase + kCardIds;       // lay card c from the hand
inline constexpr int kDiscardBase = kLayBase + kCardIds;    // discard card c (the end of a take)
inline constexpr int kThrowBase = kDiscardBase + kCardIds;  // throw card c (after a hit)
inline constexpr int kTakeBase = kThrowBase + kCardIds;     // take the face-up card onto seat s; +4: own table
inline constexpr int kNoDiscard = kTakeBase + 5;            // the end of a take that empties the hand
inline constexpr int kLayBegin = kNoDiscard + 1;            // a lay without a take (meld_timing: turn)
inline constexpr int kLayEnd = kLayBegin + 1;               // its end
inline constexpr int kPass = kLayEnd + 1;                   // refuse the face-up card
inline constexpr int kForceBase = kPass + 1;                // seat f forces seat t: + 4 f + t
inline constexpr int kWaive = kForceBase + 16;              // no seat forces (a force window)
inline constexpr int kChoiceBase = kWaive + 1;              // k-th of moves alike in every step before
inline constexpr int kMaxChoices = 16;
inline constexpr int kDraw = kChoiceBase + kMaxChoices;  // turn the stock (unknown) rather than lay
inline constexpr int kNumActions = kDraw + 1;

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
};

// The steps of each of `moves` (the legal moves at `now`, in their order), prefix-free: moves
// alike in every step get a last kChoiceBase + k step, k their rank among them. `out` is
// overwritten (its storage reused).
void move_steps(const Position& now, const std::vector<serve::GameSession::LegalMove>& moves, MoveSteps& out);

// One step in words ("take onto own table", "lay 5h", "discard Kd", "force: seat 1 forces seat 0").
std::string step_text(int action, const Deck& deck);

}  // namespace conquian::python
