// simulate's run (batch/simulate_run.h): the same text whatever the threads, a match that stops
// at its target, and a player's failure on a worker thread reaching the caller as an exception.
#include "batch/simulate_run.h"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "rules/ruleset.h"

using namespace conquian;

namespace {

std::string run_text(const Ruleset& rules, const std::string& asked, const batch::SimulateRun& run) {
  std::string text;
  batch::simulate_run(rules, asked, run, [&](std::string_view piece) { text += piece; }, {});
  return text;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("simulate_run writes the same records on one thread and on several") {
  auto rules = load_ruleset("american");
  batch::SimulateRun run;
  run.deals = 300;  // more than one chunk of deals
  run.seed = 11;
  run.sealing = batch::Sealing::Seeded;
  run.threads = 1;
  const std::string one = run_text(*rules, "american", run);
  run.threads = 3;
  const std::string three = run_text(*rules, "american", run);
  CHECK(one == three);
  CHECK(count_of(one, "\n---\n") == 299);
  CHECK(count_of(one, "ruleset: american") == 300);
  CHECK(count_of(one, "salt:") == 300);
}

TEST_CASE("simulate_run as a match: a header, then scored deals until a seat reaches the target") {
  auto rules = load_ruleset("nine-card");
  REQUIRE(rules->scoring.match_target > 0);
  batch::SimulateRun run;
  run.deals = 10000;
  run.seed = 4;
  run.match = true;
  run.threads = 2;
  const std::string text = run_text(*rules, "nine-card", run);
  REQUIRE(text.rfind("format: conquian-record/1\nmatch:\n", 0) == 0);
  const std::size_t deals = count_of(text, "\nscore:");
  CHECK(deals > 0);
  CHECK(deals < 10000);                         // it stopped at the target ...
  CHECK(count_of(text, "match_winner:") == 1);  // ... on the last deal
  CHECK(count_of(text, "\n---\n") == deals);    // the header, then every deal
  CHECK(text.find("match_winner:") > text.rfind("\n---\n"));
}

TEST_CASE("simulate_run: a player that fails on a worker thread is an exception in the caller") {
  auto rules = load_ruleset("american");
  batch::SimulateRun run;
  run.deals = 50;
  run.players = {"no-such-player"};
  run.threads = 2;
  CHECK_THROWS_AS(run_text(*rules, "american", run), std::invalid_argument);
}
