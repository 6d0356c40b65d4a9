// One verdict of `check` as JSON: an element of `check --json`'s "games" and a line of
// `check --json-lines` (specs/check-output.md), and what conquian.check returns in Python.
#pragma once

#include <nlohmann/json.hpp>

#include "check/game_verdict.h"

namespace conquian::check {

// {"id", "verdict", "outcome", "file", "index", ["ruleset"], ["match"], ["move", "code", "message", "line"], "moves"}
nlohmann::json verdict_json(const GameVerdict& v);

}  // namespace conquian::check
