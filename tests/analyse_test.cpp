// analyse/: the analysis of recorded games (specs/analyse.md) on corpus/analyse/mistakes.yaml,
// whose blunder and mistake were confirmed with `conquian solve` (the file's comments say
// how). The commands `analyse` and `show` are tested in cli_test.cpp, the page in
// analyse_html_test.sh.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "analyse/analyse_file.h"
#include "analyse/analysis_json.h"
#include "record/input_error.h"

using namespace conquian;

namespace {

const std::string kGames = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/analyse/mistakes.yaml";

// The stock-unknown search gives up on the big positions of the first game after a few
// nodes: these tests look at its hindsight, and the suite stays quick.
analyse::AnalyseOptions quick() {
  analyse::AnalyseOptions o;
  o.budgets.chance_nodes = 10'000;
  return o;
}

analyse::Analysis analysed(int game, analyse::AnalyseOptions options = quick()) {
  auto results = analyse::analyse_file(kGames, {game, ""}, options, 1);
  REQUIRE(results.size() == 1);
  REQUIRE(results.front().analysis);
  return *results.front().analysis;
}

const analyse::Row& row(const analyse::Analysis& a, int index) { return a.rows.at(std::size_t(index) - 1); }

const analyse::Judged& seat_view(const analyse::Row& r) {
  const analyse::Judged& j = r.judged.at(2);
  REQUIRE(std::string(j.key) == "seat_view");
  return j;
}

}  // namespace

TEST_CASE("analyse: a blunder by hindsight, its best move and the first decisive mistake") {
  analyse::Analysis a = analysed(1);
  CHECK(a.id == "blunder");
  REQUIRE(a.rows.size() == 52);
  const analyse::Row& r = row(a, 3);
  CHECK(r.cls == analyse::Class::Blunder);
  const analyse::Judged& h = r.judged.at(0);
  CHECK(std::string(h.key) == "hindsight");
  REQUIRE(h.a.solved);
  CHECK(h.a.before.exact->winner == 0);
  CHECK(h.a.after.exact->winner == 1);
  nlohmann::json j = analyse::analysis_json(a);
  const nlohmann::json& m = j["moves"][2];
  CHECK(m["index"] == 3);
  CHECK(m["class"] == "blunder");
  CHECK(m["move"] ==
        nlohmann::json::parse(
            R"({"seat": 0, "take": "4c", "melds": [["Ac", "2c", "3c", "4c"], ["5d", "5h", "5s"]], "discard": "Jd"})"));
  CHECK(m["hindsight"]["before"] == nlohmann::json{{"winner", 0}});
  CHECK(m["hindsight"]["after"] == nlohmann::json{{"winner", 1}});
  CHECK(m["hindsight"]["best"]["discard"] == "Kc");  // throwing Kc keeps the win
  // The rest is the solver's line from the blunder: no other move changes the value.
  for (const analyse::Row& other : a.rows)
    if (other.index != 3) CHECK_MESSAGE(other.cls != analyse::Class::Blunder, "move " << other.index);
  REQUIRE(a.decisive);
  CHECK(row(a, 1).cls == analyse::Class::Forced);  // the first turn is no decision
  CHECK(j["summary"]["decisive"] ==
        nlohmann::json::parse(R"({"index": 3, "seat": 0, "not_forcing": false, "by": "hindsight"})"));
  CHECK(j["summary"]["seats"][0]["blunders"] == 1);
  CHECK(j["summary"]["seats"][1]["blunders"] == 0);
}

TEST_CASE("analyse: a mistake with the stock unknown, and the threshold") {
  analyse::Analysis a = analysed(2);
  CHECK(a.id == "tiny-mistake");
  const analyse::Row& r5 = row(a, 5);
  CHECK(r5.cls == analyse::Class::Mistake);
  const analyse::Judged& su = r5.judged.at(1);
  CHECK(std::string(su.key) == "stock_unknown");
  REQUIRE(su.a.solved);
  CHECK(su.a.before.expected0 == doctest::Approx(0.0));
  CHECK(su.a.after.expected0 == doctest::Approx(1.0));
  CHECK(row(a, 14).cls == analyse::Class::Blunder);
  CHECK(a.seats.at(1).mistakes == 1);
  CHECK(a.seats.at(0).blunders == 1);
  CHECK(a.seats.at(1).lost.at(1) == doctest::Approx(1.0));
  REQUIRE(a.decisive);
  CHECK(a.rows.at(std::size_t(a.decisive->index)).index == 14);

  analyse::AnalyseOptions lenient = quick();
  lenient.threshold = 1.5;  // a drop of 1 is no mistake now, but still not the best
  CHECK(row(analysed(2, lenient), 5).cls == analyse::Class::Good);
}

TEST_CASE("analyse: a position past the budget is unsolved with the reason, never guessed") {
  analyse::AnalyseOptions tight;
  tight.budgets.exact_nodes = 5;
  tight.budgets.chance_nodes = 5;
  analyse::Analysis a = analysed(1, tight);
  const analyse::Row& r = row(a, 3);
  CHECK(r.cls == analyse::Class::Unsolved);
  CHECK_FALSE(r.judged.at(0).a.solved);
  CHECK(r.judged.at(0).a.why.find("budget of 5 nodes") != std::string::npos);
  nlohmann::json m = analyse::analysis_json(a)["moves"][2];
  CHECK(m["hindsight"].is_null());
  CHECK(m["unsolved"]["hindsight"].get<std::string>().find("budget") != std::string::npos);
}

// Past the stock-unknown budget a position gets the interval its stopped search proves.
// tiny-mistake, move 5 at 100 nodes: before the move [-0.381, +0.381], after it +1 (proved
// exactly): seat 1 loses at least 0.619, a mistake the whole interval says. At a threshold
// of 1 the same intervals allow drops from 0.619 to 1.381: not decided, so no mistake.
TEST_CASE("analyse: past the stock-unknown budget, a mistake only when the whole interval says so") {
  analyse::AnalyseOptions o;
  o.budgets.chance_nodes = 100;
  o.budgets.exact_nodes = 5;  // hindsight unsolved: the notes are the stock-unknown ones
  o.budgets.seat_view = false;
  analyse::Analysis a = analysed(2, o);
  const analyse::Judged& su = row(a, 5).judged.at(1);
  REQUIRE(std::string(su.key) == "stock_unknown");
  CHECK_FALSE(su.a.solved);
  REQUIRE(su.a.bounded);
  const analyse::Interval before = su.a.before.interval(), after = su.a.after.interval();
  CHECK(before.lower < 0);
  CHECK(before.upper > 0);
  CHECK(before.upper < after.lower);  // the played move's interval wholly above: seat 1 minimises
  CHECK(su.cls == analyse::Class::Mistake);
  CHECK(row(a, 5).cls == analyse::Class::Mistake);
  CHECK(row(a, 5).note.find("] -> [+1.000, +1.000] (stock unknown, past the budget of 100 nodes)") !=
        std::string::npos);
  nlohmann::json m = analyse::analysis_json(a)["moves"][4];
  CHECK(m["stock_unknown"]["class"] == "mistake");
  CHECK(m["stock_unknown"]["interval"]["after"][0] == 1.0);
  CHECK(m["stock_unknown"]["before"].is_null());
  CHECK(m["unsolved"]["stock_unknown"].get<std::string>().find("budget of 100 nodes") != std::string::npos);

  o.threshold = 1.0;
  analyse::Analysis b = analysed(2, o);
  const analyse::Judged& undecided = row(b, 5).judged.at(1);
  REQUIRE(undecided.a.bounded);
  CHECK(undecided.cls == analyse::Class::Unsolved);
  CHECK(row(b, 5).note.find("do not decide") != std::string::npos);
}

// simulated-american, game american-7-1, move 21 at the default budget: seat 1's best move
// is proved to score in [-1, -0.437] for seat 0 and the move played exactly -0.437. The
// intervals overlap: the move may be the best, so no mistake is called (hindsight: best).
TEST_CASE("analyse: overlapping intervals past the stock-unknown budget call no mistake") {
  analyse::AnalyseOptions o;
  o.budgets.seat_view = false;
  const std::string file = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal/simulated-american.yaml";
  auto results = analyse::analyse_file(file, {0, "american-7-1"}, o, 1);
  REQUIRE(results.size() == 1);
  REQUIRE(results.front().analysis);
  const analyse::Row& r = row(*results.front().analysis, 21);
  const analyse::Judged& su = r.judged.at(1);
  REQUIRE(su.a.bounded);
  const analyse::Interval before = su.a.before.interval(), after = su.a.after.interval();
  CHECK(before.lower < before.upper);
  CHECK(after.lower <= before.upper);  // they overlap
  CHECK(su.cls == analyse::Class::Unsolved);
  CHECK(r.cls != analyse::Class::Mistake);
}

// With the seat view at its default budget: sampled worlds, seeded by the decision.
TEST_CASE("analyse: several games in parallel give what one thread gives") {
  auto one = analyse::analyse_file(kGames, {}, quick(), 1);
  auto two = analyse::analyse_file(kGames, {}, quick(), 2);
  REQUIRE(one.size() == 2);
  REQUIRE(two.size() == 2);
  for (std::size_t k = 0; k < 2; ++k)
    CHECK(analyse::analysis_json(*one[k].analysis) == analyse::analysis_json(*two[k].analysis));
}

// tiny-mistake, move 5: seat 1 passes 3h. From seat 1's own view (its hand 4h 2c 2h, seat 0's
// three cards and the stock unknown: 120 worlds, each solved exactly) taking 3h with 2h 4h
// scores +0.3522 and passing -0.2022 (`conquian solve corpus/analyse/mistakes.yaml --game 2 --after 4 --view 1`):
// a mistake from the seat's view too, found on the same worlds.
TEST_CASE("analyse: the seat's own view: a mistake by what the seat saw, every world enumerated") {
  analyse::AnalyseOptions o = quick();
  o.budgets.seat_worlds = 200;  // all 120 worlds
  analyse::Analysis a = analysed(2, o);
  const analyse::Judged& sv = seat_view(row(a, 5));
  REQUIRE(sv.a.solved);
  REQUIRE(sv.a.sampling);
  CHECK(sv.a.sampling->enumerated);
  CHECK(sv.a.sampling->world_count == 120);
  CHECK(sv.a.sampling->worlds == 120);
  CHECK(sv.cls == analyse::Class::Mistake);
  // Every world solved exactly, as solve --view does it: seat 1's +0.3522 (best) and
  // -0.2022 (played), here from seat 0's side.
  CHECK(sv.a.sampling->exact);
  CHECK(sv.a.before.expected0 == doctest::Approx(-0.3522).epsilon(0.001));
  CHECK(sv.a.after.expected0 == doctest::Approx(0.2022).epsilon(0.001));
  CHECK(sv.a.sampling->after_lo <= sv.a.after.expected0);
  CHECK(sv.a.sampling->after_hi >= sv.a.after.expected0);
  CHECK(a.seats.at(1).mistakes_by.at(2) >= 1);
  CHECK(a.seats.at(1).lost.at(2) >= 0.45);

  nlohmann::json j = analyse::analysis_json(a);
  const nlohmann::json& m = j["moves"][4];
  CHECK(m["seat_view"]["class"] == "mistake");
  CHECK(m["seat_view"]["best"]["take"] == "3h");
  CHECK(m["seat_view"]["enumerated"] == true);
  CHECK(m["seat_view"]["worlds"] == 120);
  CHECK(m["seat_view"]["ci95"]["after"].size() == 2);
  CHECK(j["summary"]["seats"][1]["mistakes_by"]["seat_view"].get<int>() >= 1);
  // A turn from the stock is no decision: no seat view, and no reason given for none.
  const nlohmann::json& turn = j["moves"][0];
  CHECK(turn["class"] == "forced");
  CHECK(turn["seat_view"].is_null());
  CHECK_FALSE(turn.contains("unsolved"));
  // Every decision of this small game is judged from the seat's view.
  for (const analyse::Row& r : a.rows)
    if (r.decision) CHECK_MESSAGE(seat_view(r).a.solved, "move " << r.index << ": " << seat_view(r).a.why);
}

TEST_CASE("analyse: the seat's own view sampled: an interval, the same worlds for the same decision") {
  analyse::AnalyseOptions o = quick();
  o.budgets.seat_worlds = 16;  // of 120
  analyse::Analysis a = analysed(2, o);
  const analyse::Judged& sv = seat_view(row(a, 5));
  REQUIRE(sv.a.solved);
  CHECK_FALSE(sv.a.sampling->enumerated);
  CHECK(sv.a.sampling->worlds == 16);
  CHECK(sv.a.sampling->before_lo < sv.a.sampling->before_hi);
  CHECK(row(a, 5).note.find("16 worlds sampled of 120") != std::string::npos);
  // The same worlds whatever was analysed before (both games on one thread: after blunder)
  // and on whichever thread: the test below compares the whole file's JSON.
  auto both = analyse::analyse_file(kGames, {}, o, 1);
  REQUIRE(both.size() == 2);
  CHECK(analyse::analysis_json(*both[1].analysis) == analyse::analysis_json(a));
}

TEST_CASE("analyse: the seat's own view past its budget is unsolved with the reason, and can be switched off") {
  analyse::AnalyseOptions o = quick();
  o.budgets.seat_nodes = 5;
  analyse::Analysis a = analysed(2, o);
  const analyse::Judged& sv = seat_view(row(a, 5));
  CHECK_FALSE(sv.a.solved);
  CHECK(sv.a.why.find("budget") != std::string::npos);
  bool spent = false;  // the last decision searched, past the budget; those before it not searched
  for (const analyse::Row& r : a.rows) spent = spent || seat_view(r).a.why.find("past the budget of 5 nodes") == 0;
  CHECK(spent);
  nlohmann::json m = analyse::analysis_json(a)["moves"][4];
  CHECK(m["seat_view"].is_null());
  CHECK(m["unsolved"]["seat_view"].get<std::string>().find("budget") != std::string::npos);
  CHECK(m["class"] == "mistake");  // the stock-unknown mistake still stands

  analyse::AnalyseOptions off = quick();
  off.budgets.seat_view = false;
  analyse::Analysis b = analysed(2, off);
  CHECK(b.not_applicable.at(2).find("--no-seat-view") != std::string::npos);
  CHECK_FALSE(seat_view(row(b, 5)).a.solved);
  CHECK(analyse::analysis_json(b)["moves"][4]["seat_view"].is_null());
}
