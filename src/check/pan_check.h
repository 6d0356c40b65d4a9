// Judging a Panguingue record: replayed move by move through Pan's engine (replay/replay.h's
// loop for PanGame), every take's collection and the settlement worked out, and compared with
// what the record states (`collect` on a take, `chips` and `pot` in the result: bad-chips).
#pragma once

#include "check/game_verdict.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::check {

GameVerdict check_pan_record(const record::GameRecord& rec, const Ruleset& rules);

}  // namespace conquian::check
