// What `conquian solve --json` prints, as JSON values: one writer for the command line and for
// the engine protocol's `solve` (specs/solve.md lists the keys).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/seat_view.h"
#include "pan/position.h"
#include "solve/answer.h"
#include "solve/chance_interval.h"
#include "solve/pan_estimate.h"
#include "solve/pimc.h"

namespace conquian::serve {

// Chances as doubles {"win0", "draw", "win1", "expected0"}; the exact ones as fractions in
// lowest terms ("1/4"), since doubles round.
// A move of the seat: as a record writes it, a turn from the unknown stock (a move of a
// view's choices: no card yet) as {"seat": S, "turn": null}, and not forcing (a waive, which
// no record writes) as the bot protocol writes it, {"seat": S, "waive": true}.
nlohmann::json choice_json(const Position& p, const Move& m);

nlohmann::json chances_json(const solve::Chances& chances);
nlohmann::json exact_json(const solve::ExactChances& chances);

// The answer for a whole position (every card known, or the stock order unknown): the deal
// over, the exact value, the exact odds, the sampled estimate, or, cut short, what the search
// proved with every choice estimated (specs/solve.md, "Every answer has a best move"). Every
// answer but the deal over has `basis` and a `best` move. `any_win`: the search did not
// prefer short wins (no `plies` per move).
nlohmann::json answer_json(const Position& pos, const solve::Answer& answer, bool all_moves, bool any_win);
// Every choice of the seat estimated (solve/estimate.h), from the seat's side: {"method":
// "stock orders" | "seat view", "seat", "worlds", "unsolved", "moves": [{"move", "win",
// "draw", "loss", "expected", "ci95"}], "nodes", "seconds"}; with no world finished, the
// values are null and every interval [-1, 1].
nlohmann::json estimate_json(const Position& pos, const solve::PimcResult& estimate, const char* method);
// A proved interval on seat 0's expected score (`solve --stock unknown --json` past its
// budget or with --interval, and the engine's `solve` past its budget or stopped):
// {"interval": [L, U], "exact": L == U, "fractions", "numerators", "denominator", "tests",
// "nodes", "seconds"}.
nlohmann::json interval_json(const solve::ChanceInterval& interval);
// The interval that a stock-unknown search stopped short of the exact value proves.
solve::ChanceInterval proved_interval(const solve::ChanceResult& stopped);

// The answer for one seat's view (`solve --view SEAT --json`), its keys in the order
// specs/solve.md gives them; `basis` "exact" when every world was enumerated and solved
// exactly, else "estimate"; `quick` when the quick estimate answered (solve::ViewAnswer).
nlohmann::ordered_json view_answer_json(const SeatView& view, const solve::ViewAnswer& answer);

// A Panguingue seat's moves estimated from its view (solve/pan_estimate.h), best first:
// {"view": S, "game": "panguingue", "basis": "estimate", "proved": false, "best": MOVE,
// "moves": [{"move", "chips", "ci95"}], "worlds", "weights": "uniform", "method", "seconds"}
// (specs/solve.md, "Panguingue: the seat's view"). `moves` are those estimated, in its order.
nlohmann::json pan_view_answer_json(const pan::Position& pos, int seat, const std::vector<pan::Move>& moves,
                                    const solve::PanEstimate& estimate);
// The order of `estimate`'s moves, best first (highest mean chips; the first asked of equals).
std::vector<std::size_t> pan_best_first(const solve::PanEstimate& estimate);

}  // namespace conquian::serve
