// What `conquian solve --json` prints, as JSON values: one writer for the command line and for
// the engine protocol's `solve` (specs/solve.md lists the keys).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/seat_view.h"
#include "solve/answer.h"
#include "solve/chance_interval.h"
#include "solve/pimc.h"

namespace conquian::serve {

// Chances as doubles {"win0", "draw", "win1", "expected0"}; the exact ones as fractions in
// lowest terms ("1/4"), since doubles round.
// A move of the seat: as a record writes it, or a turn from the unknown stock (a move of a
// view's choices: no card yet), {"seat": S, "turn": null}.
nlohmann::json choice_json(const Position& p, const Move& m);

nlohmann::json chances_json(const solve::Chances& chances);
nlohmann::json exact_json(const solve::ExactChances& chances);

// The answer for a whole position (every card known, or the stock order unknown): the deal
// over, the exact value, the exact odds, or the sampled estimate. `any_win`: the search did
// not prefer short wins (no `plies` per move).
nlohmann::json answer_json(const Position& pos, const solve::Answer& answer, bool all_moves, bool any_win);
// A proved interval on seat 0's expected score (`solve --stock unknown --json` past its
// budget or with --interval, and the engine's `solve` past its budget or stopped):
// {"interval": [L, U], "exact": L == U, "fractions", "numerators", "denominator", "tests",
// "nodes", "seconds"}.
nlohmann::json interval_json(const solve::ChanceInterval& interval);
// The interval that a stock-unknown search stopped short of the exact value proves.
solve::ChanceInterval proved_interval(const solve::ChanceResult& stopped);

// The answer for one seat's view (`solve --view SEAT --json`), its keys in the order
// specs/solve.md gives them.
nlohmann::ordered_json view_answer_json(const SeatView& view, const solve::PimcResult& result);

}  // namespace conquian::serve
