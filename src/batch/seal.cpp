#include "batch/seal.h"

#include <fmt/format.h>

#include <random>

#include "base/rng.h"
#include "check/commitment.h"

namespace conquian::batch {

std::string seeded_salt(std::uint64_t seed, std::uint64_t index) {
  // A stream of its own (not the deal's), so that sealing changes no card of the deal.
  Rng rng = deal_rng(seed ^ 0x5a17'5a17'5a17'5a17ULL, index);
  const std::uint64_t hi = rng.next();
  return fmt::format("{:016x}{:016x}", hi, rng.next());
}

std::string random_salt() {
  std::random_device dev;
  std::string s;
  for (int i = 0; i < 4; ++i) s += fmt::format("{:08x}", static_cast<std::uint32_t>(dev()));
  return s;
}

void seal(record::GameRecord& rec, std::string salt) {
  rec.salt = std::move(salt);
  rec.commitment = check::deal_commitment(rec);
}

}  // namespace conquian::batch
