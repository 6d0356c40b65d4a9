// What judging a record asks of Panguingue beyond the replay (check/check_record.cpp writes the
// judging once for every game): every take's collection noted, a forfeit refused (a Pan seat
// that breaks the rules leaves as a drop does), and the settlement worked out and compared with
// what the record states (`chips` and `pot` in the result: bad-chips).
#pragma once

#include <optional>
#include <string>

#include "check/game_verdict.h"
#include "pan/position.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::check {

// Notes move `index` (1-based), played at `before`: a take's collection.
void note_move(GameVerdict& v, int index, const pan::Position& before, const pan::Move& m);
// A result's shape this game never states, before any move is judged: none for Pan.
std::optional<Verdict> result_shape_fault(const record::RecordResult& result, const pan::Position&);
// A stated forfeit: a Pan deal never ends by one.
std::optional<GameVerdict> forfeit_verdict(const record::GameRecord& rec, const Ruleset& rules,
                                           const pan::Position& pos, const GameVerdict& v);
// The finished deal's settlement into the verdict (chips by seat, the pot).
void put_settlement(GameVerdict& v, const pan::Position& pos);
// What a stated settlement gets wrong, or "".
std::string settlement_fault(const record::RecordResult& res, const pan::Position& pos);

}  // namespace conquian::check
