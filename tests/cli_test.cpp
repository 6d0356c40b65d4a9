// The command line as scripts see it: every test that runs the built binary (check,
// rulesets, prove partition, forcing, solve, diff), with its exit status, JSON shape and
// error messages.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "position_text.h"
#include "rules/ruleset.h"

namespace fs = std::filesystem;

namespace {

using Run = conquian::testing::CliRun;

Run run(const std::string& args, bool want_stderr = false) { return conquian::testing::run_cli(args, want_stderr); }

Run run_err(const std::string& args) {  // standard error instead of standard output
  return run(args, true);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

using conquian::testing::position_text;

fs::path temp_dir() {
  fs::path dir = fs::temp_directory_path() / ("conquian-cli-test-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

std::string write(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path.string();
}

const char* kGame = R"(format: conquian-record/1
ruleset: american
id: short
dealer: 1
deal:
  hands:
    - [5c, 5d, Ac, 2d, 3s, 7h, Jh, Qc, Kd, Ks]
    - [Ad, 4d, 6d, 7d, Jd, 2c, 3c, 4c, Kh, Qh]
moves:
  - {seat: 0, turn: 5s}
  - {seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac}
)";

}  // namespace

TEST_CASE("cli: simulated games are legal; --json has the contract's shape; exit 0") {
  auto dir = temp_dir();
  auto file = (dir / "sim.yaml").string();
  REQUIRE(run("simulate --ruleset american --deals 20 --seed 5 --out " + file).status == 0);
  Run r = run("check --json " + file);
  CHECK(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["summary"]["legal"] == 20);
  CHECK(j["summary"]["illegal"] == 0);
  CHECK(j["games"].size() == 20);
  for (const auto& g : j["games"]) {
    CHECK(g["verdict"] == "legal");
    CHECK((g["outcome"].is_object() || g["outcome"] == "unfinished"));
  }
  // The same seed gives the same records, whatever the threads.
  auto again = (dir / "again.yaml").string();
  REQUIRE(run("simulate --ruleset american --deals 20 --seed 5 --threads 1 --out " + again).status == 0);
  std::ifstream a(file), b(again);
  std::string ta((std::istreambuf_iterator<char>(a)), {}), tb((std::istreambuf_iterator<char>(b)), {});
  CHECK(ta == tb);
  fs::remove_all(dir);
}

TEST_CASE("cli: an illegal game names the move and the code; exit 1") {
  auto dir = temp_dir();
  std::string bad = kGame;
  bad += "  - {seat: 0, pass: Ac}\n";  // seat 0 threw Ac; seat 1 must act
  auto file = write(dir / "bad.yaml", bad);
  Run r = run("check --json " + file);
  CHECK(r.status == 1);
  auto j = nlohmann::json::parse(r.out);
  auto g = j["games"][0];
  CHECK(g["id"] == "short");
  CHECK(g["verdict"] == "illegal");
  CHECK(g["move"] == 3);
  CHECK(g["code"] == "not-your-turn");
  CHECK(g["outcome"] == "unfinished");
  CHECK(!g["message"].get<std::string>().empty());
  Run text = run("check " + file);
  CHECK(text.out.find("ILLEGAL at move 3") != std::string::npos);
  CHECK(run("check --quiet " + file).out.empty());
  // The unfinished prefix alone is legal.
  auto ok = write(dir / "ok.yaml", kGame);
  CHECK(run("check " + ok).status == 0);
  // --ruleset overrides: under the nine-card deck the French tokens are unknown cards.
  Run over = run("check --json --ruleset nine-card " + ok);
  CHECK(over.status == 1);
  CHECK(nlohmann::json::parse(over.out)["games"][0]["code"] == "unknown-card");
  fs::remove_all(dir);
}

TEST_CASE("cli: unusable input is malformed, named, and exits 2") {
  auto dir = temp_dir();
  Run missing = run("check --json " + (dir / "nope.yaml").string());
  CHECK(missing.status == 2);
  auto j = nlohmann::json::parse(missing.out);
  CHECK(j["games"][0]["verdict"] == "malformed");
  CHECK(j["games"][0]["id"] == (dir / "nope.yaml").string());
  auto broken = write(dir / "broken.yaml", std::string(kGame) + "---\nformat: [unclosed\n");
  Run b = run("check --json " + broken);
  CHECK(b.status == 2);
  auto jb = nlohmann::json::parse(b.out);
  CHECK(jb["summary"]["legal"] == 1);
  CHECK(jb["summary"]["malformed"] == 1);
  std::string unknown_rules = kGame;
  unknown_rules.replace(unknown_rules.find("american"), 8, "no-such-rules");
  auto u = write(dir / "unknown.yaml", unknown_rules);
  Run ur = run("check --json " + u);
  CHECK(ur.status == 2);
  CHECK(nlohmann::json::parse(ur.out)["games"][0]["message"].get<std::string>().find("no-such-rules") != std::string::npos);
  CHECK(run("check --ruleset no-such-rules " + u).status == 2);
  CHECK(run("check").status == 2);
  CHECK(run("frobnicate").status == 2);
  fs::remove_all(dir);
}

TEST_CASE("cli: hostile input is refused quickly with a reason") {
  auto dir = temp_dir();
  // A ruleset dealing 40 cards to each of two seats from a 40-card deck.
  auto rs = write(dir / "greedy.yaml", "base: american\nhand: 40\n");
  Run r = run_err("rulesets " + rs);
  CHECK(r.status == 2);
  CHECK(r.out.find("hand") != std::string::npos);
  CHECK(r.out.find("greedy.yaml:2") != std::string::npos);
  // A deck of a thousand cards.
  std::string ranks;
  for (int i = 0; i < 250; ++i) ranks += (i ? ", r" : "r") + std::to_string(i);
  auto huge = write(dir / "huge.yaml", "base: american\ndeck: {ranks: [" + ranks + "], suits: [a, b, c, d]}\n");
  CHECK(run("rulesets " + huge).status == 2);
  // Thirty-two suits with sets of 2 to 32 would be 2^32 sets a rank: refused by the deck.
  std::string suits = "s0";
  for (int i = 1; i < 32; ++i) suits += ", s" + std::to_string(i);
  auto wide = write(dir / "wide.yaml", "base: american\ndeck: {ranks: [A, B], suits: [" + suits +
                                           "]}\nmelds: {set: [2, 32], run: [2, null]}\n");
  Run w = run_err("rulesets " + wide);
  CHECK(w.status == 2);
  CHECK(w.out.find("wide.yaml:2:") != std::string::npos);
  CHECK(w.out.find("at most 4 suits") != std::string::npos);
  // The whole 52-card deck splits into melds in far more ways than --all lists.
  std::string deck52;
  for (const char* suit : {"c", "d", "h", "s"})
    for (const char* rank : {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"})
      deck52 += std::string(deck52.empty() ? "" : " ") + rank + suit;
  Run all = run_err("prove partition --ruleset full-deck --all --cards '" + deck52 + "'");
  CHECK(all.status == 2);
  CHECK(all.out.find("more than 10000 splits") != std::string::npos);
  // A million moves: refused at the reader's limit, not replayed.
  {
    std::ofstream out(dir / "million.yaml");
    out << "format: conquian-record/1\nruleset: american\ndeal: {hands: [[Ac], [Ad]]}\nmoves:\n";
    for (int i = 0; i < 1'000'000; ++i) out << "  - {seat: 0, pass: Ac}\n";
  }
  Run m = run("check --json " + (dir / "million.yaml").string());
  CHECK(m.status == 2);
  CHECK(nlohmann::json::parse(m.out)["games"][0]["verdict"] == "malformed");
  // Deep nesting.
  write(dir / "deep.yaml", "format: conquian-record/1\nruleset: american\nmoves: " + std::string(100000, '[') + "\n");
  CHECK(run("check " + (dir / "deep.yaml").string()).status == 2);
  fs::remove_all(dir);
}

TEST_CASE("cli: prove partition answers with Z3 and the engine agreeing") {
  Run yes = run("prove partition --ruleset american --cards \"3h 4h 5h 6h 6c 6s\" --json");
  CHECK(yes.status == 0);
  auto j = nlohmann::json::parse(yes.out);
  CHECK(j["partitionable"] == true);
  CHECK(j["melds"].size() == 2);
  Run no = run("prove partition --ruleset american --cards \"Qh Kh Ah\" --json");  // nothing wraps
  CHECK(no.status == 1);
  CHECK(nlohmann::json::parse(no.out)["partitionable"] == false);
  Run all = run("prove partition --ruleset american --cards \"Ac Ad Ah 2c 3c 2d 3d 2h 3h\" --all --json");
  CHECK(all.status == 0);
  CHECK(nlohmann::json::parse(all.out)["melds"].size() == 2);  // three runs, or three sets
  CHECK(run("prove partition --ruleset american --cards \"8h 9h Th\"").status == 2);  // not in the deck
}

TEST_CASE("cli: forcing --json, and exit status") {
  const std::string dir = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/positions/";
  Run r = run("forcing " + dir + "decline-regroup.position.yml --json");
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["card"] == "4c");
  CHECK(j["forcible"] == true);
  REQUIRE(j["options"].size() == 1);
  const auto& o = j["options"][0];
  CHECK(o["rule"] == "decline");
  CHECK(o["forced"] == 0);
  CHECK(o["by"] == nlohmann::json::array({1}));
  CHECK(o["groupings"].size() == 3);
  REQUIRE(o["discards"].size() == 1);
  CHECK(o["discards"][0]["face_up"] == "2d");
  CHECK(o["discards"][0]["to_act"] == 1);
  CHECK(o["discards"][0]["outcome"] == "ongoing");
  // Moves are objects with the record's keys, as `solve --json` writes them.
  CHECK(o["lead"] == nlohmann::json::array({{{"seat", 1}, {"force", 0}}}));
  const auto& take = o["discards"][0]["move"];
  CHECK(take["seat"] == 0);
  CHECK(take["take"] == "4c");
  CHECK(take["discard"] == "2d");
  CHECK(take["melds"].size() == 3);
  CHECK(!take.contains("onto"));
  CHECK(run("forcing " + dir + "no-such-file.position.yml").status == 2);
}

TEST_CASE("cli: solve --json, exit status, errors") {
  auto dir = temp_dir();
  auto r = conquian::load_ruleset("tiny");
  std::string win = write(dir / "win.yaml", position_text(*r, {{"2c 3c 4c", ""}, {"Ad 2d Ah", ""}}, "3d 4d",
                                                          "face_up: {card: 5c, thrown: 1}\nto_act: 0\n"));
  Run solved = run("solve " + win + " --json --all-moves");
  CHECK(solved.status == 0);
  auto j = nlohmann::json::parse(solved.out);
  CHECK(j["value"] == nlohmann::json{{"winner", 0}});
  CHECK(j["best"]["take"] == "5c");
  CHECK(j["best"]["seat"] == 0);
  CHECK(j["best"]["melds"].size() == 1);
  CHECK(j["line"].size() == 1);
  CHECK(j["nodes"].get<int>() > 0);
  CHECK(j["moves"].size() == 3);

  Run unknown = run("solve " + win + " --json --stock unknown");
  CHECK(unknown.status == 0);
  auto u = nlohmann::json::parse(unknown.out);
  CHECK(u["chances"]["win0"].get<double>() == doctest::Approx(1.0));

  std::string bad = write(dir / "bad.yaml", position_text(*r, {{"2c 3c 9c", ""}, {"Ad 2d Ah", ""}}, "3d 4d", "to_act: 1\n"));
  Run err = run_err("solve " + bad);
  CHECK(err.status == 2);
  CHECK(has(err.out, "bad.yaml:4:"));
  CHECK(has(err.out, "'9c' is not a card"));

  auto three = conquian::load_ruleset("three-seat");
  std::string t = write(dir / "three.yaml",
                        position_text(*three, {{"Ac 2c 3c 4c 5c 6c 7c Jc", ""}, {"Ad 2d 3d 4d 5d 6d 7d Jd", ""},
                                               {"Ah 2h 3h 4h 5h 6h 7h Jh", ""}},
                                      "As 2s", "to_act: 1\n"));
  err = run_err("solve " + t);
  CHECK(err.status == 2);
  CHECK(has(err.out, "two seats only"));
  fs::remove_all(dir);
}

TEST_CASE("cli: diff writes the three files; bad input exits 2") {
  auto dir = temp_dir() / "report";
  CHECK(run("diff american american-capped --deals 100 --seed 2 --quiet --report " + dir.string()).status == 0);
  for (const char* f : {"report.json", "report.md", "report.html"}) CHECK(fs::exists(dir / f));
  std::ifstream in(dir / "report.json");
  nlohmann::json j = nlohmann::json::parse(in);
  CHECK(j["format"] == "conquian-diff/1");
  CHECK(j["deals"] == 100);
  // The property verdicts of `conquian prove` that differ: only the run cap's (a run of nine
  // can stand on a waiting table under american, not under american-capped).
  const auto& props = j["comparisons"][0]["properties"];
  CHECK(props["available"] == true);
  REQUIRE(props["differ"].size() == 1);
  CHECK(props["differ"][0]["property"] == "longer-run-before-win");
  fs::remove_all(dir);
  CHECK(run("diff american no-such-ruleset --deals 10 --report " + dir.string()).status == 2);
  CHECK(run("diff american --deals 10 --report " + dir.string()).status == 2);
  CHECK(run("diff american nine-card --players greedy,wizard --deals 10 --report " + dir.string()).status == 2);
  fs::remove_all(dir.parent_path());
}
