// The threshold split at a turn (src/solve/chance_split.cpp): every threshold test it answers
// is right. Held to plain expectimax (chance_reference.h) on small positions of three tiny
// variants, and to the exact search without the split (itself held to plain expectimax in
// chance_test.cpp) on American positions whose turns have eight cards or more; each answer's
// fail-soft bound too, and many tests in a row on one table, as the bisection runs them.
#include <doctest/doctest.h>

#include "cards/shuffle.h"
#include "random_position.h"
#include "replay/position_setup.h"
#include "solve/chance_reference.h"
#include "solve/chance_search.h"
#include "test_scale.h"

using namespace conquian;

namespace {

// Thresholds to test against `exact` (within [-top, top]): either side of it, at it, the
// ends, and random ones.
std::vector<solve::Int128> split_test_thresholds(solve::Int128 exact, solve::Int128 top, Rng& rng) {
  std::vector<solve::Int128> ts = {exact, exact + 1, exact - 1, -top, top, 0};
  for (int i = 0; i < 4; ++i) {
    const auto span = static_cast<std::uint64_t>(2 * top + 1);
    ts.push_back(-top + static_cast<solve::Int128>(rng.below(span)));
  }
  const solve::Int128 tenth = std::max<solve::Int128>(1, top / 10);
  ts.push_back(exact - tenth);
  ts.push_back(exact + tenth);
  return ts;
}

// Runs every threshold test on one search (one table), checking each answer against `exact`;
// returns the tests made.
int check_split_thresholds(const Position& p, solve::Int128 exact, Rng& rng) {
  const solve::Int128 top = solve::factorial(p.stock_left());
  solve::Options o;
  o.table_bits = 14;
  o.max_nodes = 0;
  solve::ChanceSearch search(o);
  search.set_threshold_split(true);
  search.start(p);
  int tests = 0;
  for (solve::Int128 t : split_test_thresholds(exact, top, rng)) {
    CAPTURE(solve::to_string(exact));
    CAPTURE(solve::to_string(t));
    // "At least t?": (t - 1, t). Fail-soft: v >= t is a lower bound, v < t an upper one.
    const solve::Int128 high = search.search(p, t - 1, t);
    CHECK((high >= t) == (exact >= t));
    CHECK((high >= t ? exact >= high : exact <= high));
    // "At most t?": (t, t + 1).
    const solve::Int128 low = search.search(p, t, t + 1);
    CHECK((low <= t) == (exact <= t));
    CHECK((low <= t ? exact <= low : exact >= low));
    tests += 2;
  }
  // The table the tests left still gives the exact value.
  CHECK(search.exact(p) == exact);
  return tests;
}

}  // namespace

TEST_CASE("the threshold split answers every threshold test as plain expectimax does") {
  int positions = 0, tests = 0;
  for (const char* base : {"tiny", "tiny-lay", "tiny-offer"}) {
    const std::string extra = std::string(base) == "tiny-lay" ? "meld_timing: turn\n"
                              : std::string(base) == "tiny-offer"
                                  ? "forcing: {decline: false, offer: true, hit: false, "
                                    "forced_extra_melds: true}\n"
                                  : "";
    auto rules = load_ruleset_text("base: tiny\n" + extra, base, std::string(base) + ".yaml");
    Rng rng(20261205);
    const int want = conquian::testing::scaled(40);
    for (int found = 0, tries = 0; found < want && tries < 50 * want; ++tries) {
      auto p = testing::random_unseen_position(*rules, rng, 7);
      if (!p) continue;
      ++found, ++positions;
      CAPTURE(base);
      tests += check_split_thresholds(*p, solve::PlainExpectimax().value(*p).expected, rng);
    }
  }
  CHECK(positions == 3 * conquian::testing::scaled(40));
  CHECK(tests > 0);
}

TEST_CASE("the threshold split at turns of many cards agrees with the exact search") {
  auto rules = load_ruleset("american");
  Rng rng(20261206);
  const int want = conquian::testing::scaled(8);
  int found = 0, wide = 0;
  // Past `want` positions until one has a root of eight cards or more: under the sanitizers'
  // scale `want` is 1, and the first position found need not be wide.
  for (int tries = 0; (found < want || wide == 0) && tries < 400; ++tries) {
    auto p = testing::random_unseen_position(*rules, rng, 9, true);
    if (!p || p->stock_left() < 8) continue;
    solve::Options o;
    o.table_bits = 18;
    o.max_nodes = 300'000;         // positions that need more are skipped: the suit stays quick
    solve::ChanceSearch star1(o);  // no split: Star1 at every turn
    star1.start(*p);
    solve::Int128 exact = 0;
    try {
      exact = star1.exact(*p);
    } catch (const solve::BudgetExceeded&) { continue; }
    ++found;
    solve::ChanceSearch::Node root;
    star1.prepare(root, *p);
    std::vector<solve::ChanceSearch::Draw> cards;
    if (solve::ChanceSearch::is_turn(root.pos)) star1.draws(root, cards);
    wide += cards.size() >= 8;
    check_split_thresholds(*p, exact, rng);
  }
  CHECK(found >= want);
  CHECK(wide > 0);  // some roots are turns of eight cards or more
}
