// From a record's words to the engine's moves: card tokens resolved against the ruleset's
// deck, `lay` turned into a whole table. Faults found here are move faults with the
// contract's codes (unknown-card, duplicate-card, ...), never exceptions.
#pragma once

#include <optional>
#include <span>

#include "engine/engine.h"
#include "record/record.h"

namespace conquian {

struct MoveOrFault {
  Move move;
  Verdict fault;  // ok() when `move` is usable
};

// Needs the position only for `lay` (the table after = the table before + laid + taken).
MoveOrFault to_move(const Position& pos, const record::RecordMove& rm);

struct DealOrFault {
  Position position;
  Verdict fault;      // a fault in the deal itself: unknown-card, duplicate-card, bad-deal
  record::Mark mark;  // where: the card at fault, or the first card of the list whose count is wrong
};

// The position after a record's deal: every hand of the right size, no card twice, the
// stock (when given) exactly the rest of the deck.
DealOrFault start_from_record(const record::GameRecord& rec, const Ruleset& rules);

// The deal deal() makes of `order` in a record's words: the dealer, every hand (in the
// order dealt) and the stock (top first). `rec` gets no moves here.
void to_record_deal(const Ruleset& rules, std::span<const Card> order, int dealer, record::GameRecord& rec);

// An engine move in a record's words (inverse of to_move(); a Waive has no words: nullopt).
// Of `pos` it reads the ruleset only (the deck's tokens, the meld catalogue), so a move's
// words do not depend on when they are written (serve::GameSession writes them late).
std::optional<record::RecordMove> to_record_move(const Position& pos, const Move& move);

}  // namespace conquian
