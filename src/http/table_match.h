// A match at the card table (source 004, Snug Table: "a game won counts 1 point, a game after
// a draw counts 2 (4 after two draws in a row), and the match goes to 3 or 5 points"): deals
// in a row against the built-in player, each sealed and kept as its record, scored by
// rules/scoring.h (the ruleset's stake and multipliers) as `check` scores a match file, the
// deal passing to the other seat after every deal, until a seat reaches the target. The
// match's record (a match document, then each deal with its `score`) is one `check` accepts.
#pragma once

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "record/record.h"
#include "rules/scoring.h"

namespace conquian::http {

// The targets Snug Table offers.
inline constexpr std::int64_t kMatchTargets[] = {3, 5};

struct TableMatch {
  TableMatch(std::int64_t target_, int seats) : target(target_), state(seats) {}
  const std::int64_t target;
  std::mutex mutex;  // its deals are separate sessions: one at a time scores or reads it
  MatchState state;
  std::vector<record::GameRecord> deals;  // the finished deals, sealed, each with its score
};

// Scores the finished deal `rec` (sealed, with its result) into the match, writing its `score`,
// and keeps it. `winner`: the seat that won it, -1 when drawn; `loser_points`: the cards left in
// the loser's hand (scoring.method hand_points).
void score_match_deal(TableMatch& match, const Scoring& scoring, record::GameRecord rec, int winner, int loser_points);
// {"target", "total": every seat's points, "deals": deals scored, "multiplier": what the next
// deal counts, "winner": the seat that reached the target or null, "over"}.
nlohmann::json match_json(TableMatch& match);
// The match so far as a record file: its match document and every finished deal with its score.
std::string match_record(TableMatch& match);

}  // namespace conquian::http
