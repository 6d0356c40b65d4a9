#include "rules/scoring.h"

#include <algorithm>

namespace conquian {

std::int64_t deal_points(const Scoring& s, int loser_points, std::int64_t multiplier) {
  std::int64_t base = s.method == ScoringMethod::HandPoints ? loser_points : s.stake;
  return base * multiplier;
}

std::int64_t next_multiplier(const Scoring& s, std::int64_t multiplier, bool drawn) {
  if (!drawn) return 1;
  return std::min<std::int64_t>(multiplier * s.after_draw, s.max_multiplier);
}

std::int64_t score_deal(MatchState& m, const Scoring& s, std::int64_t target, int winner, int loser_points) {
  m.deals++;
  const bool drawn = winner < 0;
  std::int64_t points = drawn ? 0 : deal_points(s, loser_points, m.multiplier);
  m.multiplier = next_multiplier(s, m.multiplier, drawn);
  if (drawn) return 0;
  auto w = static_cast<std::size_t>(winner);
  m.total[w] += points;
  if (target > 0 && m.total[w] >= target) m.winner = winner;
  return points;
}

}  // namespace conquian
