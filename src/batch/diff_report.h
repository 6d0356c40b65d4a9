// The diff report as data: every number `conquian diff` reports, computed once here from the
// per-deal results, the recorded games and the property verdicts (specs/diff-report.md
// describes each). The JSON, Markdown, HTML and summary writers only render this struct,
// so the outputs cannot disagree.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "batch/diff_games.h"
#include "batch/diff_play.h"
#include "batch/stats.h"
#include "prove/property_differences.h"

namespace conquian::batch {

// A share of deals (or matches, or events) with its 95 % Wilson interval.
struct Rate {
  std::uint64_t count = 0, of = 0;
  double rate = 0;  // count / of; 0 when of is 0
  Interval ci95;
};

struct Histogram {
  int bin_width = 1;  // bin k: k * bin_width to k * bin_width + bin_width - 1
  std::vector<std::uint64_t> counts;
};

struct ForcingFigures {
  std::uint64_t forces = 0, decline_forces = 0, offer_forces = 0, hits = 0;
  double per_deal = 0;  // (forces + hits) / deals
  Rate deals_with_force;
  std::uint64_t events = 0;                       // forces + hits
  Rate forced_seat_won, forcing_seat_won, drawn;  // of events
};

struct SeatPoints {
  std::int64_t points = 0;
  double per_deal = 0;
};

struct MatchFigures {
  std::uint64_t matches = 0, drawn_matches = 0;
  std::vector<Rate> wins;          // by seat, of matches
  std::vector<SeatPoints> points;  // by seat
  Summary deals_per_match;
  std::uint64_t unfinished_deals = 0;
  std::int64_t largest_multiplier = 1;
};

// One ruleset's deals.
struct RulesetFigures {
  std::shared_ptr<const Ruleset> rules;
  std::uint64_t deals = 0;
  Rate draws;
  std::uint64_t unfinished = 0;
  std::vector<Rate> seat_wins;   // by seat (its player: DiffReport::players[seat])
  std::vector<Rate> order_wins;  // by order of play (0: the seat after the dealer)
  Summary moves, turned;
  Histogram moves_histogram;  // the same bins for every ruleset of the report
  ForcingFigures forcing;
  MatchFigures match;  // Conquian's; no matches under Panguingue
  int seats = 0;       // seats dealt in
  // Panguingue's settlement (empty under Conquian). By seat (its player:
  // DiffReport::players[seat]): its net chips a deal and over every deal, and its drops.
  std::vector<Summary> seat_chips;
  std::vector<std::int64_t> seat_chips_total;
  std::vector<Rate> seat_drops;
  // The same by order of play (0: the seat after the dealer).
  std::vector<Summary> order_chips;
  std::vector<Rate> order_drops;
  Rate drops;          // of every seat's deals
  Rate went_out;       // deals a seat went out (its table reached the target)
  Rate last_in;        // deals won because every other seat dropped
  Summary conditions;  // chips paid for conditions a deal, by every payer together
  Summary pot;         // chips left in the pot at the end (a drawn deal's)
  Summary pot_taken;   // the pot the winner took, over the deals won
};

// A test of one measure between rulesets a and b.
struct Test {
  std::string measure;       // "draw_rate", "seat_0_win_rate", "deal_length_moves", ...
  double a = 0, b = 0;       // the measure's value under each
  ZTest z;                   // diff = a - b with its interval, z, p
  bool significant = false;  // p < alpha
};

// The property values of `conquian prove` that differ between a and b.
struct PropertyVerdicts {
  bool available = false;  // false: not computed (--no-properties)
  std::vector<prove::PropertyDifference> differ;
  std::string note;  // the same in a sentence
};

// A recorded game judged differently under a and b.
struct GameDifference {
  std::string id;
  check::GameVerdict a, b;
  int first_diverging_move = 0;
};

struct GamesComparison {
  std::size_t checked = 0;
  std::vector<GameDifference> differing;
};

struct Comparison {
  std::string a, b;  // the rulesets' names
  std::vector<Test> tests;
  std::optional<std::string> note;  // when the seat counts differ
  PropertyVerdicts properties;
  std::optional<GamesComparison> games;  // with --games
  // The measures of the significant tests, in order.
  std::vector<std::string> significant() const;
};

struct GamesFile {
  std::string file;
  std::size_t records = 0;
  std::vector<std::string> unreadable;
};

struct DiffReport {
  std::string command;
  std::uint64_t deals = 0, seed = 0;
  std::vector<std::string> players;  // by seat, for the largest seat count compared
  double alpha = 0.05;
  std::vector<std::string> notes;        // about the comparison itself (decks, seats)
  std::vector<RulesetFigures> rulesets;  // in the order given
  std::vector<Comparison> comparisons;   // every pair i < j, in order
  std::optional<GamesFile> games;        // with --games
};

struct ReportInput {
  const DiffPlan* plan = nullptr;
  const DealTable* deals = nullptr;          // every deal, [ruleset][deal]
  const GamesCheck* games = nullptr;         // --games, or null
  std::string command;                       // the command line, for the reader
  bool properties = false;                   // evaluate the property verdicts (a few seconds a ruleset)
  std::function<void()> property_done = {};  // called after each ruleset's properties (may be empty)
};

DiffReport build_diff_report(const ReportInput& in);

}  // namespace conquian::batch
