// `conquian solve --view` run as a script runs it (specs/solve.md, "One seat's view"): its
// JSON, a record's view against the same view written as a file, and impossible views.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_run.h"
#include "contains.h"

using namespace conquian;

namespace {

struct ViewFiles {
  std::filesystem::path dir;
  ViewFiles() : dir(std::filesystem::temp_directory_path() / ("conquian-view-test-" + std::to_string(getpid()))) {
    std::filesystem::create_directories(dir);
  }
  ~ViewFiles() { std::filesystem::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

// Seat 0's view of a tiny deal: seat 1 turned 4c and refused it; seat 0 may take it into
// 2c 3c 4c. Seat 1's three cards are any three of the ten unseen ones.
std::string tiny_view(const std::string& own, const std::string& other, const std::string& dead,
                      const std::string& extra = "view: 0\n") {
  return "format: conquian-position/1\nruleset: tiny\n" + extra + "seats:\n  - hand: " + own +
         "\n    table: []\n  - hand: " + other + "\n    table: []\nstock: unknown\ndead: " + dead +
         "\nface_up: {card: 4c, turned: 1}\nrefused: [1]\nto_act: 0\n";
}

using conquian::testing::has;

}  // namespace

TEST_CASE("conquian solve --view: JSON as specs/solve.md gives it, enumerated and exact") {
  ViewFiles files;
  std::string f = files.write("view.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]"));
  auto run = testing::run_cli("solve " + f + " --json --threads 2");
  REQUIRE(run.status == 0);
  auto j = nlohmann::json::parse(run.out);
  CHECK(j["view"] == 0);
  CHECK(j["worlds"] == 120);  // C(10, 3)
  CHECK(j["exact"] == true);
  CHECK(j["enumerated"] == true);
  CHECK(j["weights"] == "uniform");
  REQUIRE(j["moves"].size() == 2);  // take 4c (throwing 4d), or pass
  CHECK(j["best"] == j["moves"][0]["move"]);
  for (const auto& m : j["moves"]) {
    CHECK(m["win"].get<double>() + m["draw"].get<double>() + m["loss"].get<double>() == doctest::Approx(1));
    CHECK(m["expected"].get<double>() == doctest::Approx(m["win"].get<double>() - m["loss"].get<double>()));
    CHECK(m["ci95"][0] == m["expected"]);
    CHECK(m["ci95"][1] == m["expected"]);
  }
  // Keys in the spec's order.
  CHECK(run.out.rfind("{\"view\":0,\"worlds\":120,\"exact\":true,\"basis\":\"exact\",\"best\":", 0) == 0);
  // Sampled worlds: not exact, an interval around the estimate.
  auto sampled = nlohmann::json::parse(testing::run_cli("solve " + f + " --json --max-worlds 10 --samples 30").out);
  CHECK(sampled["worlds"] == 30);
  CHECK(sampled["exact"] == false);
  CHECK(sampled["enumerated"] == false);
  for (const auto& m : sampled["moves"]) CHECK(m["ci95"][0].get<double>() <= m["expected"].get<double>());
}

TEST_CASE("conquian solve --view: a record's view is the file's view") {
  // Game 1 of simulated-american after move 51, seat 1 to act (the file writes seat 0's
  // hand of three as hidden).
  const std::string corpus = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal/simulated-american.yaml";
  ViewFiles files;
  std::string f = files.write("record-view.yaml", R"(format: conquian-position/1
ruleset: american
view: 1
seats:
  - hand: {count: 3}
    table: [[Qc, Qd, Qh, Qs], [2s, 3s, 4s]]
  - hand: [2d, 4h, As, Ks]
    table: [[6c, 6d, 6h], [6s, 7s, Js]]
stock: unknown
dead: [Ac, 2c, 3c, 5c, 7c, Jc, Kc, 3d, 5d, 7d, Ah, 3h, 5h, 7h, Kh]
face_up: {card: 5s, turned: 1}
to_act: 1
)");
  auto from_record = testing::run_cli("solve " + corpus + " --after 51 --view 1 --json");
  auto from_file = testing::run_cli("solve " + f + " --json");
  REQUIRE(from_record.status == 0);
  REQUIRE(from_file.status == 0);
  auto r = nlohmann::json::parse(from_record.out), v = nlohmann::json::parse(from_file.out);
  CHECK(r["worlds"] == 35);
  for (auto* j : {&r, &v}) j->erase("nodes"), j->erase("seconds");
  CHECK(r == v);
}

TEST_CASE("conquian solve --view: impossible views are refused with file:line, exit 2") {
  ViewFiles files;
  struct Case {
    std::string name, text, args, line, says;
  };
  const std::vector<Case> cases = {
      {"more-hidden.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah, Ad, 2d, 3d, 5d, 2h, 3h, 4h, 5h]"), "",
       ":7:", "3 hidden cards, but only 2 unseen cards are left"},
      {"seen-and-hidden.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3, known: [4d]}", "[Ah]"), "",
       ":7:", "4d is listed twice"},
      {"own-hidden.yaml", tiny_view("{count: 3}", "{count: 3}", "[Ah]"), "", ":5:", "sees its own hand"},
      {"other-listed.yaml", tiny_view("[2c, 3c, 4d]", "[Ad, 2d, 3d]", "[Ah]"), "", ":7:", "is hidden from seat 0"},
      {"no-view.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]", ""), "", ":6:", "needs 'view: SEAT'"},
      {"wrong-count.yaml", tiny_view("[2c, 3c, 4d]", "{count: 4}", "[Ah]"), "", ":7:", "holds 4 cards in hand"},
      {"known-count.yaml", tiny_view("[2c, 3c, 4d]", "{count: 1, known: [Ad, 2d]}", "[Ah]"), "",
       ":7:", "count 1 but 2 known cards"},
      {"other-seat.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]"), "--view 1", ":3:", "seat 0's view"},
      {"not-to-act.yaml", tiny_view("{count: 3}", "[Ad, 2d, 3d]", "[Ah]", "view: 1\n"), "", "", "seat 0's decision"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::string f = files.write(c.name, c.text);
    auto run = testing::run_cli("solve " + f + " " + c.args, true);
    CHECK(run.status == 2);
    CHECK_MESSAGE(has(run.out, c.name + c.line), run.out);
    CHECK_MESSAGE(has(run.out, c.says), run.out);
  }
  // A listed stock cannot be a seat's view.
  std::string listed = tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]");
  listed.replace(listed.find("stock: unknown"), 14, "stock: [Ac, Ad, 2d, 3d, 5c, 5d, 2h, 3h, 4h, 5h]");
  auto run = testing::run_cli("solve " + files.write("stock.yaml", listed), true);
  CHECK(run.status == 2);
  CHECK(has(run.out, "stock.yaml:9:"));
  CHECK(has(run.out, "write 'stock: unknown'"));
}

TEST_CASE("conquian solve --view --json: a view that cannot be solved is one JSON error, exit 2") {
  ViewFiles files;
  // Seat 1's view while seat 0 is to act: the file reads, the view is refused.
  std::string f = files.write("not-to-act.yaml", tiny_view("{count: 3}", "[Ad, 2d, 3d]", "[Ah]", "view: 1\n"));
  testing::check_json_error("solve " + f + " --json", 2, "solve", "not-to-act.yaml: it is seat 0's decision");
  // A file the view cannot even read: the file and line in the error object.
  std::string g = files.write("own-hidden.yaml", tiny_view("{count: 3}", "{count: 3}", "[Ah]"));
  auto e = testing::check_json_error("solve " + g + " --json", 2, "solve", "sees its own hand");
  CHECK(e["line"] == 5);
}
