// Properties of rulesets, with answers worked by hand (the reasoning is beside each).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "prove/play_proof.h"
#include "prove/properties.h"
#include "prove/property_differences.h"
#include "prove/spec.h"
#include "record/input_error.h"
#include "rules/ruleset.h"
#include "test_scale.h"

using namespace conquian;

namespace {

prove::PropertyValue eval(const std::string& property, const std::string& ruleset, const prove::Z3Limits& limits = {}) {
  const auto* kind = prove::find_property(property);
  REQUIRE(kind != nullptr);
  return kind->evaluate(*load_ruleset(ruleset), limits);
}

// Whether a value is "unknown" with evidence "unknown" and Z3's reason in its detail.
void check_undecided(const prove::PropertyValue& v) {
  CAPTURE(v.detail);
  CHECK(v.value == "unknown");
  CHECK(v.evidence == "unknown");
  CHECK(v.detail.find("Z3 could not decide") == 0);
  CHECK(v.detail.find("()") == std::string::npos);  // a reason is given
}

}  // namespace

TEST_CASE("prove: 000's claim, the longest run on a winning table of eleven is eight" * conquian::testing::z3_bound()) {
  // Nine or ten in one run leaves two or one card of the eleven, and no meld is that small.
  auto v = eval("longest-winning-run", "american");
  CHECK(v.value == "8");
  CHECK(v.evidence == "proved");
  // With the cap, no longer run can stand before the win either; without it, one can.
  CHECK(eval("longer-run-before-win", "american").value == "true");
  CHECK(eval("longer-run-before-win", "american-capped").value == "false");
  // Nine-card: ten ranks and a target of ten, so one whole suit wins alone.
  CHECK(eval("longest-winning-run", "nine-card").value == "10");
}

TEST_CASE("prove: uncompletable tables, counted by hand") {
  // Eight-card tables in the 40-card decks: two complete sets whose ranks are at least three
  // apart (45 pairs of the 10 ranks, less 9 adjacent and 8 two apart).
  CHECK(eval("uncompletable-tables", "mexican").value == "28");
  // American: the four whole-suit runs and nothing else.
  auto v = eval("uncompletable-tables", "american");
  CHECK(v.value == "4");
  CHECK(v.detail.find("Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc") != std::string::npos);
}

TEST_CASE("prove: the hit rule breaks the hand-plus-table limit, the others keep it" * conquian::testing::z3_bound()) {
  // The play properties come from the induction proofs of the step model
  // (specs/step-model.md); tiny's is the quickest.
  for (const char* id : {"hand-table-limit", "one-place", "playable"}) {
    auto v = eval(id, "tiny");
    CHECK_MESSAGE(v.value == "holds", id);
    CHECK_MESSAGE(v.evidence == "proved", id << ": " << v.detail);
  }
  auto hit = eval("hand-table-limit", "hit");
  CHECK(hit.value == "fails");
  CHECK(hit.evidence == "proved");
  CHECK(hit.detail.find("onto") != std::string::npos);  // the engine's counterexample is a hit
  CHECK(eval("one-place", "hit").evidence == "proved");
}

TEST_CASE("prove: the longest deal of tiny is bounded by the ranking function") {
  // (1 + 2 seats) x 9 stock cards + (2 + 1) x 2 seats x (target 4 - smallest meld 3) + 2.
  auto v = eval("longest-deal", "tiny");
  CHECK(v.value == "35");
  CHECK(v.evidence == "proved");
}

TEST_CASE("prove: spec files are read strictly") {
  auto dir = std::filesystem::temp_directory_path() / "conquian-prove-test";
  std::filesystem::create_directories(dir);
  auto path = (dir / "spec.yaml").string();
  std::ofstream(path)
      << "format: conquian-properties/1\nproperties:\n  - property: no-such-thing\n    expect: {american: 1}\n";
  CHECK_THROWS_AS(prove::load_spec(path), record::InputError);
  std::ofstream(path)
      << "format: conquian-properties/1\nproperties:\n  - property: longest-winning-run\n    expect: {american: 9}\n";
  auto spec = prove::load_spec(path);
  auto results = prove::run_spec(spec, "");
  REQUIRE(results.size() == 1);
  CHECK_FALSE(results[0].as_expected());  // 9 is refuted: the answer is 8
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove: Z3's unknown is no proof: the value is unknown, with Z3's reason") {
  // A resource limit of one unit stops every check before it can answer, on any machine;
  // without the three-way check these were "proved" (unknown taken for unsat).
  const prove::Z3Limits starved{0, 1};
  check_undecided(eval("longest-winning-run", "american", starved));
  check_undecided(eval("longer-run-before-win", "american", starved));
  // The dead ends are enumerated by the engine, then each confirmed by Z3: unconfirmed,
  // the count is not given.
  check_undecided(eval("uncompletable-tables", "mexican", starved));
  // A time limit of 1 ms gives the same (each check of the table model takes far longer).
  check_undecided(eval("longest-winning-run", "american", {1, 0}));
  // The play properties' induction proofs keep their own limit per query (specs/properties.md),
  // so the limits of the table properties leave them proved.
  CHECK(eval("longest-deal", "mexican", starved).evidence == "proved");
  // And the unknowns of a spec are counted as such, neither as expected nor refuted.
  auto dir = std::filesystem::temp_directory_path() / "conquian-prove-unknown-test";
  std::filesystem::create_directories(dir);
  auto path = (dir / "spec.yaml").string();
  std::ofstream(path)
      << "format: conquian-properties/1\nproperties:\n  - property: longest-winning-run\n    expect: {american: 8}\n";
  auto results = prove::run_spec(prove::load_spec(path), "", starved);
  REQUIRE(results.size() == 1);
  CHECK(results[0].unknown());
  CHECK_FALSE(results[0].as_expected());
  std::filesystem::remove_all(dir);
}

TEST_CASE("prove: play proofs for claim_priority: previous and auto_take (three seats)" *
          conquian::testing::z3_bound()) {
  // claim_priority changes who is offered a card first, auto_take when a pass is allowed;
  // the step model encodes both (specs/step-model.md), so the proofs hold for these rules.
  auto plain = load_ruleset_text("base: tiny\nseats: 3\n", "house", "house.yaml");
  const prove::PlayProof reference = prove::prove_play(*plain);
  REQUIRE(reference.inductive);
  for (const char* keys :
       {"claim_priority: previous\n", "auto_take: true\n", "claim_priority: previous\nauto_take: true\n"}) {
    CAPTURE(keys);
    auto rules = load_ruleset_text(std::string("base: tiny\nseats: 3\n") + keys, "house", "house.yaml");
    const prove::PlayProof proof = prove::prove_play(*rules);
    INFO(proof.failure);
    CHECK(proof.inductive);
    CHECK(proof.playable);
    CHECK(proof.ranked);
    CHECK_FALSE(proof.unknown);
    // Neither key changes how many cards a deal can move, so neither changes the bound.
    CHECK(proof.bound == reference.bound);
    CHECK(prove::cached_play_proof(*rules).inductive);
  }
}

TEST_CASE("prove: a property speaks of one game's rulesets; the other game's are n/a, never searched") {
  auto pan = load_ruleset("panguingue");
  auto american = load_ruleset("american");
  for (const auto& kind : conquian::prove::property_kinds()) {
    CAPTURE(kind.id);
    const auto& other = kind.game == Game::Panguingue ? *american : *pan;
    const auto value = conquian::prove::evaluate_property(kind, other, {});
    CHECK(value.value == "n/a");
    CHECK(value.detail.find(other.name) != std::string::npos);
  }
  // diff compares the properties of its rulesets' game alone.
  const auto values = conquian::prove::evaluate_all(*pan);
  CHECK(values.size() == 3);
  CHECK(values.contains("most-seats-dealt"));
  CHECK(values.at("most-seats-dealt").value == "31");  // (320 - 1) / 10
}
