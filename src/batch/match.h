// Matches from consecutive deals under a ruleset's scoring, by the rules of
// rules/scoring.h (the stake or the losers' hand points, times a multiplier that grows by
// `after_draw` after each draw up to `max_multiplier`: 004's 1, 2, 4). A seat that reaches
// `match_target` points wins the match; the next deal starts a new match at 0 points. With
// match_target 0 every deal is a match by itself (a drawn deal is a drawn match), and the
// multiplier still carries over draws.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "batch/stats.h"
#include "rules/ruleset.h"

namespace conquian::batch {

// What scoring needs of one deal.
struct ScoredDeal {
  int winner = -1;       // -1: drawn (or unfinished, scored as a draw)
  int loser_points = 0;  // points left in the losers' hands
};

struct MatchSummary {
  std::uint64_t matches = 0;              // matches decided (a drawn one-deal match counts)
  std::uint64_t drawn_matches = 0;        // match_target 0 only: drawn deals
  std::vector<std::uint64_t> match_wins;  // per seat
  std::vector<std::int64_t> points;       // per seat, over every deal
  std::uint64_t unfinished_deals = 0;     // deals of the last match, still undecided
  std::int64_t largest_multiplier = 1;    // the largest multiplier any deal was played at
  Summary deals_per_match;                // deals it took to decide each match
};

// The points a won deal scores at `multiplier`.
std::int64_t deal_points(const ScoredDeal& d, const Scoring& s, std::int64_t multiplier);

// Plays the deals in order as consecutive matches.
MatchSummary score_matches(std::span<const ScoredDeal> deals, const Scoring& s, int seats);

}  // namespace conquian::batch
