// Sealed deals (specs/record-format.md, `commitment`): sha256 over "salt:" followed by every card token of the deal
// (seat 0's hand first, then the other hands, then the stock) separated by single spaces.
#pragma once

#include <string>

#include "record/record.h"

namespace conquian::check {

std::string sha256_hex(const std::string& data);
// What the commitment hashes: the salt, ':', then every card token of the deal, space-separated.
std::string commitment_text(const record::GameRecord& rec);
// The commitment text a record's deal should carry: "sha256:<lowercase hex>".
std::string deal_commitment(const record::GameRecord& rec);

}  // namespace conquian::check
