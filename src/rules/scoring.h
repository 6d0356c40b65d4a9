// How deals add up to a match (specs/rulesets.md, `scoring`; specs/record-format.md,
// "Matches"): the one place that says what a deal scores and what the next deal is worth.
// `check` verifies match records with it and `diff` scores its simulated matches with it.
//
//   - A won deal scores the stake (method stake) or the cards left in the losers' hands
//     (method hand_points, 000), times the deal's multiplier. A drawn deal scores nothing.
//   - The first deal of a match is worth 1x. After a draw the next deal is worth
//     after_draw times as much, never more than max_multiplier (004: "a game after a draw
//     counts 2 (4 after two draws in a row)"); after a won deal, 1x again.
//   - A seat that reaches the target (match_target) wins the match, and the match ends
//     there; with target 0 there is no match, every deal stands alone.
#pragma once

#include <cstdint>
#include <vector>

#include "rules/ruleset.h"

namespace conquian {

// The points a won deal scores: `loser_points` are the cards left in the losers' hands.
std::int64_t deal_points(const Scoring& s, int loser_points, std::int64_t multiplier);
// The multiplier of the deal after one played at `multiplier` that was drawn (or won).
std::int64_t next_multiplier(const Scoring& s, std::int64_t multiplier, bool drawn);

// A match as it stands between deals.
struct MatchState {
  std::vector<std::int64_t> total;  // every seat's points
  std::int64_t multiplier = 1;      // what the next deal is worth
  int winner = -1;                  // the seat that reached the target; -1 while it goes on
  int deals = 0;                    // deals played

  explicit MatchState(int seats) : total(static_cast<std::size_t>(seats), 0) {}
  bool over() const { return winner >= 0; }
};

// Scores one finished deal (winner -1: drawn) into the match; returns the points it
// scored. `target` 0: no seat ever wins the match.
std::int64_t score_deal(MatchState& m, const Scoring& s, std::int64_t target, int winner, int loser_points);

}  // namespace conquian
