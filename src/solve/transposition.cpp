#include "solve/transposition.h"

#include <array>

namespace conquian::solve {
namespace {

// The kept groupings, exactly while they fit in 64 bits (see StateKey).
std::uint64_t grouping_code(const Position& p) {
  std::uint64_t code = 0;
  int shift = 0;
  for (int s = 0; s < 2; ++s) {
    std::array<std::uint8_t, 256> label;
    label.fill(0xFF);
    std::uint8_t next = 0;
    for (Card c : p.table[s]) {
      std::uint8_t m = p.meld_of[c];
      if (label[m] == 0xFF) label[m] = next++;
      if (label[m] >= 8 || shift + 3 > 64) {
        std::uint64_t h = 0x9e3779b97f4a7c15ULL;  // too big to pack: hash meld_of instead
        for (int t = 0; t < 2; ++t)
          for (Card d : p.table[t]) h = (h ^ (std::uint64_t{d} << 8 | p.meld_of[d])) * 0x100000001b3ULL;
        return h | (std::uint64_t{1} << 63);
      }
      code |= std::uint64_t{label[m]} << shift;
      shift += 3;
    }
  }
  return code;
}

}  // namespace

std::uint64_t hash_key(const StateKey& k) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t w : {k.hand0, k.hand1, k.table0, k.table1, k.dead, k.small, k.grouping}) {
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  h *= 0x94d049bb133111ebULL;
  return h ^ (h >> 29);
}

std::uint64_t hash_key(const PackedKey& k) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::uint64_t w : {k.plane0, k.plane1, k.plane2, k.small, k.grouping}) {
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 31;
  }
  h *= 0x94d049bb133111ebULL;
  return h ^ (h >> 29);
}

StateKey state_key(const Position& p) {
  StateKey k;
  k.hand0 = p.hand[0].bits();
  k.hand1 = p.hand[1].bits();
  k.table0 = p.table[0].bits();
  k.table1 = p.table[1].bits();
  k.dead = p.dead.bits();
  k.small = std::uint64_t{p.stock_top} | std::uint64_t{p.stock_end} << 8 | std::uint64_t{p.up} << 16 |
            std::uint64_t{p.origin} << 24 | std::uint64_t{p.up_turned} << 32 | std::uint64_t{p.refusals} << 33 |
            std::uint64_t(p.phase) << 41 | std::uint64_t{p.actor} << 49 | std::uint64_t{p.opening_upcard} << 57 |
            std::uint64_t{p.stock_known} << 58;
  if (!p.rules->rearrange) k.grouping = grouping_code(p);
  return k;
}

}  // namespace conquian::solve
