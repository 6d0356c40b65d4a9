#include "batch/match.h"

#include <algorithm>

#include "rules/scoring.h"

namespace conquian::batch {

std::int64_t deal_points(const ScoredDeal& d, const Scoring& s, std::int64_t multiplier) {
  if (d.winner < 0) return 0;
  return conquian::deal_points(s, d.loser_points, multiplier);
}

MatchSummary score_matches(std::span<const ScoredDeal> deals, const Scoring& s, int seats) {
  MatchSummary m;
  m.match_wins.assign(static_cast<std::size_t>(seats), 0);
  m.points.assign(static_cast<std::size_t>(seats), 0);
  std::vector<int> lengths;
  MatchState match(seats);
  for (const ScoredDeal& d : deals) {
    m.largest_multiplier = std::max(m.largest_multiplier, match.multiplier);
    std::int64_t pts = score_deal(match, s, s.match_target, d.winner, d.loser_points);
    if (d.winner >= 0) m.points[static_cast<std::size_t>(d.winner)] += pts;
    // With match_target 0 every deal is a match by itself (a drawn deal a drawn match), and
    // the multiplier still carries over draws.
    const bool alone = s.match_target == 0;
    if (!match.over() && !alone) continue;
    m.matches++;
    if (d.winner < 0) m.drawn_matches++;
    else m.match_wins[static_cast<std::size_t>(d.winner)]++;
    lengths.push_back(match.deals);
    std::int64_t carried = match.multiplier;
    match = MatchState(seats);
    if (alone) match.multiplier = carried;
  }
  const int in_match = match.deals;
  m.unfinished_deals = static_cast<std::uint64_t>(in_match);
  m.deals_per_match = summarize(std::move(lengths));
  return m;
}

}  // namespace conquian::batch
