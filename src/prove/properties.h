// Properties of a ruleset over every possible table or play, with their evidence.
//
// Each property computes a value for a ruleset (a number, true/false, holds/fails) and says
// how it knows: "proved" (Z3 answered unsat for the negation, with a witness for the
// positive side, or an induction proof over the step model of specs/step-model.md),
// "enumerated" (the engine's exact search over every case, each case confirmed by Z3), or
// "checked" (the engine's invariant held on every move of N simulated
// deals: evidence, not proof). A spec (specs/properties.yaml) pairs each property with the
// value expected per ruleset. When a Z3 check a value needs answers unknown (a timeout or
// a resource limit in `Z3Limits`), the value is "unknown" with evidence "unknown" and Z3's
// reason in the detail: never a value Z3 did not prove.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "prove/z3_check.h"
#include "rules/ruleset.h"

namespace conquian::prove {

struct PropertyValue {
  std::string value;     // "8", "true", "holds", "fails", "unknown"
  std::string evidence;  // "proved", "enumerated", "checked", "bound"; "unknown" with value "unknown"
  std::string detail;    // a sentence: the witness or counterexample in card tokens
  bool unknown() const { return value == "unknown"; }
};

// The value of a property that a Z3 check left undecided: `what` says what was asked.
PropertyValue undecided(const std::string& what, const Z3Answer& answer);

struct PropertyKind {
  std::string id;
  std::string summary;
  // `limits` bound each Z3 check of the table properties; the play properties' induction
  // proofs (prepare) keep their own limit per query (prove/play_proof.h) and say unknown
  // when it is reached.
  std::function<PropertyValue(const Ruleset&, const Z3Limits& limits)> evaluate;
  // Work that evaluate() would do first and that may run on another thread, for several
  // rulesets at once (the play properties' induction proofs); may be empty.
  std::function<void(const Ruleset&)> prepare = {};
  Game game = Game::Conquian;  // the game whose rulesets it speaks of
};

// `kind` evaluated for `rules`: "n/a" (proved) for a ruleset of another game, whose engine
// the property's search does not play; prepared first where it has a preparation.
PropertyValue evaluate_property(const PropertyKind& kind, const Ruleset& rules, const Z3Limits& limits);
// Whether `kind` speaks of `rules` (the same game).
inline bool property_applies(const PropertyKind& kind, const Ruleset& rules) { return kind.game == rules.game; }

// Every property this build can evaluate, by id.
const std::vector<PropertyKind>& property_kinds();
const PropertyKind* find_property(const std::string& id);

}  // namespace conquian::prove
