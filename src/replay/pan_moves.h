// From a record's words to Panguingue's moves and back (the counterpart of record_moves.h for
// the second game): card tokens resolved against the ruleset's deck, a deal checked against
// the pack (every card `packs` times, less stripped spades), `lay` turned into a whole table
// grouped to pay the most. Faults are move faults with the contract's codes, never exceptions.
#pragma once

#include <optional>
#include <span>

#include "pan/engine.h"
#include "record/record.h"

namespace conquian {

struct PanMoveOrFault {
  pan::Move move;
  Verdict fault;  // ok() when `move` is usable
};

// Needs the position for `lay` (the table after = the table before + laid + taken) and for
// a take stated with neither `melds` nor `lay` (the taken card alone joins the table).
PanMoveOrFault to_move(const pan::Position& pos, const record::RecordMove& rm);

struct PanDealOrFault {
  pan::Position position;
  Verdict fault;      // a fault in the deal itself: unknown-card, duplicate-card, bad-deal
  record::Mark mark;  // where: the card at fault, or the first card of the list at fault
};

// The position after a record's deal: between seats_min and seats hands, each of `hand` cards,
// no card more often than the pack holds it, and the stock (when given) exactly the rest of
// the pack. `position` is returned by pointer-free value; it is large (every seat's cards).
PanDealOrFault start_pan_from_record(const record::GameRecord& rec, const Ruleset& rules);

// The deal pan::deal() makes of `order` in a record's words.
void to_record_deal(const Ruleset& rules, int seats, std::span<const Card> order, int dealer, record::GameRecord& rec);

// A Pan move in a record's words (a waive has none: nullopt). A take states its whole table
// as melds and the chips it collects from each paying seat (`collect`), which it reads off
// `pos`, the position it is played in.
std::optional<record::RecordMove> to_record_move(const pan::Position& pos, const pan::Move& move);

// The settlement of a finished deal in a record's words: `chips` (each seat's net) and `pot`.
void put_settlement(const pan::Position& pos, record::RecordResult& result);

}  // namespace conquian
