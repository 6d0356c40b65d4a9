#include "batch/match.h"

#include <algorithm>

namespace conquian::batch {
namespace {
// Long strings of draws would overflow; past this the multiplier stops growing.
constexpr std::int64_t kMultiplierCap = std::int64_t{1} << 40;
}  // namespace

std::int64_t deal_points(const ScoredDeal& d, const Scoring& s, std::int64_t multiplier) {
  if (d.winner < 0) return 0;
  std::int64_t base = s.method == ScoringMethod::HandPoints ? d.loser_points : s.stake;
  return base * multiplier;
}

MatchSummary score_matches(std::span<const ScoredDeal> deals, const Scoring& s, int seats) {
  MatchSummary m;
  m.match_wins.assign(static_cast<std::size_t>(seats), 0);
  m.points.assign(static_cast<std::size_t>(seats), 0);
  std::vector<std::int64_t> score(static_cast<std::size_t>(seats), 0);
  std::vector<int> lengths;
  std::int64_t multiplier = 1;
  int in_match = 0;
  for (const ScoredDeal& d : deals) {
    m.largest_multiplier = std::max(m.largest_multiplier, multiplier);
    ++in_match;
    if (d.winner < 0) {
      multiplier = std::min(kMultiplierCap, multiplier * s.after_draw);
      if (s.match_target == 0) {
        m.matches++, m.drawn_matches++;
        lengths.push_back(in_match);
        in_match = 0;
      }
      continue;
    }
    std::int64_t pts = deal_points(d, s, multiplier);
    multiplier = 1;
    auto w = static_cast<std::size_t>(d.winner);
    m.points[w] += pts;
    score[w] += pts;
    if (s.match_target == 0 || score[w] >= s.match_target) {
      m.matches++;
      m.match_wins[w]++;
      lengths.push_back(in_match);
      in_match = 0;
      std::fill(score.begin(), score.end(), 0);
    }
  }
  m.unfinished_deals = static_cast<std::uint64_t>(in_match);
  m.deals_per_match = summarize(std::move(lengths));
  return m;
}

}  // namespace conquian::batch
