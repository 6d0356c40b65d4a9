// `diff --games FILE`: every recorded game judged under each compared ruleset (by
// check::check_file, never by rules of its own), and the games whose verdicts differ
// between two rulesets, with the first move at which the two replays disagree.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "check/game_verdict.h"
#include "rules/ruleset.h"

namespace conquian::batch {

struct GameVerdicts {
  std::string id;
  std::vector<check::GameVerdict> under;  // one per ruleset, in the plan's order
};

struct GamesCheck {
  std::string file;
  std::vector<GameVerdicts> games;      // every record of the file that could be read
  std::vector<std::string> unreadable;  // documents that are no record, with the reason
};

// Reads every record of `file` and checks each under every ruleset. Throws
// record::InputError when the file itself cannot be read.
// `threads`: those that read and judge the file (0: one per core); the verdicts are the same.
GamesCheck check_games(const std::string& file, const std::vector<std::shared_ptr<const Ruleset>>& rules,
                       int threads = 0);

// Whether the two verdicts differ (judgement, or the bad move, or its code).
bool verdicts_differ(const check::GameVerdict& a, const check::GameVerdict& b);
// The first move (1-based; 0 the deal; moves + 1 the result) at which two differing
// verdicts part: the earliest bad move of the two.
int first_diverging_move(const check::GameVerdict& a, const check::GameVerdict& b);

}  // namespace conquian::batch
