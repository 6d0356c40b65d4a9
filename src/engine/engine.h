// The rules engine: the one place that knows what is legal. Every command asks it:
//   start()        the position after the deal
//   judge()        whether a move is legal now, and if not the code and a sentence why
//   apply()        the position after a legal move
//   legal_moves()  every legal move (takes with every table and discard)
//   outcome()      who won, or a draw, or still going
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/move.h"
#include "engine/position.h"

namespace conquian {

// The position after the deal: `hands` as dealt (before any swap), `stock` top first when
// known; with an unknown stock only its size matters (deck minus the hands).
Position start(const Ruleset& rules, std::span<const CardSet> hands, int dealer, std::span<const Card> stock,
               bool stock_known);
// The position after dealing `order` (the whole deck, shuffled): `rules.hand` cards to each
// seat in turn from seat 0, the rest the stock, top first. Simulation, the property runs,
// the soak run, the benchmarks and the tests all deal this way.
Position deal(const Ruleset& rules, std::span<const Card> order, int dealer);

Verdict judge(const Position& pos, const Move& move);
// Whether `move` first implies the waive: in a force window any move but a force of the seat
// that refused or a waive means nobody forced, so the refusal stands and then the move is
// played (records leave the waive out); a force onto another seat is the next seat's force by
// offer. judge() and apply() both honour it; so must whoever replays moves by hand.
bool implies_waive(const Position& pos, const Move& move);
// Applies a move that judge() found legal (asserted in debug builds).
void apply(Position& pos, const Move& move);
// Appends every legal move to `out` (cleared first). Takes and lays are listed once per
// distinct table (as a set of cards) and discard, and without rearrange once per grouping of
// that table (the grouping is then state); with an unknown stock, Turn lists every unseen card.
void legal_moves(const Position& pos, std::vector<Move>& out);
inline Outcome outcome(const Position& pos) { return pos.result; }

// The seat whose decision it is (in a force window: the first seat that may force).
int to_act(const Position& pos);
// Whether `card` would fit `seat`'s table without help from its hand.
bool fits_table(const Position& pos, int seat, Card card);
// The seat's table as melds: the kept grouping, or one found by the meld search.
MeldList table_melds(const Position& pos, int seat);
// Every table `seat` may make by taking `card` now (sets of cards, each once), honouring
// rearrange, extra_melds and, when forced, forced_extra_melds.
void take_tables(const Position& pos, int seat, Card card, bool forced, std::vector<CardSet>& out);

}  // namespace conquian
