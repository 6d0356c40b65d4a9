// The inductive invariant of the step model (specs/step-model.md), its initial states, the
// ranking function that bounds a deal's length, and the moves that show every live state
// can move. Each conjunct has a name, so a failed induction names what broke.
#pragma once

#include <string>
#include <vector>

#include "prove/step_model.h"

namespace conquian::prove::step {

struct Conjunct {
  std::string name;
  z3::expr holds;
  bool melds = false;  // about tables and their groupings (the others are about card places and counts)
};

// The conjuncts of the invariant I, in order. The properties read off it:
//   one-place         "one-place"
//   hand-table-limit  "hand-table" (with "phase-keys": no Throw phase without the hit rule)
//   legal-tables      "slots" and "tables-legal"
// The rest strengthen it until it is inductive.
std::vector<Conjunct> invariant(const Model& m, const State& s);
z3::expr invariant_holds(const Model& m, const State& s);
// The conjuncts about card places and counts only.
z3::expr card_invariant_holds(const Model& m, const State& s);

// The states right after a deal: any hands of `hand` cards, the rest in the stock, any dealer.
z3::expr initial(const Model& m, const State& s);

// An upper bound on the record moves left (0 when the deal is over): every record move from
// a state of I lowers it by at least 1, a waive (not a record move) never raises it.
z3::expr ranking(const Model& m, const State& s);

// For each live phase and seat to act, one move built from the state alone (the lowest card
// of the hand or stock, the witness grouping of a forced take, ...) and its guard: I and
// `at` imply `allowed`. In Offer, with compulsory_take, a pass is barred only when a take
// exists, and then that take is a move: the case asks only for the face-up card.
struct MoveWitness {
  std::string name;
  z3::expr at, allowed;
};
std::vector<MoveWitness> witness_moves(const Model& m, const State& s);
// The lowest card of a set of 0/1 terms, as 0/1 terms (all 0 for an empty set), and the
// fact that it is one card of the set exactly when the set is not empty: valid for every 0/1
// vector (play_proof.cpp proves it once, then uses it for each seat's hand and the stock).
Terms lowest_of(const Model& m, const Terms& set);
z3::expr lowest_is_one_card(const Model& m, const Terms& set);

}  // namespace conquian::prove::step
