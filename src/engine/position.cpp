#include "engine/position.h"

namespace conquian {
namespace {

constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  // splitmix64 finaliser over a running combination
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return h;
}

}  // namespace

CardSet Position::unseen() const {
  CardSet seen = dead;
  for (int s = 0; s < seats(); ++s) seen |= hand[s] | table[s];
  if (up != kNoCard) seen.insert(up);
  return rules->deck.all() - seen;
}

std::uint64_t Position::hash() const {
  std::uint64_t h = 0;
  for (int s = 0; s < seats(); ++s) h = mix(mix(h, hand[s].bits()), table[s].bits());
  h = mix(h, dead.bits());
  std::uint64_t small = std::uint64_t{stock_top} | std::uint64_t{stock_end} << 8 | std::uint64_t{up} << 16 |
                        std::uint64_t{origin} << 24 | std::uint64_t{up_turned} << 32 | std::uint64_t{refusals} << 33 |
                        std::uint64_t(phase) << 40 | std::uint64_t{actor} << 48 | std::uint64_t{opening_upcard} << 56;
  h = mix(h, small);
  if (phase == Phase::Swap)
    for (Card c : swap_card) h = mix(h, c);
  if (!rules->rearrange)
    for (int s = 0; s < seats(); ++s)
      for (Card c : table[s]) h = mix(h, std::uint64_t{c} << 8 | meld_of[c]);
  return h;
}

bool Position::same_state(const Position& o) const {
  if (hand != o.hand || table != o.table || dead != o.dead || stock_top != o.stock_top || stock_end != o.stock_end ||
      up != o.up || origin != o.origin || up_turned != o.up_turned || refusals != o.refusals || phase != o.phase ||
      actor != o.actor || opening_upcard != o.opening_upcard || swap_card != o.swap_card || passed != o.passed ||
      result != o.result)
    return false;
  if (!rules->rearrange)
    for (int s = 0; s < seats(); ++s)
      for (Card c : table[s])
        if (meld_of[c] != o.meld_of[c]) return false;
  return true;
}

int loser_points(const Position& p, int winner) {
  int points = 0;
  for (int s = 0; s < p.seats(); ++s)
    if (s != winner)
      for (Card c : p.hand[s]) points += p.rules->card_points(c);
  return points;
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Swap: return "swap";
    case Phase::Turn: return "turn";
    case Phase::Offer: return "offer";
    case Phase::ForceWindow: return "force-window";
    case Phase::Forced: return "forced";
    case Phase::Throw: return "throw";
    case Phase::Over: return "over";
  }
  return "";
}

}  // namespace conquian
