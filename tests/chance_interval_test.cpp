// Proved intervals with the stock unknown (src/solve/chance_interval.*, `conquian solve
// --interval`): the exact value (plain expectimax, chance_reference.h) lies in every interval
// proved, on many small positions and at budgets that stop the bisection early, with Star1 at
// the turns and with the threshold split (chance_split.cpp).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "cards/shuffle.h"
#include "cli_run.h"
#include "random_position.h"
#include "replay/position_setup.h"
#include "solve/chance.h"
#include "solve/chance_interval.h"
#include "solve/chance_reference.h"
#include "test_scale.h"

using namespace conquian;

TEST_CASE("proved intervals hold the exact value, and narrow to it without a budget") {
  int stopped = 0, proper = 0, positions = 0;
  for (const char* base : {"tiny", "tiny-lay", "tiny-offer"}) {
    const std::string extra = std::string(base) == "tiny-lay" ? "meld_timing: turn\n"
                              : std::string(base) == "tiny-offer"
                                  ? "forcing: {decline: false, offer: true, hit: false, "
                                    "forced_extra_melds: true}\n"
                                  : "";
    auto rules = load_ruleset_text("base: tiny\n" + extra, base, std::string(base) + ".yaml");
    Rng rng(20261203);
    const int want = conquian::testing::scaled(80);
    for (int found = 0, tries = 0; found < want && tries < 50 * want; ++tries) {
      auto p = testing::random_unseen_position(*rules, rng, 7);
      if (!p) continue;
      ++found, ++positions;
      const solve::Int128 exact = solve::PlainExpectimax().value(*p).expected;
      const solve::Int128 top = solve::factorial(p->stock_left());
      for (std::uint64_t budget : {30u, 300u, 3000u, 0u}) {
        solve::Options o;
        o.table_bits = 12;
        solve::IntervalRequest request;
        request.max_nodes = budget;
        request.split = positions % 2 == 1;  // every other position with the threshold split
        CAPTURE(request.split);
        const solve::ChanceInterval r = solve::prove_interval(*p, o, request);
        CAPTURE(base);
        CAPTURE(budget);
        CAPTURE(solve::to_string(exact));
        CAPTURE(solve::to_string(r.lower));
        CAPTURE(solve::to_string(r.upper));
        CHECK(solve::to_string(r.denominator) == solve::to_string(top));
        CHECK(r.lower <= exact);
        CHECK(exact <= r.upper);
        CHECK(-top <= r.lower);
        CHECK(r.upper <= top);
        if (budget == 0) CHECK(r.exact());
        if (!r.exact()) ++stopped;
        proper += !r.exact() && !r.trivial();
      }
    }
  }
  CHECK(positions >= conquian::testing::scaled(200));
  CHECK(stopped >= positions / 2);  // the budgets do stop the bisection
  CHECK(proper > 0);                // with intervals narrower than [-1, 1] but not exact
}

// On two threads each test is answered by whichever thread finishes it first: the interval
// must still hold the exact value, and without a budget be it.
TEST_CASE("proved intervals on two threads hold the exact value") {
  auto rules = load_ruleset("tiny");
  Rng rng(20261205);
  int checked = 0, stopped = 0;
  const int want = conquian::testing::scaled(40);
  for (int tries = 0; checked < want && tries < 50 * want; ++tries) {
    auto p = testing::random_unseen_position(*rules, rng, 7);
    if (!p) continue;
    ++checked;
    const solve::Int128 exact = solve::PlainExpectimax().value(*p).expected;
    for (std::uint64_t budget : {60u, 600u, 0u}) {
      solve::Options o;
      o.table_bits = 12;
      o.threads = 2;
      solve::IntervalRequest request;
      request.max_nodes = budget;
      const solve::ChanceInterval r = solve::prove_interval(*p, o, request);
      CAPTURE(budget);
      CHECK(r.lower <= exact);
      CHECK(exact <= r.upper);
      if (budget == 0) CHECK(r.exact());
      stopped += !r.exact();
    }
  }
  CHECK(checked == want);
  CHECK(stopped > 0);
}

// What ChanceSolver::proved_bounds reads from the table of a search stopped by its budget
// (the strong player's intervals) holds the exact value, at the root and after each move.
TEST_CASE("the bounds a stopped chance search proves hold the exact value") {
  auto rules = load_ruleset("tiny");
  Rng rng(20261206);
  int checked = 0, proper = 0;
  const int want = conquian::testing::scaled(40);
  solve::PlainExpectimax reference;
  for (int tries = 0; checked < want && tries < 50 * want; ++tries) {
    auto p = testing::random_unseen_position(*rules, rng, 7);
    if (!p) continue;
    ++checked;
    solve::Options o;
    o.table_bits = 12;
    o.max_nodes = 200;
    solve::ChanceSolver solver(o);
    const solve::ChanceResult stopped = solver.solve(*p, false);
    std::vector<Position> asked{*p};
    std::vector<Move> moves;
    legal_moves(*p, moves);
    for (const Move& m : moves) {
      Position child = *p;
      apply(child, m);
      asked.push_back(child);
    }
    for (const Position& q : asked) {
      for (int depth : {0, 2}) {
        solve::Int128 lo = 0, hi = 0;
        solver.proved_bounds(q, depth, lo, hi);
        const solve::Int128 exact = reference.value(q).expected;
        CAPTURE(stopped.solved);
        CAPTURE(depth);
        CHECK(lo <= exact);
        CHECK(exact <= hi);
        proper += hi - lo < 2 * solve::factorial(q.stock_left());
      }
    }
  }
  CHECK(checked == want);
  CHECK(proper > 0);
}

TEST_CASE("a proved interval stops at the width asked for") {
  auto rules = load_ruleset("tiny");
  Rng rng(20261204);
  int checked = 0;
  for (int tries = 0; checked < 30 && tries < 1000; ++tries) {
    auto p = testing::random_unseen_position(*rules, rng, 7);
    if (!p) continue;
    ++checked;
    solve::IntervalRequest request;
    request.max_nodes = 0;
    request.width = 0.2;
    const solve::ChanceInterval r = solve::prove_interval(*p, solve::Options{}, request);
    const solve::Int128 exact = solve::PlainExpectimax().value(*p).expected;
    CHECK(r.lower <= exact);
    CHECK(exact <= r.upper);
    CHECK(static_cast<double>(r.upper - r.lower) <= 0.2 * static_cast<double>(r.denominator));
  }
  CHECK(checked == 30);
}

TEST_CASE("conquian solve --stock unknown --interval: exact, proved or undecided") {
  const std::string file = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/chance/unseen14-07.position.yml";
  // Without a budget the bisection reaches the exact value (-31/84, as the exact search finds).
  auto run = conquian::testing::run_cli("solve " + file + " --interval --max-nodes 0 --json");
  REQUIRE(run.status == 0);
  auto j = nlohmann::json::parse(run.out);
  CHECK(j["exact"] == true);
  CHECK(j["fractions"][0] == "-31/84");
  CHECK(j["fractions"][1] == "-31/84");
  // On two threads too.
  run = conquian::testing::run_cli("solve " + file + " --interval --threads 2 --max-nodes 0 --json");
  REQUIRE(run.status == 0);
  CHECK(nlohmann::json::parse(run.out)["fractions"][0] == "-31/84");
  // A budget that stops it: an interval around -31/84, exit 0, or nothing proved, exit 3.
  run = conquian::testing::run_cli("solve " + file + " --interval --max-nodes 20000 --json");
  CHECK((run.status == 0 || run.status == 3));
  if (run.status == 0) {
    j = nlohmann::json::parse(run.out);
    CHECK(j["exact"] == false);
    CHECK(j["interval"][0].get<double>() <= -31.0 / 84);
    CHECK(-31.0 / 84 <= j["interval"][1].get<double>());
  }
  // One node: what the table and the known bounds prove a few levels down, no test finished.
  run = conquian::testing::run_cli("solve " + file + " --interval --max-nodes 1 --json");
  REQUIRE(run.status == 0);
  j = nlohmann::json::parse(run.out);
  CHECK(j["tests"] == 0);
  CHECK(j["interval"][0].get<double>() <= -31.0 / 84);
  CHECK(-31.0 / 84 <= j["interval"][1].get<double>());
  // A time limit stops it too (checked every 65,536 nodes).
  run = conquian::testing::run_cli("solve " + file + " --interval --max-nodes 0 --time 1");
  CHECK(run.status == 0);
  CHECK(run.out.find("proved: seat 0's expected score between") != std::string::npos);
  // Without --interval, --time is the answer's time: a best move, whatever it proved.
  run = conquian::testing::run_cli("solve " + file + " --time 100 --json");
  CHECK((run.status == 0 || run.status == 3));
  CHECK(nlohmann::json::parse(run.out)["best"].is_object());
  // Options it would ignore are refused.
  for (const char* extra : {" --all-moves", " --view 0"}) {
    CAPTURE(extra);
    CHECK(conquian::testing::run_cli("solve " + file + " --interval" + extra).status == 2);
  }
  // The stock as given: no interval to prove.
  run = conquian::testing::run_cli("solve " + std::string(CONQUIAN_SOURCE_DIR) +
                                   "/corpus/legal/simulated-american.yaml --after 40 --interval");
  CHECK(run.status == 2);
}
