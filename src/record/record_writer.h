// Writing game records as YAML (the inverse of record_reader): one document per game,
// moves in flow style, one per line, so that diffs of record files read well. The one
// writer of a move's words, as record text and as JSON (`solve --json`, `forcing --json`).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "record/record.h"

namespace conquian::record {

std::string write_record(const GameRecord& rec);
// A match's first document (format and match: the terms of the match).
std::string write_match_header(const MatchHeader& header);
// A text as a YAML scalar that reads back as exactly that text: plain when it is a plain
// word (letters, digits, '-', '_', '.', not a word YAML reads as true, false or null),
// otherwise double-quoted with escapes.
std::string yaml_scalar(const std::string& text);
// One move as a flow mapping, e.g. {seat: 1, take: 5h, melds: [[5h, 5c, 5s]], discard: Kd}.
std::string write_move(const RecordMove& move);
// The same move as a JSON object with the record's keys, e.g.
// {"seat": 1, "take": "5h", "melds": [["5h", "5c", "5s"]], "discard": "Kd"}.
// Built from the text append_move_json writes (the one writer of a move's JSON).
nlohmann::json move_json(const RecordMove& move);
// The same object as compact JSON text appended to `out`, keys sorted, the bytes
// move_json(move).dump() gives (record/json_text.h): for answers written many times a second.
void append_move_json(std::string& out, const RecordMove& move);

}  // namespace conquian::record
