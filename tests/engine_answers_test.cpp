// Every `solve` answer of `conquian engine` names a legal best move, whatever the mode, the
// movetime or a `stop` (specs/protocol.md, "solve"): random positions of `american` deals,
// each mode (exact, stock_unknown, view) asked with movetime 50, 200 and 1000 and stopped at
// random times, through a real pipe. Order and content only: `conquian_bench engine` runs the
// same on 200 positions a mode and reports how long the answers took (no clock is asserted
// here).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "base/rng.h"
#include "engine_pipe.h"
#include "solve_answers.h"
#include "test_scale.h"

using conquian::Rng;
using conquian::testing::EnginePipe;
using nlohmann::json;

namespace {

// Asks the position the session is at, in `mode`, once with `movetime`, once stopped
// `stop_ms` after the request (no movetime), and checks both answers.
void check_answers(EnginePipe& e, const json& legal, const std::string& mode, int movetime, int stop_ms) {
  e.send(R"({"cmd":"state"})");
  const json state = conquian::testing::next_json(e, 60000)["state"];
  CAPTURE(state.dump());
  json timed = {{"cmd", "solve"}, {"mode", mode}, {"movetime", movetime}, {"id", "timed"}};
  const auto t = conquian::testing::ask_solve(e, timed, -1, 60000);
  CHECK_MESSAGE(conquian::testing::why_not_good_answer(t, "timed", legal, state, mode) == "", t.answer.dump());
  json stopped = {{"cmd", "solve"}, {"mode", mode}, {"id", "stopped"}};
  const auto s = conquian::testing::ask_solve(e, stopped, stop_ms, 60000);
  CHECK_MESSAGE(conquian::testing::why_not_good_answer(s, "stopped", legal, state, mode) == "", s.answer.dump());
}

}  // namespace

TEST_CASE("engine: every solve answer names a legal best move, in every mode, by movetime or stop") {
  // Positions per mode: a few in the unit suite (the bench runs 200 a mode), fewer under the
  // sanitizers. The first of each mode is asked with every movetime, the others with 50.
  const int positions = conquian::testing::scaled(4);
  Rng rng(43);
  EnginePipe e(CONQUIAN_BINARY);
  int asked = 0, unsolved = 0;
  for (const char* mode : {"exact", "stock_unknown", "view"}) {
    CAPTURE(mode);
    for (int k = 0; k < positions; ++k) {
      // Early positions (the whole deal ahead) are where the searches cannot finish in time.
      const int plies = static_cast<int>(rng.below(k == 0 ? 4 : 40));
      const std::uint64_t seed = 1000 + rng.below(100000);
      CAPTURE(seed);
      CAPTURE(plies);
      const json legal = conquian::testing::random_position(e, "american", seed, plies, rng);
      if (legal["moves"].empty()) continue;
      for (int movetime : k == 0 ? std::vector<int>{50, 200, 1000} : std::vector<int>{50}) {
        CAPTURE(movetime);
        check_answers(e, legal, mode, movetime, static_cast<int>(rng.below(120)));
        ++asked;
      }
      // The last answer's basis, for the count below.
      e.send(json{{"cmd", "solve"}, {"mode", mode}, {"movetime", 50}, {"id", "basis"}}.dump());
      json a;
      do a = conquian::testing::next_json(e, 60000);
      while (a.contains("info"));
      if (a.value("basis", "") != "exact") ++unsolved;
    }
  }
  CHECK(asked >= 3 * 3);
  // The early positions cannot be solved in 50 ms: the answers that rest on a proof so far or
  // an estimate were among those checked.
  CHECK(unsolved > 0);
  e.send(R"({"cmd":"quit"})");
  CHECK(e.wait_exit() == 0);
}

TEST_CASE("engine: a solve of a deal that is over answers with no best move") {
  EnginePipe e(CONQUIAN_BINARY);
  Rng rng(5);
  const json legal = conquian::testing::random_position(e, "tiny", 3, 1000, rng);
  REQUIRE(legal["moves"].empty());
  e.send(R"({"cmd":"state"})");
  const json state = conquian::testing::next_json(e, 60000)["state"];
  for (const char* mode : {"exact", "stock_unknown"}) {
    const auto r =
        conquian::testing::ask_solve(e, json{{"cmd", "solve"}, {"mode", mode}, {"movetime", 50}, {"id", 1}}, -1, 60000);
    CHECK(conquian::testing::why_not_good_answer(r, 1, legal, state, mode) == "");
    CHECK(r.answer["over"] == true);
  }
}
