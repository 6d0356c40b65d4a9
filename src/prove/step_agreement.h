// Holding the step model (prove/step_model.h) to the engine, one position at a time: the
// engine's successors (every legal move applied) and the model's (every solution of the step
// relation from the same state, found one by one with a blocking clause for each) must be
// the same set of states. A model successor the engine lacks, or an engine successor the
// model lacks, is a disagreement: a bug in one of the two.
//
// The stock is compared as a set: the position is taken with its stock unknown, so the
// engine lists a turn of every stock card, as the model does. Fields that mean nothing in a
// phase (the face-up card's origin outside an offer, the seat to act once the deal is over)
// are compared as 0. Groupings are compared only where they are state (without rearrange),
// as sets of melds.
#pragma once

#include <z3++.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/position.h"

namespace conquian::prove {

struct StepAgreement {
  long engine_successors = 0;              // distinct states after the engine's legal moves
  long model_successors = 0;               // distinct states the model allows
  long engine_moves = 0;                   // legal moves (several may lead to one state)
  long queries = 0;                        // Z3 checks
  bool invariant_holds = true;             // the position satisfies the model's invariant I
  bool unknown = false;                    // some check was not answered
  std::vector<std::string> disagreements;  // in words, with the states
};

class StepAgreementChecker {
 public:
  explicit StepAgreementChecker(const Ruleset& rules, unsigned timeout_ms = 60000);
  ~StepAgreementChecker();
  StepAgreementChecker(const StepAgreementChecker&) = delete;
  StepAgreementChecker& operator=(const StepAgreementChecker&) = delete;

  // Compares the successors of a live position (with `check_invariant`, also asks whether
  // the position satisfies I).
  StepAgreement check(const Position& pos, bool check_invariant = false);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace conquian::prove
