// Judging a record: replayed move by move through the engine (replay/replay.h), its sealed
// deal and its stated result compared. Reads nothing and searches nothing: a record comes
// in, a verdict goes out.
#pragma once

#include "check/game_verdict.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::check {

GameVerdict check_record(const record::GameRecord& rec, const Ruleset& rules);

}  // namespace conquian::check
