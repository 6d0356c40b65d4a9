// Sealing simulated deals (specs/record-format.md, "Sealed deals"): a salt, and the
// commitment over the salt and the whole deal (every hand, then the stock), so that a
// server can deal with conquian, publish the commitment, and reveal the salt at the end.
#pragma once

#include <cstdint>
#include <string>

#include "record/record.h"

namespace conquian::batch {

// A 128-bit salt as 32 hex digits: from (seed, deal index), the same on every run (for
// tests and reproducible runs: anyone who knows the seed knows the salt), or from the
// operating system's random source (std::random_device) for a real server.
std::string seeded_salt(std::uint64_t seed, std::uint64_t index);
std::string random_salt();

// Writes `salt` and the commitment of the record's deal into it. The deal must carry its
// stock: the commitment covers it.
void seal(record::GameRecord& rec, std::string salt);

}  // namespace conquian::batch
