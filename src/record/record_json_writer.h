// Writing game records as JSON Lines (the inverse of json_record_reader): one record, or a
// match's first document, as one line of JSON with the keys of specs/record-format.md in
// the order the YAML writer writes them. An inline ruleset becomes a JSON object (its YAML
// scalars typed as YAML reads them), so that nothing of a record is lost either way.
#pragma once

#include <string>

#include "record/record.h"

namespace conquian::record {

// One line, without its newline.
std::string write_record_json(const GameRecord& rec);
std::string write_match_header_json(const MatchHeader& header);

}  // namespace conquian::record
