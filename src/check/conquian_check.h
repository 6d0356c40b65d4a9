// What judging a record asks of Conquian beyond the replay (check/check_record.cpp writes the
// judging once for every game): a result that states Panguingue's settlement refused, a forfeit
// checked against the deal, and a won deal's points (000's hand points) noted.
#pragma once

#include <optional>
#include <string>

#include "check/game_verdict.h"
#include "engine/move.h"
#include "engine/position.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::check {

inline void note_move(GameVerdict&, int, const Position&, const Move&) {}
// A result's shape Conquian never states: chips or a pot.
std::optional<Verdict> result_shape_fault(const record::RecordResult& result, const Position&);
// A stated forfeit ends a deal that is still going: the forfeiting seat is one of the ruleset's,
// and the winner another (the verdict, legal or not).
std::optional<GameVerdict> forfeit_verdict(const record::GameRecord& rec, const Ruleset& rules, const Position& pos,
                                           const GameVerdict& v);
// A won deal's points: the cards left in the losers' hands.
void put_settlement(GameVerdict& v, const Position& pos);
inline std::string settlement_fault(const record::RecordResult&, const Position&) { return ""; }

}  // namespace conquian::check
