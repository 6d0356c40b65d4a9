// Panguingue from a seat's view on the command line: `solve --after N --view SEAT` lists every
// move of the seat with its chips estimated and a 95% interval (exit 0), `solve` without
// --view says only the seat's view is answered (exit 2), and `analyse` values every decision
// as an estimate (exit 0).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.h"
#include "contains.h"

namespace fs = std::filesystem;
using conquian::testing::has;
using conquian::testing::run_cli;
using json = nlohmann::json;

namespace {

// One six-seat Pan deal played by greedy, written once.
std::string pan_deal() {
  static const std::string file = [] {
    fs::path dir = fs::temp_directory_path() / ("conquian-pan-view-test-" + std::to_string(getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "pan.yaml").string();
    REQUIRE(run_cli("simulate --ruleset panguingue --deals 1 --seed 3 --seats 6 --threads 1 --out " + path).status ==
            0);
    return path;
  }();
  return file;
}

}  // namespace

TEST_CASE("cli pan: analyse values every decision from the seat's view, each an estimate with its interval") {
  const auto r = run_cli("analyse " + pan_deal() + " --json --seat-worlds 4");
  REQUIRE(r.status == 0);
  const json games = json::parse(r.out)["games"];
  REQUIRE(games.size() == 1);
  const json& a = games[0];
  CHECK(a["basis"] == "estimate");
  int decisions = 0;
  for (const json& m : a["moves"]) {
    if (m["decision"].is_null()) {
      CHECK(m["class"] == "forced");
      continue;
    }
    const json& d = m["decision"];
    ++decisions;
    CHECK(d["basis"] == "estimate");
    CHECK(d["worlds"] == 4);
    // A take that goes out is weighed alone (nothing beats it), else two moves at least.
    REQUIRE(!d["options"].empty());
    if (d["options"].size() == 1) CHECK(d["class"] == "best");
    for (const json& o : d["options"]) {
      CHECK(o["ci95"][0].get<double>() <= o["chips"].get<double>());
      CHECK(o["chips"].get<double>() <= o["ci95"][1].get<double>());
    }
    CHECK(d["lost"].get<double>() >= 0);
  }
  CHECK(decisions >= 6);  // every seat declares at least
  const auto text = run_cli("analyse " + pan_deal() + " --seat-worlds 4");
  CHECK(text.status == 0);
  CHECK(has(text.out, "every value is an estimate from the deciding seat's own view"));
  CHECK(has(text.out, "(estimate, 4 worlds)"));
  conquian::testing::check_stderr_says("analyse " + pan_deal() + " --seat-worlds 4 --html /dev/null", 2,
                                       "a panguingue deal's analysis is text or --json");
}

TEST_CASE("cli pan: solve --view lists every move of the seat with its estimate; without --view it says why not") {
  // The first decision after the declarations, from the analysis.
  const json a = json::parse(run_cli("analyse " + pan_deal() + " --json --seat-worlds 2").out)["games"][0];
  int after = -1, seat = -1;
  for (const json& m : a["moves"])
    if (!m["decision"].is_null() && m["decision"]["kind"] == "take or pass" && !m.contains("waive")) {
      after = m["index"].get<int>() - 1;
      seat = m["seat"].get<int>();
      break;
    }
  REQUIRE(after > 0);
  const std::string at = pan_deal() + " --after " + std::to_string(after);
  const auto text = run_cli("solve " + at + " --view " + std::to_string(seat) + " --samples 6");
  CHECK(text.status == 0);
  CHECK(has(text.out, "basis: estimate"));
  CHECK(has(text.out, "worlds: 6 sampled"));
  const auto js = run_cli("solve " + at + " --view " + std::to_string(seat) + " --samples 6 --json");
  REQUIRE(js.status == 0);
  const json j = json::parse(js.out);
  CHECK(j["basis"] == "estimate");
  CHECK(j["proved"] == false);
  CHECK(j["worlds"] == 6);
  REQUIRE(j["moves"].size() >= 2);
  double last = 1e9;
  for (const json& m : j["moves"]) {
    CHECK(m["ci95"][0].get<double>() <= m["chips"].get<double>());
    CHECK(m["chips"].get<double>() <= m["ci95"][1].get<double>());
    CHECK(m["chips"].get<double>() <= last);  // best first
    last = m["chips"].get<double>();
  }
  CHECK(j["best"] == j["moves"][0]["move"]);
  // Every move the seat may play is listed, so the text has a line for each.
  std::size_t lines = 0;
  for (std::size_t at_ = text.out.find("  chips "); at_ != std::string::npos; at_ = text.out.find("  chips ", at_ + 1))
    ++lines;
  CHECK(lines == j["moves"].size());
  conquian::testing::check_stderr_says("solve " + at, 2, "only the seat's view is answered for panguingue");
  conquian::testing::check_stderr_says("solve " + at + " --view " + std::to_string((seat + 1) % 6), 2,
                                       "has no decision here");
}

TEST_CASE("cli pan: analyse judges a force window, a waive the record leaves implied included") {
  // Random players pass cards their tables could take, so windows arise (greedy takes them).
  const fs::path dir = fs::path(pan_deal()).parent_path();
  const std::string path = (dir / "random.yaml").string();
  REQUIRE(
      run_cli("simulate --ruleset panguingue --deals 1 --seed 5 --seats 4 --players random --threads 1 --out " + path)
          .status == 0);
  const auto r = run_cli("analyse " + path + " --json --seat-worlds 4");
  REQUIRE(r.status == 0);
  const json analysis = json::parse(r.out);
  int implied = 0, windows = 0;
  for (const json& m : analysis["games"][0]["moves"]) {
    if (m.contains("waive")) {
      ++implied;
      CHECK(m["waive"]["kind"] == "force or waive");
      CHECK(m["waive"]["played"] == json{{"seat", m["waive"]["seat"]}, {"waive", true}});
    }
    if (!m["decision"].is_null() && m["decision"]["kind"] == "force or waive") ++windows;
  }
  CHECK(implied > 0);
  CHECK(implied + windows >= 2);
}
