// Why chips moved in a Panguingue deal: each transfer apply() makes, between two seats or a seat
// and the pot, with its reason and the move that made it. A card room settles a night from
// these lines ("seat 4 +29: ante -2, conditions +15, ..."), and they come from the one place
// that moves chips (pan/apply.cpp), so a breakdown can never disagree with the chips.
#pragma once

#include <cstdint>
#include <vector>

#include "pan/position.h"

namespace conquian::pan {

// The pot, as one side of a transfer.
inline constexpr int kPotSide = -1;

enum class ChipReason : std::uint8_t {
  Ante,             // every seat dealt in pays it into the pot
  Drop,             // a seat that drops pays the forfeit into the pot
  Forfeit,          // a seat that leaves by forfeit pays as a drop does
  Condition,        // a take's rise in table value, from each paying seat
  GoingOut,         // going out: go_out_per_seat from each seat still in
  ConditionsAgain,  // going out: the final table's value again, from each seat still in
  Pot,              // the pot to the seat that went out, or to the one seat left in
};
const char* chip_reason_name(ChipReason r);

struct ChipTransfer {
  int move = 0;  // the record's move that made it (1-based); 0: the deal
  ChipReason reason = ChipReason::Ante;
  int from = kPotSide, to = kPotSide;  // seats, or kPotSide
  std::int64_t chips = 0;
};

// A take's melds that are new on its table (laid, grown or regrouped) and carry a condition:
// the melds the take's collection came from.
struct PaidMelds {
  int move = 0;
  int seat = 0;
  std::int64_t collect = 0;  // from each paying seat
  std::vector<Meld> melds;
};

struct ChipLog {
  int move = 0;  // the move being applied: the caller sets it before each apply()
  std::vector<ChipTransfer> transfers;
  std::vector<PaidMelds> paid;

  void add(ChipReason why, int from, int to, std::int64_t chips) {
    if (chips != 0) transfers.push_back({move, why, from, to, chips});
  }
  // Each seat's net from the transfers (seats 0 .. seats-1) and what the pot holds.
  std::vector<std::int64_t> nets(int seats) const;
  std::int64_t pot() const;
};

// The antes of a deal just dealt (start()'s), as transfers of move 0.
void log_antes(const Position& dealt, ChipLog& log);

// The melds of `after` that `before` does not hold as they stand: those a take laid or changed.
std::vector<Meld> new_melds(const Table& before, const Table& after);
// Of those, the ones that carry a condition (pay chips): what a take's collection came from.
std::vector<Meld> paying_melds(const Ruleset& rules, const Table& before, const Table& after);

}  // namespace conquian::pan
