// A recorded Panguingue deal gone through decision by decision from each seat's own view
// (specs/analyse.md, "Panguingue"): every declaration, take or pass, and force or waive of
// every seat valued in chips against the best of the seat's choices, each value an estimate
// (solve/pan_estimate.h: worlds the seat cannot tell apart, played out with greedy) with its
// 95% interval and its worlds. Nothing here is proved: a deal of several seats and hundreds of
// unseen cards is past an exact search.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "pan/position.h"
#include "record/record.h"
#include "replay/move_notation.h"
#include "rules/ruleset.h"
#include "solve/pan_estimate.h"

namespace conquian::analyse {

struct PanOption {
  pan::Move move;
  solve::PanMoveEstimate chips;  // the seat's chips for the deal after it, estimated
};

// One decision of a seat: the moves weighed, all on the same worlds.
struct PanDecision {
  const char* kind = "";  // "declaration", "take or pass", "force or waive"
  int seat = 0;
  pan::Position pos;  // where it was decided
  std::vector<PanOption> options;
  std::size_t played = 0, best = 0;  // into options
  std::size_t worlds = 0;
  // How much the best beat the move played by, in the same worlds, with its 95% interval.
  solve::PanMoveEstimate lost;
  const char* cls = "best";  // "best", "good" (worse, not clearly), "mistake" (clearly worse by the threshold)
};

struct PanRow {
  int index = 0;  // 1-based, as check counts moves
  int seat = 0;
  pan::Position pos;  // where the move was played (after an implied waive)
  pan::Move move;
  const char* cls = "forced";        // the decision's class, or "forced" (no choice)
  std::optional<PanDecision> waive;  // the force window before it, left implied by the record
  std::optional<PanDecision> decision;
};

struct PanSeatSummary {
  int moves = 0, decisions = 0, mistakes = 0;
  double lost = 0;         // chips lost, the sum of the decisions' estimated drops
  std::int64_t chips = 0;  // the chips the deal settled for it
};

struct PanAnalysis {
  std::string id, ruleset, file;
  int game = 0;
  int seats = 0;
  double threshold = 0.1;
  std::vector<PanRow> rows;
  std::vector<PanSeatSummary> summary;
  Outcome outcome;
  std::size_t worlds = 0;  // worlds asked a decision (0: as many as the time allows)
  double seconds = 0;      // the time given, all decisions together (0: none)
  double spent = 0;        // the time taken
};

struct PanAnalyseOptions {
  std::size_t worlds = solve::kPanAdviceWorlds;  // worlds a decision (at most, with a time)
  double seconds = 0;                            // all decisions together, shared out evenly (0: no limit)
  double threshold = 0.1;                        // chips a mistake loses at least
};

// Analyses a legal Panguingue record (check it first: an illegal one throws std::logic_error).
PanAnalysis analyse_pan_game(const record::GameRecord& rec, std::shared_ptr<const Ruleset> rules,
                             const PanAnalyseOptions& options);

std::string pan_analysis_text(const PanAnalysis& a, SuitStyle style);
nlohmann::json pan_analysis_json(const PanAnalysis& a);

// A Pan choice in words and as JSON: the record's, a waive as {"seat": S, "waive": true}.
std::string pan_choice_text(const pan::Position& before, const pan::Move& m, SuitStyle style);
nlohmann::json pan_choice_json(const pan::Position& before, const pan::Move& m);
// Two choices that are the same move (a take the same cards laid and the same discard,
// however grouped).
bool same_pan_choice(const pan::Move& a, const pan::Move& b);

}  // namespace conquian::analyse
