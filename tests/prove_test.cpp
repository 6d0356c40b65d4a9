// Properties of rulesets, with answers worked by hand (the reasoning is beside each).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "prove/properties.h"
#include "prove/spec.h"
#include "record/input_error.h"

using namespace conquian;

namespace {

prove::PropertyValue eval(const std::string& property, const std::string& ruleset) {
  const auto* kind = prove::find_property(property);
  REQUIRE(kind != nullptr);
  return kind->evaluate(*load_ruleset(ruleset));
}

}  // namespace

TEST_CASE("prove: 000's claim, the longest run on a winning table of eleven is eight") {
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

TEST_CASE("prove: the hit rule breaks the hand-plus-table limit, the others keep it") {
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
  std::ofstream(path) << "format: conquian-properties/1\nproperties:\n  - property: no-such-thing\n    expect: {american: 1}\n";
  CHECK_THROWS_AS(prove::load_spec(path), record::InputError);
  std::ofstream(path) << "format: conquian-properties/1\nproperties:\n  - property: longest-winning-run\n    expect: {american: 9}\n";
  auto spec = prove::load_spec(path);
  auto results = prove::run_spec(spec, "");
  REQUIRE(results.size() == 1);
  CHECK_FALSE(results[0].as_expected());  // 9 is refuted: the answer is 8
  std::filesystem::remove_all(dir);
}
