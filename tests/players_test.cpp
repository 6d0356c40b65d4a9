// The built-in players: every game they play is legal, and strength is ordered as claimed.
#include <doctest/doctest.h>

#include "batch/simulate.h"
#include "check/check_record.h"
#include "test_scale.h"

using namespace conquian;

namespace {

struct Tally {
  int wins[2] = {0, 0};
  int draws = 0;
};

// Deals 0..n-1 with `a` in seat 0 and `b` in seat 1, each checked legal by the checker.
Tally play(const std::string& a, const std::string& b, int n) {
  auto rules = load_ruleset("american");
  Tally t;
  for (int i = 0; i < n; ++i) {
    auto deal = batch::simulate_deal(*rules, "american", 77, static_cast<std::uint64_t>(i), {a, b});
    auto v = check::check_record(deal.record, *rules);
    CHECK(v.judgement == check::Judgement::Legal);
    if (deal.stats.outcome.kind == Outcome::Kind::Win) t.wins[deal.stats.outcome.winner]++;
    else t.draws++;
  }
  return t;
}

}  // namespace

TEST_CASE("players: strong, strong-pi and greedy beat random, and play legal games") {
  // Under the sanitizer scale a few deals each, checked legal; the strength claims want the
  // whole sample and are made by the release suite.
  const bool whole = conquian::testing::test_scale() == 1;
  Tally greedy = play("greedy", "random", conquian::testing::scaled(60));
  CHECK((!whole || greedy.wins[0] > 2 * greedy.wins[1]));
  Tally strong = play("strong", "random", conquian::testing::scaled(30));
  CHECK((!whole || strong.wins[0] > 2 * strong.wins[1]));
  Tally strong_pi = play("strong-pi", "random", conquian::testing::scaled(20));
  CHECK((!whole || strong_pi.wins[0] > 2 * strong_pi.wins[1]));
  CHECK(batch::make_player("strong") != nullptr);
  CHECK(batch::make_player("strong-pi") != nullptr);
  CHECK(batch::make_player("wizard") == nullptr);
}
