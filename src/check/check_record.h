// Judging a record: replayed move by move through the engine (replay/replay.h), its sealed
// deal and its stated result compared. Reads nothing and searches nothing: a record comes
// in, a verdict goes out.
#pragma once

#include <optional>
#include <string>

#include "check/game_verdict.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::check {

// Either game's record (the ruleset's `game` picks the judge).
GameVerdict check_record(const record::GameRecord& rec, const Ruleset& rules);
// As check_record, and a legal deal settled in chips gets its settlement broken down, seat by
// seat (GameVerdict::settlement_text and settlement).
GameVerdict check_record_settled(const record::GameRecord& rec, const Ruleset& rules);

// The pieces both games' checks share: a verdict of the record before judging, the verdict
// for a bad move (`move` 1-based, 0: the deal), and the fault of a sealed deal, if any.
GameVerdict start_verdict(const record::GameRecord& rec, const Ruleset& rules);
GameVerdict illegal_at(GameVerdict v, int move, const Verdict& why, record::Mark mark, std::string text, Outcome at);
std::optional<Verdict> seal_fault(const record::GameRecord& rec);
// An outcome as a verdict says it: "seat 1 wins", "a draw", "no result (unfinished)".
std::string outcome_words(const Outcome& o);

}  // namespace conquian::check
