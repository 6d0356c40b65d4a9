// The command line as scripts see it: every test that runs the built binary (check,
// rulesets, prove partition, forcing, solve, diff, analyse, show), with its exit status, JSON shape and
// error messages.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "cli_run.h"
#include "contains.h"
#include "position_text.h"
#include "rules/ruleset.h"
#include "sample_records.h"
#include "spec_keys.h"
#include "test_scale.h"

namespace fs = std::filesystem;

namespace {

using Run = conquian::testing::CliRun;

Run run(const std::string& args, bool want_stderr = false) { return conquian::testing::run_cli(args, want_stderr); }

Run run_err(const std::string& args) {  // standard error instead of standard output
  return run(args, true);
}

using conquian::testing::has;

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

const std::string kGame = conquian::testing::kShortAmericanGame;

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

TEST_CASE("cli: unusable input is refused or malformed, named, and exits 2") {
  auto dir = temp_dir();
  // A file that is not there is a mistake in the command line, not a game: refused before
  // anything is read, naming the file, with nothing else on standard output.
  const std::string nope = (dir / "nope.yaml").string();
  auto missing = conquian::testing::check_json_error("check --json " + nope, 2, "check",
                                                     nope + ": cannot open: No such file or directory");
  CHECK(missing["file"] == nope);
  write(dir / "here.yaml", kGame);
  Run before_missing = run("check " + (dir / "here.yaml").string() + " " + nope);
  CHECK(before_missing.status == 2);
  CHECK(before_missing.out.empty());
  // A glob that matched nothing reaches the command as itself.
  conquian::testing::check_stderr_says("check " + (dir / "none" / "*.yaml").string(), 2,
                                       "conquian check: " + (dir / "none" / "*.yaml").string() + ": cannot open");
  // A folder with no record under it: "0 games" would pass a mistyped folder.
  fs::create_directories(dir / "empty-folder" / "inside");
  write(dir / "empty-folder" / "notes.txt", "not a record\n");
  const std::string empty_folder = (dir / "empty-folder").string();
  conquian::testing::check_stderr_says("check " + empty_folder, 2,
                                       "conquian check: " + empty_folder + ": no record file in this folder");
  CHECK(run("check --quiet " + (dir / "here.yaml").string() + " " + empty_folder).status == 2);
  CHECK(run("convert " + empty_folder).status == 2);
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
  CHECK(nlohmann::json::parse(ur.out)["games"][0]["message"].get<std::string>().find("no-such-rules") !=
        std::string::npos);
  CHECK(run("check --ruleset no-such-rules " + u).status == 2);
  // An empty record file, or one of comments only, is an error naming the file.
  auto empty = write(dir / "empty.yaml", "");
  Run e = run("check --json " + empty);
  CHECK(e.status == 2);
  auto je = nlohmann::json::parse(e.out);
  CHECK(je["summary"]["malformed"] == 1);
  CHECK(je["games"][0]["id"] == empty);
  CHECK(je["games"][0]["message"].get<std::string>().find("no YAML document") != std::string::npos);
  auto comments = write(dir / "comments.yaml", "# no games today\n");
  Run c = run("check " + comments);
  CHECK(c.status == 2);
  CHECK(c.out.find(comments + ": MALFORMED: " + comments + ": no game") == 0);
  CHECK(run("check " + write(dir / "dashes.yaml", "---\n")).status == 2);  // one empty document
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
  CHECK(nlohmann::json::parse(all.out)["melds"].size() == 2);                         // three runs, or three sets
  CHECK(run("prove partition --ruleset american --cards \"8h 9h Th\"").status == 2);  // not in the deck
}

TEST_CASE("cli: Z3 out of time is undecided, exit 3, never a proof" * conquian::testing::z3_bound()) {
  // The whole deck: building the query alone takes more than 1 ms, so no check runs.
  std::string deck = "\"Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd\"";
  // Undecided in the one form of every command (specs/check-output.md, "Undecided").
  auto e = conquian::testing::check_json_error(
      "prove partition --ruleset american --cards " + deck + " --json --z3-timeout 1", 3, "prove partition",
      "Z3 could not decide whether Ac 2c");
  CHECK(e["reason"].get<std::string>().find("timeout") == 0);
  CHECK(has(e["message"].get<std::string>(), "(" + e["reason"].get<std::string>() + ")"));
  conquian::testing::check_json_error(
      "prove partition --ruleset american --cards " + deck + " --all --json --z3-timeout 1", 3, "prove partition",
      "Z3 could not finish listing the splits of Ac 2c");
  // A spec whose Z3 checks run out of time: the undecided properties are named.
  auto dir = temp_dir();
  auto spec = write(dir / "spec.yaml",
                    "format: conquian-properties/1\nproperties:\n"
                    "  - property: longest-winning-run\n    expect: {american: 8}\n"
                    "  - property: longer-run-before-win\n    expect: {american: 'true'}\n"
                    "  - property: longest-deal\n    expect: {american: 1}\n");
  Run text = run("prove --spec " + spec + " --z3-timeout 1");
  CHECK(text.status == 1);  // longest-deal is refuted (its bound is not 1): refuted beats unknown
  CHECK(text.out.find("Left undecided (Z3 answered unknown):\n  longest-winning-run (american)\n"
                      "  longer-run-before-win (american)\n") != std::string::npos);
  write(dir / "spec.yaml",
        "format: conquian-properties/1\nproperties:\n"
        "  - property: longest-winning-run\n    expect: {american: 8}\n"
        "  - property: longer-run-before-win\n    expect: {american: 'true'}\n");
  Run json = run("prove --spec " + spec + " --z3-timeout 1 --json");
  CHECK(json.status == 3);
  auto results = nlohmann::json::parse(json.out)["results"];
  REQUIRE(results.size() == 2);
  for (const auto& r : results) {
    CHECK(r["value"] == "unknown");
    CHECK(r["evidence"] == "unknown");
  }
  // The shipped spec on american, every Z3 question out of time.
  Run shipped = run("prove --spec " + std::string(CONQUIAN_SOURCE_DIR) +
                    "/specs/properties.yaml --ruleset american --z3-timeout 1");
  CHECK(shipped.status == 3);
  CHECK(shipped.out.find("Left undecided (Z3 answered unknown):\n  longest-winning-run (american)\n"
                         "  longer-run-before-win (american)\n  uncompletable-tables (american)\n") !=
        std::string::npos);
  fs::remove_all(dir);
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
  // Z3 out of time: the groupings cannot all be listed, so no answer is shown; exit 3.
  auto late =
      conquian::testing::check_json_error("forcing " + dir + "decline-regroup.position.yml --json --z3-timeout 1", 3,
                                          "forcing", "Z3 could not finish listing the groupings of ");
  CHECK(!late["reason"].get<std::string>().empty());
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

  std::string bad =
      write(dir / "bad.yaml", position_text(*r, {{"2c 3c 9c", ""}, {"Ad 2d Ah", ""}}, "3d 4d", "to_act: 1\n"));
  Run err = run_err("solve " + bad);
  CHECK(err.status == 2);
  CHECK(has(err.out, "bad.yaml:4:"));
  CHECK(has(err.out, "'9c' is not a card"));

  auto three = conquian::load_ruleset("three-seat");
  std::string t = write(
      dir / "three.yaml",
      position_text(*three,
                    {{"Ac 2c 3c 4c 5c 6c 7c Jc", ""}, {"Ad 2d 3d 4d 5d 6d 7d Jd", ""}, {"Ah 2h 3h 4h 5h 6h 7h Jh", ""}},
                    "As 2s", "to_act: 1\n"));
  err = run_err("solve " + t);
  CHECK(err.status == 2);
  CHECK(has(err.out, "two seats only"));

  // A search cut short by its budget still answers with a best move: exit 0 when it proved
  // something, 3 when the answer is only an estimate (not 2: the input was fine). The time
  // budget is far above what 1000 nodes take, so that on a loaded machine the node budget is
  // still the one that cuts.
  const std::string big = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/positions/decline-regroup.position.yml";
  const std::string known = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal/simulated-american.yaml --after 2";
  Run cut = run("solve " + known + " --max-nodes 1000 --time 20000");
  CHECK((cut.status == 0 || cut.status == 3));
  CHECK(has(cut.out, "not solved: the search was cut short by 1000 nodes (--max-nodes)"));
  CHECK(has(cut.out, "best: {seat: "));
  CHECK(has(cut.out, cut.status == 0 ? "exit 0: something is proved" : "exit 3: only estimated"));
  Run cut_json = run("solve " + known + " --max-nodes 1000 --time 20000 --json");
  auto cj = nlohmann::json::parse(cut_json.out);
  CHECK(cj["solved"] == false);
  CHECK(cj["best"].is_object());
  CHECK(cj["proved"] == (cut_json.status == 0));
  CHECK((cj["basis"] == "interval" || cj["basis"] == "estimate"));
  REQUIRE(cj.contains("estimate"));
  CHECK(cj["estimate"]["method"] == "stock orders");
  // With the stock unknown, what the stopped search proves is the answer: an interval, exit 0
  // (seat 0 can no longer win there: at most 0; its value is -0.875), with a best move. The
  // search has half of --time, ten times what 1,000 of these nodes take, so the node budget is
  // what cuts it short even on a loaded machine.
  Run bounded = run("solve " + big + " --stock unknown --max-nodes 1000 --time 2000");
  CHECK(bounded.status == 0);
  CHECK(has(bounded.out, "proved: seat 0's expected score between "));
  CHECK(has(bounded.out, "not solved: the search was cut short by 1000 nodes (--max-nodes)"));
  CHECK(has(bounded.out, "estimate (not proved): every move over "));
  Run bounded_json = run("solve " + big + " --stock unknown --max-nodes 1000 --time 2000 --json");
  REQUIRE(bounded_json.status == 0);
  auto interval = nlohmann::json::parse(bounded_json.out);
  CHECK(interval["exact"] == false);
  CHECK(interval["proved"] == true);
  CHECK(interval["best"]["seat"] == interval["to_act"]);
  CHECK(interval["interval"][0].get<double>() <= -0.875);
  CHECK(-0.875 <= interval["interval"][1].get<double>());
  CHECK(interval["interval"][1].get<double>() <= 0);
  fs::remove_all(dir);
}

TEST_CASE("cli: solve: a best move so far whose proved value any other move beats gives way to the estimate") {
  // forced-win: the search tries the force first (move_order.h) and proves it hands seat 0
  // the deal (+1), then runs out of nodes in not forcing. Budgets in nodes and orders only
  // (--time 0, one thread): the same answer every time.
  Run r = run("solve " + std::string(CONQUIAN_SOURCE_DIR) +
              "/corpus/positions/forced-win.position.yml --max-nodes 20000 --time 0 --threads 1 --json");
  CHECK(r.status == 0);  // the bounds are proved
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["best_so_far"]["move"] == nlohmann::json{{"seat", 1}, {"force", 0}});
  CHECK(j["best_so_far"]["value0"] == 1);
  CHECK(j["best"] == nlohmann::json{{"seat", 1}, {"waive", true}});
  CHECK(j["force_declined"] == true);
  CHECK(j["basis"] == "estimate");
  CHECK(j["proved"] == true);
  CHECK(j["estimate"]["moves"][0]["move"] == j["best"]);
  CHECK(j["estimate"]["moves"][0]["ci95"][0].get<double>() > -1);  // above the force's -1 for seat 1
}

TEST_CASE("cli: solve: cut short after its first root move, the best move proved so far and its bound") {
  // Every card known, 3,000 nodes: the search has the value of seat 0's first move (a draw)
  // and no more; the position's value is a draw (solved with no budget), within [0, 1].
  const std::string game = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal/simulated-american.yaml --after 2";
  Run r = run("solve " + game + " --max-nodes 3000 --time 0 --threads 1 --json");
  CHECK(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["basis"] == "interval");
  CHECK(j["proved"] == true);
  CHECK(j["best"] == j["best_so_far"]["move"]);
  CHECK(j["best_so_far"]["value0"] == 0);
  CHECK(j["interval"] == nlohmann::json::array({0.0, 1.0}));
  const auto solved = nlohmann::json::parse(run("solve " + game + " --json").out);
  CHECK(solved["value"] == nlohmann::json{{"draw", true}});
  CHECK(solved["best"] == j["best"]);
  // A budget too small for any root move: an estimate, exit 3; the turn it names is the seat's
  // choice as the seat is offered it, without the card the stock shows.
  Run est = run("solve " + std::string(CONQUIAN_SOURCE_DIR) +
                "/corpus/legal/simulated-american.yaml --after 4 --max-nodes 2000 --time 0 --threads 1 --json");
  CHECK(est.status == 3);
  const auto e = nlohmann::json::parse(est.out);
  CHECK(e["basis"] == "estimate");
  CHECK(e["proved"] == false);
  CHECK(e["best"] == nlohmann::json{{"seat", 1}, {"turn", nullptr}});
}

TEST_CASE("cli: solve answers every corpus position with a best move (its defaults, a short --time)") {
  // The default --time is 5000 ms (conquian_bench solve-defaults runs it); here 300 ms keeps CI
  // short, with the rules the same: an answer with a best move, exit 0 when something is
  // proved, 3 when only estimated (and 2 for the three-seat deal, which has no single value).
  const fs::path dir = fs::path(CONQUIAN_SOURCE_DIR) / "corpus" / "positions";
  int answered = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (!e.path().string().ends_with(".position.yml")) continue;
    CAPTURE(e.path().string());
    Run r = run("solve " + e.path().string() + " --ruleset-dir " + CONQUIAN_SOURCE_DIR +
                "/corpus/rulesets --time 300 --json");
    if (r.status == 2) {
      CHECK(has(e.path().filename().string(), "three-seat"));
      continue;
    }
    REQUIRE((r.status == 0 || r.status == 3));
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["best"].is_object());
    if (!j.value("force_declined", false)) CHECK(j["best"]["seat"] == j["to_act"]);
    const std::string basis = j["basis"];
    CHECK((basis == "exact" || basis == "interval" || basis == "estimate"));
    CHECK((r.status == 0) == (basis == "exact" || j["proved"] == true));
    if (basis != "exact") {
      REQUIRE(j.contains("estimate"));
      CHECK(!j["estimate"]["moves"].empty());
    }
    ++answered;
  }
  CHECK(answered >= 10);
}

// Every command's errors leave through main in one form (specs/check-output.md): under --json
// standard output holds the error object alone, with the exit status.
TEST_CASE("cli: every command's error under --json is one JSON error object, with the exit status") {
  using conquian::testing::check_json_error;
  auto dir = temp_dir();
  const std::string corpus = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/";
  const std::string missing = (dir / "no-such.yaml").string();
  check_json_error("check --json --ruleset amercan " + corpus + "legal", 2, "check",
                   "--ruleset amercan: unknown ruleset 'amercan'");
  auto e = check_json_error("solve " + missing + " --json", 2, "solve", "No such file or directory");
  CHECK(e["file"] == missing);
  check_json_error("forcing " + missing + " --json", 2, "forcing", "No such file or directory");
  check_json_error("prove --json", 2, "prove", "give --spec FILE, or the partition subcommand");
  check_json_error("prove --spec " + missing + " --json", 2, "prove", "No such file or directory");
  check_json_error("prove partition --ruleset american --cards \"Ac Ac\" --json", 2, "prove partition",
                   "'Ac' is given twice");
  check_json_error("diff american amercan --json", 2, "diff", "unknown ruleset 'amercan'");
  // The report cannot be written where a file stands in for its folder.
  const std::string blocked = write(dir / "blocked", "");
  check_json_error("diff american american-capped --deals 2 --no-properties --quiet --json --report " + blocked + "/r",
                   2, "diff", "--report " + blocked + "/r: cannot make the folder: Not a directory");
  // simulate has no --json; its errors still answer a script that asks for JSON.
  check_json_error("simulate --ruleset american --match --json", 2, "simulate", "unknown option '--json'");
  Run match = run_err("simulate --ruleset american --match --deals 1 --seed 1");
  CHECK(match.status == 2);
  CHECK(match.out == "conquian simulate: --match: ruleset american sets no match target (scoring.match_target: 0)\n");
  check_json_error("analyse " + corpus + "illegal/turn-order.yaml --json --html " + (dir / "page.html").string(), 2,
                   "analyse", "--html draws one game; ");
  fs::remove_all(dir);
}

TEST_CASE("cli: diff writes the three files; bad input exits 2") {
  auto dir = temp_dir() / "report";
  // The property verdicts are Z3's work (20 s of the 20 s this takes in the release build),
  // which the sanitizers do not instrument: under their scale they are left out.
  const bool with_properties = conquian::testing::test_scale() == 1;
  CHECK(run("diff american american-capped --deals 100 --seed 2 --quiet --report " + dir.string() +
            (with_properties ? "" : " --no-properties"))
            .status == 0);
  for (const char* f : {"report.json", "report.md", "report.html"}) CHECK(fs::exists(dir / f));
  std::ifstream in(dir / "report.json");
  nlohmann::json j = nlohmann::json::parse(in);
  CHECK(j["format"] == "conquian-diff/1");
  CHECK(j["deals"] == 100);
  const auto& props = j["comparisons"][0]["properties"];
  CHECK(props["available"] == with_properties);
  if (with_properties) {
    // The property verdicts of `conquian prove` that differ: only the run cap's (a run of nine
    // can stand on a waiting table under american, not under american-capped).
    REQUIRE(props["differ"].size() == 1);
    CHECK(props["differ"][0]["property"] == "longer-run-before-win");
  }
  fs::remove_all(dir);
  CHECK(run("diff american no-such-ruleset --deals 10 --report " + dir.string()).status == 2);
  CHECK(run("diff american --deals 10 --report " + dir.string()).status == 2);
  CHECK(run("diff american nine-card --players greedy,wizard --deals 10 --report " + dir.string()).status == 2);
  fs::remove_all(dir.parent_path());
}

TEST_CASE("cli: a Panguingue diff speaks Panguingue, on standard output and in every file") {
  auto dir = temp_dir() / "pan-report";
  Run out =
      run("diff panguingue panguingue-no-forfeit --seats 6 --deals 40 --seed 1 --players random,greedy "
          "--no-properties --report " +
          dir.string());
  REQUIRE(out.status == 0);
  const std::string& text = out.out;
  CHECK(text.starts_with("Panguingue rulesets compared: 40 deals (seed 1)\n"));
  CHECK(has(text, "players: seat 0 random, seat 1 greedy, seat 2 random, seat 3 greedy, seat 4 random, seat 5 greedy"));
  for (const char* words : {"panguingue, 6 seats: seats that drop ", "; a seat goes out in ", "; drawn ",
                            "; conditions paid ", "; pot taken ", "  chips a deal: seat 0 ", "  chips in all: seat 0 ",
                            "panguingue vs panguingue-no-forfeit: seats that drop "}) {
    CAPTURE(words);
    CHECK(has(text, words));
  }
  // Chips signed by named seat, in all and a deal: "seat 4 +29", "seat 4 -0.58".
  CHECK(std::regex_search(text, std::regex("chips in all: seat 0 [+-][0-9]+, seat 1 [+-][0-9]+")));
  CHECK(std::regex_search(text, std::regex("chips a deal: seat 0 [+-][0-9]+\\.[0-9][0-9], seat 1 [+-]")));
  std::ifstream md_in(dir / "report.md");
  std::stringstream md;
  md << md_in.rdbuf();
  for (const std::string& page : {text, md.str()}) {
    CHECK(has(page, "Panguingue rulesets compared"));
    for (const char* word : {"tabla", "forcing", "place", "Conquian"}) {
      CAPTURE(word);
      CHECK_FALSE(has(page, word));
    }
  }
  for (const char* table : {"## How a deal ends", "## Drops", "## Chips by seat", "## Conditions and the pot"}) {
    CAPTURE(table);
    CHECK(has(md.str(), table));
  }
  std::ifstream json_in(dir / "report.json");
  nlohmann::json j = nlohmann::json::parse(json_in);
  CHECK(j["players"] == nlohmann::json({"random", "greedy", "random", "greedy", "random", "greedy"}));
  const auto& chips = j["rulesets"][0]["chips"];
  CHECK(chips["by_seat"].size() == 6);
  CHECK(chips["by_seat"][1]["player"] == "greedy");
  for (const char* key : {"drops", "went_out", "last_in", "conditions", "pot", "pot_taken"}) {
    CAPTURE(key);
    CHECK(chips.contains(key));
  }
  CHECK(chips["drops"]["count"].get<int>() > 0);  // the random seats drop
  fs::remove_all(dir.parent_path());
}

const std::string kAnalyseGames = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/analyse/mistakes.yaml";

TEST_CASE("cli: analyse --json, text, and bad input refused as check refuses it") {
  auto ok = run("analyse " + kAnalyseGames + " --game 1 --json --chance-nodes 10000");
  CHECK(ok.status == 0);
  nlohmann::json j = nlohmann::json::parse(ok.out);
  CHECK(j["id"] == "blunder");
  CHECK(j["ruleset"] == "american");
  CHECK(j["moves"][2]["class"] == "blunder");

  auto text = run("analyse " + kAnalyseGames + " --id tiny-mistake");
  CHECK(text.status == 0);
  // tiny's deck is a custom one: no symbols of its own, its letters in every style.
  CHECK(text.out.find("   5 mistake  seat 1 passes 3h\n") != std::string::npos);
  CHECK(text.out.find("first decisive mistake: move 14 by seat 0") != std::string::npos);
  // A French deck's suits as symbols; --ascii: the record's letters, and not one suit symbol
  // (each is E2 99 xx in UTF-8).
  auto french = run("analyse " + kAnalyseGames + " --game 1 --chance-nodes 10000");
  CHECK(french.status == 0);
  CHECK(french.out.find("   3 blunder  seat 0 takes 4\u2663: A\u2663 2\u2663 3\u2663 4\u2663 and 5\u2666 5\u2665 "
                        "5\u2660, throws J\u2666\n") != std::string::npos);
  auto ascii = run("analyse " + kAnalyseGames + " --game 1 --chance-nodes 10000 --ascii");
  CHECK(ascii.status == 0);
  CHECK(ascii.out.find("   3 blunder  seat 0 takes 4c: Ac 2c 3c 4c and 5d 5h 5s, throws Jd\n") != std::string::npos);
  CHECK(ascii.out.find("\xe2\x99") == std::string::npos);
  // The best move of an annotation is in words too, in the style of the moves.
  CHECK(french.out.find("best: seat 0 takes 4\u2663: A\u2663 2\u2663 3\u2663 4\u2663 and 5\u2666 5\u2665 5\u2660 and "
                        "7\u2666 J\u2666 Q\u2666, throws K\u2663") != std::string::npos);
  CHECK(ascii.out.find("best: seat 0 takes 4c: Ac 2c 3c 4c and 5d 5h 5s and 7d Jd Qd, throws Kc") != std::string::npos);
  CHECK(ascii.out.find("best: {") == std::string::npos);
  // The best move of an annotation is in words too, in the style of the moves.
  CHECK(french.out.find("best: seat 0 takes 4\u2663: A\u2663 2\u2663 3\u2663 4\u2663 and 5\u2666 5\u2665 5\u2660 and "
                        "7\u2666 J\u2666 Q\u2666, throws K\u2663") != std::string::npos);
  CHECK(ascii.out.find("best: seat 0 takes 4c: Ac 2c 3c 4c and 5d 5h 5s and 7d Jd Qd, throws Kc") != std::string::npos);
  CHECK(ascii.out.find("best: {") == std::string::npos);
  auto both = run("analyse " + kAnalyseGames + " --id tiny-mistake --ascii --json", true);
  CHECK(both.status == 2);
  CHECK(both.out.find("--ascii") != std::string::npos);

  const std::string corpus = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/";
  auto illegal = run("analyse " + corpus + "illegal/takes.yaml --game 1", true);
  CHECK(illegal.status == 1);
  CHECK(illegal.out.find("ILLEGAL at move") != std::string::npos);
  auto malformed = run("analyse " + corpus + "malformed/broken-yaml.yaml", true);
  CHECK(malformed.status == 2);
  CHECK(malformed.out.find("MALFORMED") != std::string::npos);
  auto missing = run("analyse " + kAnalyseGames + " --game 9", true);
  CHECK(missing.status == 2);
  CHECK(missing.out.find("--game 9: no such game (the file holds 2 games)") != std::string::npos);
}

TEST_CASE("cli: show, the table after N moves") {
  auto r = run("show " + kAnalyseGames + " --after 3");
  CHECK(r.status == 0);
  CHECK(r.out.find("seat 0 (dealer)  hand:  Kc 7d Qd\n        table: Ac 2c 3c 4c | 5d 5h 5s\n") != std::string::npos);
  CHECK(r.out.find("face up: Jd (thrown by seat 0)") != std::string::npos);
  CHECK(r.out.find("stock:   19 cards") != std::string::npos);
  CHECK(r.out.find("next:    seat 1 to take or pass Jd") != std::string::npos);
  CHECK(run("show " + kAnalyseGames + " --after 99").status == 2);
}

TEST_CASE("cli: show writes the move before the cut and the record's next in words; --ascii in letters") {
  auto r = run("show " + kAnalyseGames + " --after 3");
  CHECK(r.status == 0);
  CHECK_MESSAGE(r.out.find("last:    3. seat 0 takes 4\u2663: ") != std::string::npos, r.out);
  CHECK(r.out.find(", throws J\u2666\n") != std::string::npos);
  CHECK(r.out.find("then:    4. seat 1 passes J\u2666\n") != std::string::npos);
  CHECK(r.out.find("last:") < r.out.find("seat 0 (dealer)"));
  auto ascii = run("show " + kAnalyseGames + " --after 3 --ascii");
  CHECK(ascii.status == 0);
  CHECK(ascii.out.find("last:    3. seat 0 takes 4c: ") != std::string::npos);
  CHECK(ascii.out.find("then:    4. seat 1 passes Jd\n") != std::string::npos);
  CHECK(ascii.out.find("\xe2\x99") == std::string::npos);
  // At the deal there is no move before; at the end no move after.
  auto deal = run("show " + kAnalyseGames + " --after 0");
  CHECK(deal.out.find("last:") == std::string::npos);
  CHECK(deal.out.find("then:    1. seat 1 turns 4\u2663\n") != std::string::npos);
  auto refused = run("show " + kAnalyseGames + " --ascii --json", true);
  CHECK(refused.status == 2);
  CHECK(refused.out.find("--ascii") != std::string::npos);
}

// ---- a command line that behaves as people expect ----------------------------------------

TEST_CASE("cli: misspelt commands and options get the nearest name; help and -V") {
  using conquian::testing::check_stderr_says;
  check_stderr_says("chek x.yaml", 2, "conquian: unknown command 'chek'; did you mean 'check'?");
  check_stderr_says("frobnicate", 2, "unknown command 'frobnicate'; the commands are check,");
  check_stderr_says("check --rulset american x.yaml", 2,
                    "conquian check: unknown option '--rulset'; did you mean '--ruleset'?");
  Run help = run("help");
  CHECK(help.status == 0);
  CHECK(has(help.out, "Subcommands:"));
  Run help_check = run("help check");
  CHECK(help_check.status == 0);
  CHECK(help_check.out == run("check --help").out);
  CHECK(run("help prove partition").out == run("prove partition --help").out);
  CHECK(has(run_err("help chek").out, "did you mean 'check'?"));
  // The version, and the commit the build was configured from when built in a git checkout.
  const std::string version = run("--version").out;
  CHECK(run("-V").out == version);
  // The version and date are the newest release of CHANGELOG.md ("## [X.Y.Z] - YYYY-MM-DD").
  std::ifstream changelog(std::string(CONQUIAN_SOURCE_DIR) + "/CHANGELOG.md");
  std::string line, release, date;
  const std::regex release_line(R"(## \[([0-9]+\.[0-9]+\.[0-9]+)\] - ([0-9]{4}-[0-9]{2}-[0-9]{2}))");
  for (std::smatch m; release.empty() && std::getline(changelog, line);)
    if (std::regex_match(line, m, release_line)) release = m[1], date = m[2];
  REQUIRE(!release.empty());
  const std::regex form("conquian " + std::regex_replace(release, std::regex(R"(\.)"), R"(\.)") + " \\(" + date +
                        R"((; built from [A-Za-z0-9._+-]+)?\)\n)");
  CHECK_MESSAGE(std::regex_match(version, form), version);
  const bool in_git = std::filesystem::exists(std::string(CONQUIAN_SOURCE_DIR) + "/.git") &&
                      std::system("git --version >/dev/null 2>&1") == 0;
  if (in_git) CHECK_MESSAGE(has(version, "; built from "), version);
}

namespace {

// Characters, not bytes: "–" and "♥" are one column each.
std::size_t columns(const std::string& line) {
  return static_cast<std::size_t>(
      std::count_if(line.begin(), line.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// The longest line of `text`, and the line itself.
std::pair<std::size_t, std::string> widest(const std::string& text) {
  std::pair<std::size_t, std::string> out{0, ""};
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (columns(line) > out.first) out = {columns(line), line};
  return out;
}

// Help text as one line: its words, whatever the width wrapped them to.
std::string flat(const std::string& text) { return std::regex_replace(text, std::regex(R"(\s+)"), " "); }

}  // namespace

TEST_CASE("cli: every help fits 80 columns (or $COLUMNS), and says its exit statuses") {
  ::unsetenv("COLUMNS");  // a pipe, as here, is 80 columns unless COLUMNS says otherwise
  std::vector<std::string> commands = {""};
  for (const char* c :
       {"check", "rulesets", "simulate", "diff", "prove", "prove partition", "solve", "forcing", "analyse", "show",
        "convert", "engine", "referee", "tournament", "serve", "cards", "completion", "help"})
    commands.emplace_back(c);
  for (const std::string& c : commands) {
    INFO("conquian " << c << " --help");
    Run help = run(c + " --help");
    CHECK(help.status == 0);
    const auto [width, line] = widest(help.out);
    CHECK_MESSAGE(width <= 80, line);
    CHECK(!has(help.out, "earlier"));  // the help says what is, not what was
    if (c != "help") CHECK(has(help.out, "Exit status: 0"));
    const std::string at_60 = "COLUMNS=60 " + std::string(CONQUIAN_BINARY) + " " + c + " --help";
    FILE* pipe = popen(at_60.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
    pclose(pipe);
    const auto [narrow_width, narrow_line] = widest(out);
    CHECK_MESSAGE(narrow_width <= 60, narrow_line);
  }
  // The one help names both games, and every command that can exit 3.
  const std::string top = flat(run("--help").out);
  CHECK(has(top, "Panguingue"));
  const std::string exit3 = top.substr(top.find("3 undecided"));
  for (const char* c : {"prove", "forcing", "solve"}) CHECK_MESSAGE(has(exit3, c), c);
  CHECK(has(flat(run("analyse --help").out), "0 every game analysed (estimates included)"));
  CHECK(has(flat(run("solve --help").out), "3 only estimated"));
  CHECK(has(flat(run("diff --help").out), "seats dealt in, 2 to 15"));
  // What a help says of its statuses is what the command does.
  CHECK(has(flat(run("prove partition --help").out), "1 they do not"));
  CHECK(run("prove partition --ruleset american --cards \"Ac 2d 5h\"").status == 1);
}

TEST_CASE("cli: misspelt ruleset names, keys and card tokens get the nearest") {
  auto dir = temp_dir();
  Run name = run_err("rulesets amercan");
  CHECK(name.status == 2);
  CHECK(has(name.out, "conquian rulesets: NAME amercan: unknown ruleset 'amercan'; did you mean 'american'?"));
  auto keys = write(dir / "keys.yaml", "base: american\nmelds:\n  sets: [3, 4]\n");
  Run key = run_err("rulesets " + keys);
  CHECK(key.status == 2);
  CHECK(has(key.out, "keys.yaml:3:9: unknown key 'melds.sets'; did you mean 'set'?"));
  Run ten = run_err("prove partition --ruleset full-deck --cards '10h Jh Qh'");
  CHECK(ten.status == 2);
  CHECK(has(ten.out, "'10h' is not a card of the french-52 deck; did you mean 'Th'?"));
  CHECK(has(run_err("prove partition --ruleset american --cards '5h 6h 7H'").out, "did you mean '7h'?"));
  CHECK(has(run_err("check -r amercan x.yaml").out,
            "conquian check: --ruleset amercan: unknown ruleset 'amercan'; did you mean 'american'?"));
  fs::remove_all(dir);
}

TEST_CASE("cli: options that conflict or do nothing are refused with a sentence") {
  auto dir = temp_dir();
  auto game = write(dir / "game.yaml", kGame);
  auto refused = [](const std::string& args, const std::string& sentence) {
    Run r = run_err(args);
    CHECK_MESSAGE(r.status == 2, args);
    CHECK_MESSAGE(has(r.out, sentence), (args + " said: " + r.out));
  };
  refused("solve " + game + " --whole-deck --ruleset tiny",
          "conquian solve: --whole-deck solves every deal of --ruleset and takes no POSITION");
  refused("solve " + game + " --game 2", "--game requires --after");
  refused("forcing " + game + " --game 2", "--game requires --after");
  refused("solve --dealer 1 " + game, "--dealer requires --whole-deck");
  refused("check -q --json " + game, "conquian check: --quiet prints nothing and --json prints JSON");
  refused("simulate -r american -n 1 -s 1 --players greedy,random,greedy",
          "--players names 3 players, but ruleset american has 2 seats");
  refused("simulate -r three-seat -n 1 -s 1 --players strong",
          "--players strong: the strong player plays two seats only");
  refused("simulate -r american -n 1 -s 1 --players grredy", "unknown player 'grredy'; did you mean 'greedy'?");
  refused("simulate -r american -n 1 -s 1 --threads 0", "--threads");
  refused("diff american nine-card -n 1 --threads 0 --report " + (dir / "r").string(), "--threads");
  fs::remove_all(dir);
}

TEST_CASE("cli: errors name their cause, in one form; --json errors are JSON") {
  auto dir = temp_dir();
  Run missing = run_err("solve " + (dir / "nope.yaml").string());
  CHECK(missing.status == 2);
  CHECK(has(missing.out, "conquian solve: "));
  CHECK(has(missing.out, "No such file or directory"));
  Run json = run("solve --json " + (dir / "nope.yaml").string());
  CHECK(json.status == 2);
  auto j = nlohmann::json::parse(json.out);
  CHECK(j["error"]["command"] == "solve");
  CHECK(j["error"]["file"] == (dir / "nope.yaml").string());
  CHECK(has(j["error"]["message"].get<std::string>(), "No such file or directory"));
  CHECK(nlohmann::json::parse(run("prove partition --json -r amercan --cards 5h").out)["error"]["command"] ==
        "prove partition");
  CHECK(nlohmann::json::parse(run("chek --json").out)["error"]["message"] ==
        "unknown command 'chek'; did you mean 'check'?");
  // A tab in the indentation gets a hint, in records and in rulesets alike.
  auto tabbed = write(dir / "tabbed.yaml", "format: conquian-record/1\nruleset: american\ndeal:\n\thands: []\n");
  CHECK(has(run("check " + tabbed).out, "(YAML indents with spaces, not tabs)"));
  auto tab_rules = write(dir / "tab-rules.yaml", "base: american\nmelds:\n\tset: [3, 4]\n");
  CHECK(has(run_err("rulesets " + tab_rules).out, "(YAML indents with spaces, not tabs)"));
  // A misspelt ruleset inside a record, a position, a spec or a base: file and line.
  std::string misspelt = kGame;
  misspelt.replace(misspelt.find("american"), 8, "amercan");
  auto rec = write(dir / "misspelt.yaml", misspelt);
  Run in_record = run("check " + rec);
  CHECK(in_record.status == 2);
  CHECK(has(in_record.out, "short: MALFORMED (" + rec +
                               ":2): ruleset 'amercan': unknown ruleset 'amercan'; did you mean 'american'?"));
  CHECK(has(run_err("solve " + rec + " --after 1").out, rec + ":2:10: key 'ruleset': unknown ruleset 'amercan'"));
  auto based = write(dir / "based.yaml", "description: x\nbase: amercan\n");
  CHECK(has(run_err("rulesets " + based).out,
            based + ":2:7: key 'base': unknown ruleset 'amercan'; did you mean 'american'?"));
  auto spec = write(
      dir / "spec.yaml",
      "format: conquian-properties/1\nproperties:\n  - property: longest-winning-run\n    expect:\n      amercan: 8\n");
  Run s = run_err("prove --spec " + spec);
  CHECK(s.status == 2);
  CHECK(has(s.out, spec + ":5:7: key 'properties[0].expect': ruleset 'amercan': unknown ruleset 'amercan'"));
  fs::remove_all(dir);
}

TEST_CASE("cli: inputs where people put them: -, folders, files given as rulesets") {
  auto dir = temp_dir();
  fs::create_directories(dir / "games" / "deeper");
  write(dir / "games" / "one.yaml", kGame);
  write(dir / "games" / "deeper" / "two.yml", kGame);
  write(dir / "games" / "one.expected.yml", "verdicts: []\n");
  write(dir / "games" / "notes.txt", "not a record\n");
  Run folder = run("check " + (dir / "games").string());
  CHECK(folder.status == 0);
  CHECK(has(folder.out, "2 games: 2 legal, 0 illegal, 0 malformed"));
  Run piped = run("check - < " + (dir / "games" / "one.yaml").string());
  CHECK(piped.status == 0);
  CHECK(has(piped.out, "1 game: 1 legal"));
  // A ruleset file in the current folder with neither '/' nor '.yaml' is still a file.
  write(dir / "mine.yml", "base: american\ndescription: mine\nhand: 9\ntarget: 10\n");
  write(dir / "mine", "base: american\ndescription: mine\nhand: 8\ntarget: 9\n");
  std::string in_dir = "cd " + dir.string() + " && " + std::string(CONQUIAN_BINARY) + " ";
  auto json_of = [&](const std::string& args) {
    FILE* pipe = popen((in_dir + args).c_str(), "r");
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
    pclose(pipe);
    return nlohmann::json::parse(out);
  };
  CHECK(json_of("rulesets --json mine.yml")["hand"] == 9);
  CHECK(json_of("rulesets --json mine")["hand"] == 8);
  // Resolved: every key, with the defaults and the base filled in.
  auto american = json_of("rulesets --json american");
  for (const char* key :
       {"deck", "seats", "hand", "target", "melds", "wild", "swap", "rearrange", "extra_melds", "forcing", "scoring",
        "first_upcard", "first_offer", "stock_out", "compulsory_take", "meld_timing"})
    CHECK_MESSAGE(american.contains(key), key);
  CHECK(american["target"] == 11);
  CHECK(american["melds"]["run"] == nlohmann::json::array({3, nullptr}));
  Run text = run("rulesets nine-card");
  CHECK(text.status == 0);
  CHECK(has(text.out, "hand: 9\n"));
  CHECK(has(text.out, "meld_timing: take\n"));
  fs::remove_all(dir);
}

TEST_CASE("cli: rulesets R, rulesets R --json and the record writer's inline ruleset give every key of the spec") {
  using conquian::testing::spec_named_values;
  const auto spec = conquian::testing::spec_ruleset_keys();
  // Every key of the ruleset's game but base, which is resolved when loaded; `game` itself is
  // written only when it is not conquian.
  std::set<std::string> conquian_written, pan_written;
  for (const auto& k : spec) {
    if (k.name == "base") continue;
    if (k.conquian() && k.name != "game") conquian_written.insert(k.name);
    if (k.panguingue()) pan_written.insert(k.name);
  }
  const std::set<std::string>& spec_written = conquian_written;
  auto names_of = [](const std::map<std::string, std::string>& values) {
    std::set<std::string> names;
    for (const auto& [k, _] : values) names.insert(k);
    return names;
  };
  for (const std::string& name : conquian::shipped_ruleset_names()) {
    CAPTURE(name);
    Run json = run("rulesets " + name + " --json");
    REQUIRE(json.status == 0);
    auto printed = spec_named_values(nlohmann::ordered_json::parse(json.out), spec);
    const bool pan = conquian::load_ruleset(name)->is_pan();
    CHECK(names_of(printed) == (pan ? pan_written : conquian_written));
    // The text form is YAML a ruleset file could hold, with the same values.
    Run text = run("rulesets " + name);
    REQUIRE(text.status == 0);
    CHECK(spec_named_values(YAML::Load(text.out), spec) == printed);
    // A ruleset given as a file is written inline in every record simulate writes.
    std::string file = std::string(CONQUIAN_SOURCE_DIR) + "/rulesets/" + name + ".yaml";
    Run records = run("simulate --ruleset " + file + " --deals 1 --seed 1 --threads 1");
    REQUIRE(records.status == 0);
    auto at = records.out.find("\nruleset: {");
    REQUIRE(at != std::string::npos);
    std::string flow = records.out.substr(at + 10, records.out.find('\n', at + 1) - at - 10);
    auto written = spec_named_values(YAML::Load(flow), spec);
    for (const auto& [key, value] : printed) {
      CAPTURE(key);
      CHECK(written.count(key) == 1);
      if (written.count(key)) CHECK(written.at(key) == value);
    }
    CHECK(names_of(written) == (pan ? pan_written : conquian_written));
  }
  // A ruleset that writes no key prints the spec's default column (target: hand + 1).
  auto dir = temp_dir();
  auto bare = spec_named_values(
      nlohmann::ordered_json::parse(run("rulesets --json " + write(dir / "bare.yaml", "{}\n")).out), spec);
  CHECK(names_of(bare) == spec_written);
  for (const auto& k : spec) {
    if (k.name == "base" || !spec_written.count(k.name)) continue;
    CAPTURE(k.name);
    std::string expected = k.name == "target" ? std::to_string(std::stoi(bare["hand"]) + 1)
                                              : conquian::testing::value_text(YAML::Load(k.default_text));
    CHECK(bare[k.name] == expected);
  }
  fs::remove_all(dir);
}

TEST_CASE("cli: cards lists a deck's tokens") {
  Run full = run("cards --deck french-52");
  CHECK(full.status == 0);
  CHECK(has(full.out, "french-52: 52 cards"));
  CHECK(has(full.out, "9h Th Jh Qh Kh"));
  auto j = nlohmann::json::parse(run("cards --json --ruleset mexican").out);
  CHECK(j["size"] == 40);
  CHECK(has(run_err("cards --deck french52").out, "did you mean 'french-52'?"));
}

TEST_CASE("cli: -q prints nothing") {
  auto dir = temp_dir();
  auto game = write(dir / "game.yaml", kGame);
  Run q = run("check -q " + game);
  CHECK(q.status == 0);
  CHECK(q.out.empty());
  CHECK(run_err("check -q " + game).out.empty());
  fs::remove_all(dir);
}

TEST_CASE("cli: completion scripts, the man page and cmake --install") {
  auto dir = temp_dir();
  Run bash = run("completion bash");
  CHECK(bash.status == 0);
  CHECK(has(bash.out, "complete -o filenames -F _conquian conquian"));
  CHECK(has(bash.out,
            "\"check\") opts=\"--help -h --ruleset -r --format --json --json-lines --quiet -q --settlement --threads "
            "--ruleset-dir\""));
  write(dir / "conquian.bash", bash.out);
  CHECK(std::system(("bash -n " + (dir / "conquian.bash").string()).c_str()) == 0);
  // What bash offers after the words typed so far: ruleset names as diff's and rulesets'
  // arguments and after -r, and the choices of --stock, --to, --format and --player.
  const auto offered = [&](const std::string& typed) {
    const std::string script = "source " + (dir / "conquian.bash").string() + "; COMP_WORDS=(" + typed +
                               "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _conquian; echo \" ${COMPREPLY[*]} \"";
    write(dir / "complete.sh", script);
    FILE* pipe = popen(("cd " + dir.string() + " && bash " + (dir / "complete.sh").string()).c_str(), "r");
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
    pclose(pipe);
    return out;
  };
  CHECK(has(offered("conquian diff american ameri"), " american-noextra "));
  CHECK(has(offered("conquian diff american pang"), " panguingue-club "));
  CHECK(has(offered("conquian rulesets nine"), " nine-card-french "));
  CHECK(has(offered("conquian check -r hi"), " hit-own "));
  CHECK(offered("conquian solve x.yaml --stock ''") == " as-given unknown \n");
  CHECK(offered("conquian convert x.yaml --to ''") == " yaml jsonl \n");
  CHECK(offered("conquian check --format j") == " json jsonl \n");
  CHECK(offered("conquian simulate --format ''") == " yaml jsonl \n");
  CHECK(offered("conquian referee --player str") == " strong strong-pi \n");
  CHECK(offered("conquian simulate --players g") == " greedy \n");
  CHECK(!has(offered("conquian check ame"), "american"));  // check's arguments are files
  Run zsh = run("completion zsh");
  CHECK(zsh.status == 0);
  CHECK(has(zsh.out, "#compdef conquian"));
  CHECK(has(zsh.out, "'--ruleset[Judge every game under this ruleset"));
  CHECK(has(zsh.out, "]:value:(as-given unknown)'"));
  CHECK(has(zsh.out, "]:value:(yaml jsonl)'"));
  CHECK(has(zsh.out, "]:value:(random greedy strong strong-pi)'"));
  CHECK(has(zsh.out, "'*:ruleset:_conquian_rulesets';;"));
  CHECK(has(zsh.out, "_conquian_rulesets() {\n  _alternative 'r:ruleset:(american "));
  CHECK(run("completion fish").status == 2);
  // Built beside the binary from the --help texts; installed with the rulesets.
  const fs::path build = fs::path(CONQUIAN_BINARY).parent_path();
  std::ifstream man(build / "conquian.1");
  std::string page((std::istreambuf_iterator<char>(man)), {});
  CHECK(has(page, ".TH CONQUIAN 1"));
  for (const char* cmd : {"check", "solve", "prove", "forcing", "simulate", "diff", "rulesets", "cards", "completion"})
    CHECK_MESSAGE(has(page, std::string(".SS ") + cmd + "\n"), cmd);
  CHECK(has(page, "Replay recorded games and judge every move against the ruleset."));
  // Written for readers: both games named, the release's date, the sections a man page has,
  // and nothing of the build tree.
  CHECK(has(page, "Conquian and Panguingue"));
  const std::string version = run("--version").out;
  const std::string date = version.substr(version.find('(') + 1, 10);
  CHECK(has(page, ".TH CONQUIAN 1 \"" + date + "\""));
  for (const char* section :
       {"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXAMPLES", "EXIT STATUS", "FILES", "SEE ALSO"})
    CHECK_MESSAGE(has(page, std::string(".SH ") + section + "\n"), section);
  CHECK(!has(page, build.string()));
  CHECK(!has(page, CONQUIAN_SOURCE_DIR));
  // Rendered at 80 columns, as man does for a terminal of 80: no line wider, and no warning.
  if (std::system("command -v groff >/dev/null 2>&1") == 0) {
    const std::string render = "groff -man -Tutf8 -rLL=80n -P-c -P-b -P-u -P-o -ww " + (build / "conquian.1").string() +
                               " 2>" + (dir / "groff.err").string();
    FILE* pipe = popen(render.c_str(), "r");
    std::string text;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) text.append(buf, n);
    CHECK(pclose(pipe) == 0);
    CHECK(has(text, "EXIT STATUS"));
    const auto [width, line] = widest(text);
    CHECK_MESSAGE(width <= 80, line);
    std::ifstream err(dir / "groff.err");
    CHECK(std::string((std::istreambuf_iterator<char>(err)), {}).empty());
  }
  std::string install = "cmake --install " + build.string() + " --prefix " + (dir / "usr").string() + " >/dev/null";
  REQUIRE(std::system(install.c_str()) == 0);
  for (const char* f : {"bin/conquian", "share/man/man1/conquian.1", "share/conquian/rulesets/american.yaml",
                        "share/bash-completion/completions/conquian", "share/zsh/vendor-completions/_conquian",
                        "share/doc/conquian/LICENSE"})
    CHECK_MESSAGE(fs::exists(dir / "usr" / f), f);
  fs::remove_all(dir);
}

namespace {

// A record of kGame naming `ruleset` (written as given).
std::string game_naming(const std::string& ruleset) {
  std::string game = kGame;
  game.replace(game.find("ruleset: american"), 17, "ruleset: " + ruleset);
  return game;
}

// A folder of its own for each test of references, emptied first.
fs::path reference_dir(const std::string& name) {
  fs::path dir = temp_dir() / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "up");
  return dir;
}

}  // namespace

TEST_CASE("cli: a path inside a record is refused unless it stays inside the record's folder") {
  const fs::path dir = reference_dir("refs");
  const fs::path up = dir / "up";
  write(dir / "secret.yml", "root:*:20228:0:99999:7:::\n");
  write(up / "house.yml", "base: american\n");
  fs::create_symlink(dir / "secret.yml", up / "link.yml");
  struct Case {
    std::string ruleset, why;
  };
  for (const Case& c : {Case{"/etc/passwd", "the path '/etc/passwd' is refused: it is absolute"},
                        Case{(dir / "secret.yml").string(), "is refused: it is absolute"},
                        Case{"../secret.yml", "'..' leads out of its folder"},
                        Case{"sub/../../secret.yml", "'..' leads out of its folder"},
                        Case{"link.yml", "a link leads out of its folder"},
                        Case{"nowhere.yml", "there is no such file in the document's folder"}}) {
    CAPTURE(c.ruleset);
    const std::string rec = write(up / "leak.yaml", game_naming(c.ruleset));
    Run r = run("check " + rec);
    CHECK(r.status == 2);
    CHECK(has(r.out, "MALFORMED"));
    CHECK(has(r.out, c.why));
    CHECK(!has(r.out, "root:"));
    CHECK(!has(r.out, "20228"));
  }
  // Inside the folder: followed (the ruleset's own base is a name).
  CHECK(run("check " + write(up / "ok.yaml", game_naming("house.yml"))).status == 0);
  CHECK(run("check " + write(up / "ok2.yaml", game_naming("./house.yml"))).status == 0);
  // A bare word is a name, never a file, even when a file of that name is beside.
  write(up / "house", "base: american\n");
  CHECK(has(run("check " + write(up / "word.yaml", game_naming("house"))).out, "unknown ruleset 'house'"));
}

TEST_CASE("cli: a FIFO, a device or a folder named in a document is refused, and nothing blocks") {
  const fs::path dir = reference_dir("fifo");
  const fs::path up = dir / "up";
  REQUIRE(mkfifo((up / "pipe.yml").c_str(), 0600) == 0);
  fs::create_directories(up / "folder.yml");
  // A reader that opened the FIFO would wait for a writer forever: the test would hang.
  Run fifo = run("check " + write(up / "fifo.yaml", game_naming("pipe.yml")));
  CHECK(fifo.status == 2);
  CHECK(has(fifo.out, "the path 'pipe.yml' is refused: it is a FIFO, not a regular file"));
  Run folder = run("check " + write(up / "folder.yaml", game_naming("folder.yml")));
  CHECK(has(folder.out, "it is a folder, not a regular file"));
  // /dev is trusted here, so ./null is looked for there: a device, refused.
  Run device = run("check --ruleset-dir /dev " + write(up / "device.yaml", game_naming("./null")));
  CHECK(device.status == 2);
  CHECK(has(device.out, "the path './null' is refused: it is a character device"));
  // A position's `ruleset:` and a ruleset's `base:` are the same rule.
  std::ifstream in(std::string(CONQUIAN_SOURCE_DIR) + "/corpus/positions/forced-win.position.yml");
  std::string pos((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  pos.replace(pos.find("ruleset: american"), 17, "ruleset: pipe.yml");
  Run solve = run_err("forcing " + write(up / "p.position.yml", pos));
  CHECK(has(solve.out, "key 'ruleset': the path 'pipe.yml' is refused: it is a FIFO"));
  write(up / "based.yml", "base: pipe.yml\n");
  Run based = run("check " + write(up / "based.yaml", game_naming("based.yml")));
  CHECK(has(based.out, "key 'base': the path 'pipe.yml' is refused: it is a FIFO"));
}

TEST_CASE("cli: --ruleset-dir trusts a folder; command-line paths stay the user's") {
  const fs::path dir = reference_dir("trusted");
  fs::create_directories(dir / "rules");
  write(dir / "rules" / "house.yml", "base: american\ndescription: a house ruleset\n");
  const std::string rec = write(dir / "up" / "game.yaml", game_naming("house.yml"));
  CHECK(has(run("check " + rec).out, "there is no such file in the document's folder"));
  CHECK(run("check --ruleset-dir " + (dir / "rules").string() + " " + rec).status == 0);
  CHECK(run("check --ruleset-dir " + (dir / "nowhere").string() + " " + rec).status == 2);  // no such folder
  // The command line's paths are read as given, absolute or not.
  CHECK(run("check --ruleset " + (dir / "rules" / "house.yml").string() + " " + rec).status == 0);
  CHECK(run("rulesets " + (dir / "rules" / "house.yml").string()).status == 0);
  // But a base written inside a ruleset file is confined, wherever the file came from.
  write(dir / "rules" / "leaky.yml", "base: /etc/passwd\n");
  Run leaky = run_err("rulesets " + (dir / "rules" / "leaky.yml").string());
  CHECK(leaky.status == 2);
  CHECK(has(leaky.out, "key 'base': the path '/etc/passwd' is refused: it is absolute"));
  // A record on standard input has no folder: only the trusted ones.
  Run piped = run("check - < " + rec);
  CHECK(has(piped.out, "a document read from standard input has no folder"));
  CHECK(run("check --ruleset-dir " + (dir / "rules").string() + " - < " + rec).status == 0);
}

TEST_CASE("cli: a loop of bases and a chain of more than 8 files are refused, naming them") {
  const fs::path dir = reference_dir("chains");
  const fs::path up = dir / "up";
  write(up / "a.yml", "base: b.yml\n");
  write(up / "b.yml", "base: ./a.yml\n");
  Run loop = run("check " + write(up / "loop.yaml", game_naming("a.yml")));
  CHECK(loop.status == 2);
  CHECK(has(loop.out, "a loop of bases: "));
  CHECK(has(loop.out, "a.yml -> "));
  for (int i = 1; i <= 9; ++i)
    write(up / ("c" + std::to_string(i) + ".yml"),
          i < 9 ? "base: c" + std::to_string(i + 1) + ".yml\n" : "base: american\n");
  Run chain = run("check " + write(up / "chain.yaml", game_naming("c1.yml")));
  CHECK(has(chain.out, "one document may lead to at most 8 ruleset files in all, bases included"));
  Run seven = run("check " + write(up / "seven.yaml", game_naming("c3.yml")));  // c3..c9 and american
  CHECK(seven.status == 0);
}

TEST_CASE("cli: an unknown key of a file named inside a document is not quoted") {
  const fs::path dir = reference_dir("quotes");
  write(dir / "up" / "shadow.yml", "root:*:20228:0:99999:7:::\n");
  Run r = run("check " + write(dir / "up" / "g.yaml", game_naming("shadow.yml")));
  CHECK(r.status == 2);
  CHECK(has(r.out, "an unknown key (not quoted: the file was named inside a document)"));
  CHECK(!has(r.out, "20228"));
  // The user's own file, named on the command line, is quoted as before.
  CHECK(has(run_err("rulesets " + (dir / "up" / "shadow.yml").string()).out, "unknown key 'root:"));
}

TEST_CASE("cli: a write that fails is an error, never a short file and exit 0 (simulate, convert, referee)") {
  // /dev/full takes the open and refuses every write: the error must come at the end.
  for (const std::string args :
       {"simulate -r american -n 50 -s 1 --out /dev/full",
        "convert " CONQUIAN_SOURCE_DIR "/corpus/legal/american-win.yaml --to jsonl --out /dev/full",
        "referee -r american -n 3 -s 1 --player random --player greedy --out /dev/full"}) {
    CAPTURE(args);
    Run r = run_err(args);
    CHECK(r.status == 2);
    CHECK(has(r.out, "--out /dev/full: cannot write: No space left on device"));
  }
}

TEST_CASE("cli: a file name that is not UTF-8 reaches no JSON writer raw: the answers stay JSON") {
  // A name from the command line need not be UTF-8: written into JSON, its bad bytes become
  // U+FFFD (record/json_text.h, json_dump) rather than ending the command with the library's error.
  auto dir = temp_dir();
  const std::string name = (dir / "bad\xff name.yaml").string();
  fs::copy_file(std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal/american-win.yaml", name,
                fs::copy_options::overwrite_existing);
  for (const std::string args : {"check --json", "check --json-lines", "analyse --json --game 1 --max-nodes 2000"}) {
    CAPTURE(args);
    Run r = run(args + " '" + name + "'");
    CHECK(r.status == 0);
    CHECK(!has(r.out, "json.exception"));
    CHECK(!has(r.out, "internal error"));
    const std::string first = r.out.substr(0, r.out.find('\n', 1));
    CHECK((nlohmann::json::accept(r.out) || nlohmann::json::accept(first)));
  }
  // An error naming it: the error object is JSON too.
  Run missing = run("check --json '" + (dir / "no\xff such.yaml").string() + "'");
  CHECK(missing.status == 2);
  CHECK(nlohmann::json::accept(missing.out));
  fs::remove_all(dir);
}
