// Proofs by induction over the step model (prove/step_model.h) for one ruleset: the initial
// states satisfy the invariant I (prove/step_invariant.h), and every transition from a state
// of I lands in I with the ranking function lower by at least one (one query per transition:
// move kind, seat, starting phase); every live state of I has a move; the ranking function
// is never negative on I, and its value after the deal is the proved bound on a deal's
// length in record moves. Z3's unknown is never taken for unsat: a query that is not
// answered leaves its properties unproved.
#pragma once

#include <string>
#include <vector>

#include "rules/ruleset.h"

namespace conquian::prove {

struct ProofQuery {
  std::string name;    // "init", "step: take by seat 0 from Offer", "playable", "ranking >= 0"
  std::string answer;  // "unsat" (proved), "sat" (refuted), "unknown"
  std::string detail;  // sat: what failed and the counterexample; unknown: Z3's reason
  double seconds = 0;
};

struct ModelSize {
  int state_variables = 0;  // per state
  int move_variables = 0;   // over every transition
  int transitions = 0;
  int conjuncts = 0;
  long formula_nodes = 0;  // distinct terms of I(pre) and every guard and post-state
};

struct PlayProof {
  std::string ruleset;
  bool inductive = false;  // I holds initially and is closed under every transition
  bool playable = false;   // and every live state of I has a move
  bool ranked = false;     // and the ranking function bounds every deal
  bool unknown = false;    // some query was not answered
  long bound = -1;         // the ranking function after the deal (ranked only)
  std::string failure;     // the first refuted or unanswered query, in words
  std::vector<ProofQuery> queries;
  ModelSize size;
  double seconds = 0;
};

// Runs every query for `rules` (timeout_ms per query; 0: none). `without`: the name of a
// conjunct of I to leave out, to see which queries then fail (why it is part of I).
PlayProof prove_play(const Ruleset& rules, unsigned timeout_ms = 60000, const std::string& without = "");
// The same, computed once per ruleset (by its keys, written out) and kept for the process.
const PlayProof& cached_play_proof(const Ruleset& rules);

}  // namespace conquian::prove
