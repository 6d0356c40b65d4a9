// Positions from outside the engine: a position file (record/position_file.h), or a game
// record cut after its first N moves. Everything is checked against the ruleset here, once:
// a fault throws record::InputError naming the file, the line and the reason.
#pragma once

#include "engine/engine.h"
#include "pan/position.h"
#include "record/position_file.h"
#include "record/record.h"

namespace conquian {

// The engine position a position file describes (`rules` is the ruleset it names). Checks:
// every token a card of the deck, no card twice, every card of the deck exactly once when
// the stock is listed, every meld legal, hand + table of each seat equal to the hand size
// (the hit seat holds one more until it throws; a seat that has won holds hand + 1 on its
// table), and refused / forced / hit / to_act consistent with the offer order.
// The phase follows from the keys (specs/position-format.md):
//   face_up absent: Turn (to_act turns), or Throw when `hit` is given;
//   face_up given: Offer, or ForceWindow right after a seat refused a card that fits its
//   table under the `decline` forcing, or Forced when `forced` is given.
Position position_from_file(const record::PositionFile& pf, const Ruleset& rules);

// The position after the first `moves` moves of a game record, replayed through the engine
// by replay() (replay/replay.h), the loop `check` judges records with.
// An illegal deal or move is an InputError naming the move, its line and the reason.
Position position_after(const record::GameRecord& rec, const Ruleset& rules, std::size_t moves);
// The same for a Panguingue record.
pan::Position pan_position_after(const record::GameRecord& rec, const Ruleset& rules, std::size_t moves);

// Throws the InputError of a fault in a position file: at `mark`, or at the document when
// `mark` has no line (position_from_file and view_from_file, replay/view_setup.h).
[[noreturn]] void position_file_fault(const record::PositionFile& pf, record::Mark mark, const std::string& why);

// The same position with its stock order forgotten: the stock becomes the unseen cards.
Position forget_stock(const Position& pos);

}  // namespace conquian
