// A recorded game gone through move by move (specs/analyse.md): at every decision the move
// played is compared with the best move by each evaluation (evaluation.h), the move gets a
// class, forces that were possible are looked at, and the game gets a summary.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyse/evaluation.h"
#include "record/record.h"
#include "rules/ruleset.h"

namespace conquian::analyse {

enum class Class { Best, Good, Mistake, Blunder, Unsolved, Forced };
const char* class_name(Class c);

// One evaluation's word on a decision, kept with the evaluation's key.
struct Judged {
  const char* key = "";
  bool exact = false;
  bool applies = true;  // false: the evaluation judges no move of this game (see Analysis)
  Assessment a;
  Class cls = Class::Unsolved;  // this evaluation's own class of the move (Forced: no decision)
};

// A force that was possible at a decision.
//   window: right after seat `forced` refused `card`, seat `seat` may force it on it
//           (`decline` forcing); not forcing is a decision of its own, which records leave
//           implied (the move after it is the record's next move);
//   offer:  the seat facing the card may force it on another seat instead of taking or
//           passing it (`offer` forcing): one of the seat's moves.
struct ForceChance {
  bool window = false;
  int seat = 0;    // the seat that could force
  int forced = 0;  // the seat it could force
  Card card = kNoCard;
  bool played = false;
  // window, not played: the implied "not forcing" judged as a decision of `seat`
  Position pos;  // the window
  std::vector<Judged> judged;
  Class cls = Class::Unsolved;
  // Per evaluation (the analysis' order): the worth after forcing and after the move played
  // instead (after not forcing, in a window), when solved.
  struct Compare {
    bool solved = false;
    Worth force, other;
  };
  std::vector<Compare> compare;
  enum class Verdict { Fine, Missed, Bad, Unsolved } verdict = Verdict::Unsolved;
};

// One move of the record.
struct Row {
  int index = 0;  // 1-based, as check counts moves
  int seat = 0;
  Position pos;  // where the move was played (after a refusal nobody forced)
  Move move;
  bool decision = true;  // false: no choice (a turn from the stock)
  std::vector<Judged> judged;
  Class cls = Class::Unsolved;
  std::optional<ForceChance> force;
  std::string note;  // the annotation, for people
};

struct SeatSummary {
  int moves = 0, decisions = 0, blunders = 0, mistakes = 0, unsolved = 0;
  std::vector<double> lost;      // expected score lost, per evaluation (exact ones: 0)
  std::vector<int> mistakes_by;  // per evaluation: decisions it classed a mistake
};

struct Decisive {
  int index = 0;  // the row
  int seat = 0;
  bool not_forcing = false;  // the decision was the implied "not forcing" before the move
  std::string by;            // the evaluation's key
};

struct Analysis {
  std::string id, ruleset, file;
  int game = 0;                      // the document's index in the file
  std::vector<std::string> players;  // as the record names them (may be empty)
  std::shared_ptr<const Ruleset> rules;
  double threshold = 0.1;
  std::vector<std::string> keys;            // the evaluations, in order
  std::vector<std::string> not_applicable;  // per evaluation: why it judges no move ("" if it does)
  std::vector<Position> positions;          // positions[k]: after the first k moves (k = 0: the deal)
  std::vector<Row> rows;
  Outcome outcome;
  std::vector<SeatSummary> seats;
  std::optional<Decisive> decisive;
  std::string decisive_note;  // why there is none, or what it means
};

struct AnalyseOptions {
  double threshold = 0.1;  // a drop of at least this much for the mover is a mistake
  Budgets budgets;
  // A Panguingue deal (pan_analysis.h): worlds a decision (at most, with a time), and seconds for
  // all its decisions together, shared out evenly (0: the worlds, whatever the time).
  int pan_worlds = 500;
  double seconds = 0;
};

// Analyses a legal record (check it first: an illegal one throws std::logic_error).
// `evaluations` are asked in order (make_evaluations()); each gets new_game() first.
Analysis analyse_game(const record::GameRecord& rec, std::shared_ptr<const Ruleset> rules,
                      std::vector<std::unique_ptr<Evaluation>>& evaluations, const AnalyseOptions& options);

}  // namespace conquian::analyse
