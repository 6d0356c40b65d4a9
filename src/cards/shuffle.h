// Deterministic random numbers and deals from a seed (used by simulation, the solver's
// sampling and the tests). Deals: the same seed gives the same deal on every machine and
// with any number of threads (deal i uses its own stream, seeded from (seed, i)).
#pragma once

#include <cstdint>
#include <vector>

#include "cards/card_set.h"

namespace conquian {

// SplitMix64: small, fast, and fully specified (std:: distributions are not portable).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), without modulo bias.
  std::uint64_t below(std::uint64_t n) {
    std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % n;
  }

 private:
  std::uint64_t state_;
};

inline Rng deal_rng(std::uint64_t seed, std::uint64_t deal) {
  Rng mix(seed ^ (deal * 0xd1b54a32d192ed03ULL));
  return Rng(mix.next());
}

// The deck's cards in a random order (Fisher-Yates).
inline std::vector<Card> shuffled_deck(int size, Rng& rng) {
  std::vector<Card> cards(static_cast<std::size_t>(size));
  for (int i = 0; i < size; ++i) cards[static_cast<std::size_t>(i)] = static_cast<Card>(i);
  for (std::size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[rng.below(i)]);
  return cards;
}

}  // namespace conquian
