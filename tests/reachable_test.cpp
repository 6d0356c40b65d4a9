// Every reachable state of a deck small enough for the suite (prove/reachable.h), against a
// longest deal worked out by hand and the ranking function's proved bound.
#include <doctest/doctest.h>

#include "prove/play_proof.h"
#include "prove/reachable.h"
#include "rules/ruleset.h"

using namespace conquian;

namespace {

// Eight cards (A-4 in two suits), hands of two, three melded win; sets of exactly two, runs
// of three or more. tiny's rules otherwise (rearrange, extra melds, forcing on decline).
const char* kMicro =
    "base: tiny\n"
    "deck: {ranks: [A, 2, 3, 4], suits: [c, d]}\n"
    "hand: 2\n"
    "target: 3\n"
    "melds: {set: [2, 2], run: [3, null]}\n";

}  // namespace

TEST_CASE("reachable: every state of an eight-card deck, and its exact longest deal") {
  auto r = load_ruleset_text(kMicro, "micro", "<micro>");
  REQUIRE(prove::why_not_enumerable(*r).empty());
  prove::ReachableStates all = prove::enumerate_reachable(*r);
  INFO(all.fault);
  CHECK(all.fault.empty());
  CHECK(all.deals == 840);  // C(8,2) x C(6,2) hands x 2 dealers
  CHECK(all.states > all.live);
  CHECK(all.live > 0);
  // By hand: a table of two is a pair, which nothing can complete (no set of three, no run
  // across suits), and a win needs a run of three laid at once. So each of the four stock
  // cards is turned and refused by both seats (12 moves), and each seat can take once (a
  // pair), the take standing in for a refusal and adding its discard's refusal: 14. A pair
  // table never fits a card, so no seat is ever forced.
  CHECK(all.longest == 14);
  CHECK(all.longest_line.find("take") != std::string::npos);
  // The ranking function's bound (specs/step-model.md) is an upper bound, not the exact one.
  prove::PlayProof proof = prove::prove_play(*r);
  REQUIRE(proof.ranked);
  CHECK(all.longest <= proof.bound);
}

TEST_CASE("reachable: decks it cannot pack are refused with a reason") {
  CHECK(prove::why_not_enumerable(*load_ruleset("american")).find("bits") != std::string::npos);
  CHECK(prove::why_not_enumerable(*load_ruleset("nine-card")).find("swap") != std::string::npos);
  auto fixed = load_ruleset_text(std::string(kMicro) + "rearrange: false\n", "micro-fixed", "<micro-fixed>");
  CHECK(prove::why_not_enumerable(*fixed).find("rearrange") != std::string::npos);
}
