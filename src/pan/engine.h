// Panguingue's rules engine: the same questions every command asks of Conquian's engine
// (engine/engine.h), for Pan's positions. No front end decides anything of the game itself.
//   start()        the position after the deal
//   judge()        whether a move is legal now, and if not the code and a sentence why
//   apply()        the position after a legal move (the chips it moves included)
//   legal_moves()  every legal move
//   outcome()      who won, or a draw, or still going; chips() and pot() the settlement
#pragma once

#include <span>
#include <string>
#include <vector>

#include "pan/position.h"
#include "turn/verdict.h"

namespace conquian::pan {

// The position after the deal: `hands` as dealt (one multiset per seat dealt in), `stock` top
// first when known (else only its size matters: the pack less the hands). Every seat dealt
// in pays the ante into the pot. The hands' sizes and the pack are the caller's to check
// (replay/pan_moves.h says why a deal is not the pack).
Position start(const Ruleset& rules, std::span<const CardCounts> hands, int dealer, std::span<const Card> stock,
               bool stock_known);
// The position after dealing `order` (the whole pack, shuffled) to `seats` seats: packets of
// `deal_packet` cards round the table from the eldest (the seat after the dealer), the rest
// the stock, top first.
Position deal(const Ruleset& rules, int seats, std::span<const Card> order, int dealer);
// The pack of a deal: every card `packs` times, less the spades of `strip_spades` packs.
CardCounts pack(const Ruleset& rules);
// The pack as a list, each card as often as it stands (lowest card first): the order a
// shuffle starts from.
std::vector<Card> pack_cards(const Ruleset& rules);
// A multiset as a list, each card as often as it stands (lowest card first).
std::vector<Card> listed(const CardCounts& cards);

Verdict judge(const Position& pos, const Move& move);
// Whether `move` first implies the waive of a force window (records leave the waive out).
bool implies_waive(const Position& pos, const Move& move);
void apply(Position& pos, const Move& move);
// As apply(), noting every chip it moves, and why, in `log` (pan/chip_log.h) when not null.
struct ChipLog;
void apply(Position& pos, const Move& move, ChipLog* log);
void legal_moves(const Position& pos, std::vector<Move>& out);
inline Outcome outcome(const Position& pos) { return pos.result; }
int to_act(const Position& pos);

// Whether `card` joins seat's table without help from its hand, regrouping if need be.
bool fits(const Position& pos, int seat, Card card);
// What a take of seat's collects from each paying seat: the rise of the table's value above
// its highest before (0 when it did not rise).
std::int64_t take_collect(const Position& pos, int seat, const Table& after);
// The seats that pay a seat's conditions (condition_payers): the other seats still in, or
// every other seat dealt.
int paying_seats(const Position& pos, int seat);

Move waive_move(int seat);

}  // namespace conquian::pan
