// The words of a session's deal, whichever game: the ruleset as a record names it, and a deal
// given as JSON ({"dealer", "hands", "stock"}) turned into a record's deal, which the game's
// replay then checks as `check` checks a record's deal.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "record/record.h"
#include "rules/ruleset.h"
#include "turn/verdict.h"

namespace conquian::serve {

// What a record written by a session says of its ruleset: a shipped name as it is, any other
// ruleset written out inline (as `conquian simulate` does: the file does not travel).
void name_ruleset(const Ruleset& rules, record::GameRecord& rec);

// A record holding the deal `deal` ({"dealer": D, "hands": [[cards]...], "stock": [cards]},
// stock optional) and no moves; throws SessionError bad-field for a deal that is not of that shape.
record::GameRecord deal_record(const Ruleset& rules, const nlohmann::json& deal);

// "code: sentence", as the sessions' errors quote a fault.
std::string fault_text(const Verdict& v);

}  // namespace conquian::serve
