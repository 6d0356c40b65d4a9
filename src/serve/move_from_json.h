// A move in the record's JSON form ({"seat": 0, "take": "5h", "melds": [...], "discard": "Kd"},
// the form record::move_json writes) read into the record's words, before any card or rule is
// given meaning (replay/record_moves.h does that, as for a record file).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "record/record.h"

namespace conquian::serve {

// Throws SessionError bad-field naming the key and what it should be: not a mapping, no
// `seat` or not an integer, no action key or two, a key records do not write, a card that
// is not a string.
record::RecordMove move_from_json(const nlohmann::json& move);

}  // namespace conquian::serve
