// Deterministic random numbers from a seed (used by simulation, the solver's sampling, the
// seat views' worlds and the tests). The same seed gives the same numbers on every machine
// and with any number of threads (deal i uses its own stream, seeded from (seed, i)).
#pragma once

#include <cstdint>

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

// Deal i's own stream of the run seeded `seed`.
inline Rng deal_rng(std::uint64_t seed, std::uint64_t deal) {
  Rng mix(seed ^ (deal * 0xd1b54a32d192ed03ULL));
  return Rng(mix.next());
}

}  // namespace conquian
