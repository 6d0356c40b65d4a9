// A move as the engine sees it: what a record line says (swap, turn, take with its table
// or laid cards and discard, pass, force, throw, lay), with cards as indices.
#pragma once

#include <cstdint>
#include <string>

#include "cards/melds.h"
#include "turn/verdict.h"

namespace conquian {

enum class MoveKind : std::uint8_t {
  Swap,   // pass one card face down to the next seat (swap rulesets, before play)
  Turn,   // turn the stock's top card face up
  Take,   // take the face-up card into a meld, maybe lay more, then discard
  Pass,   // refuse the face-up card
  Force,  // compel another seat to take the face-up card
  Throw,  // the hit seat's compulsory throw
  Lay,    // lay cards from the hand without a take (meld_timing: turn)
  Waive,  // no seat forces a refused card (implied in records, explicit for search)
};

struct Move {
  MoveKind kind = MoveKind::Pass;
  std::uint8_t seat = 0;
  Card card = kNoCard;        // swap / turn / take / pass / throw
  std::uint8_t other = 0xFF;  // force: the forced seat; take: `onto` seat (hit), or 0xFF
  Card discard = kNoCard;     // take: the discard, kNoCard when the hand is empty
  CardSet table;              // take / lay: the seat's whole table afterwards
  MeldList grouping;          // take / lay: the stated melds (count 0: not stated)
};

// The waive of a force window: `seat`, the seat whose decision the window is (to_act), forces
// nobody, so the refusal stands.
inline Move waive_move(int seat) {
  Move m;
  m.kind = MoveKind::Waive;
  m.seat = static_cast<std::uint8_t>(seat);
  return m;
}

}  // namespace conquian
