// A Panguingue deal's settlement, broken down seat by seat as a card room reads it: the ante
// and any drop forfeit, each condition collected or paid with the melds that paid it, going
// out and the conditions again, the pot. Read off the transfers apply() logs (pan/chip_log.h),
// so each seat's lines add up to its chips.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pan/chip_log.h"
#include "record/record.h"
#include "replay/move_notation.h"
#include "rules/ruleset.h"

namespace conquian {

// One line of a seat's settlement: the transfers of one move and one reason in one direction.
struct SettlementLine {
  int move = 0;  // the record's move (1-based); 0: the deal
  pan::ChipReason reason = pan::ChipReason::Ante;
  std::int64_t chips = 0;        // for this seat: + collected, - paid
  std::int64_t each = 0;         // per other seat
  std::vector<int> others;       // the seats that paid it, or the seat paid; empty: the pot
  std::vector<pan::Meld> melds;  // a condition's melds (the collector's new melds that pay)
};

struct SeatSettlement {
  int seat = 0;
  std::int64_t chips = 0;  // the sum of its lines
  std::vector<SettlementLine> lines;
};

// Each seat's lines, in the order the chips moved.
std::vector<SeatSettlement> seat_settlements(const pan::ChipLog& log, int seats);

// The transfers of the record's first `moves` moves (the deal's antes first); the record must
// replay legally that far (check it first: InputError otherwise).
pan::ChipLog chip_log_of(const record::GameRecord& rec, const Ruleset& rules, std::size_t moves);

// "settlement:" and a block a seat: its name and chips, then one line per transfer group,
// the chips first ("    +10  105. condition: J♠ Q♠ K♠, 2 from each of 5 seats").
std::string settlement_text(const std::vector<SeatSettlement>& seats, const Deck& deck,
                            const std::vector<std::string>& players, SuitStyle style);
// The same as JSON: [{"seat": 0, "chips": 2, "lines": [{"move": 0, "reason": "ante", ...}]}].
nlohmann::json settlement_json(const std::vector<SeatSettlement>& seats, const Deck& deck);

}  // namespace conquian
