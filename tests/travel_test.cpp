// Records that travel: a ruleset file written inline by `simulate`, a ruleset
// named by a path beside the record, sealed deals that cover the stock, and matches, all as
// `conquian check` sees them through the built binary.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.h"

namespace fs = std::filesystem;

namespace {

using conquian::testing::run_cli;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("conquian-travel-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

// Every line that starts with `prefix`, replaced by `line` (nothing: removed). No std::regex:
// GCC 12's <regex> trips -Wmaybe-uninitialized in the sanitizer build.
std::string replace_lines(const std::string& text, const std::string& prefix, const std::string& line) {
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    end = end == std::string::npos ? text.size() : end + 1;
    if (text.compare(at, prefix.size(), prefix) == 0) out += line;
    else out.append(text, at, end - at);
    at = end;
  }
  return out;
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

nlohmann::json check_json(const fs::path& file, int expected_status) {
  auto r = run_cli("check --json " + file.string());
  CHECK(r.status == expected_status);
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST_CASE("travel: simulate -r FILE writes the ruleset inline; check needs neither the file nor --ruleset") {
  auto dir = fresh_dir("inline");
  write(dir / "house.yaml", "description: nine cards on the French deck\nbase: american\nhand: 9\ntarget: 10\n");
  REQUIRE(run_cli("simulate -r " + (dir / "house.yaml").string() + " -n 6 -s 4 -o " + (dir / "games.yaml").string())
              .status == 0);
  const std::string text = read(dir / "games.yaml");
  CHECK(text.find("ruleset: {description:") != std::string::npos);
  fs::remove(dir / "house.yaml");  // the records must not need it
  auto j = check_json(dir / "games.yaml", 0);
  CHECK(j["summary"]["legal"] == 6);
  for (const auto& g : j["games"]) CHECK(g["ruleset"] == "inline");
  // Cut after two moves for `forcing`: the inline ruleset travels there too.
  CHECK(run_cli("forcing --json --after 2 --game 3 " + (dir / "games.yaml").string()).status == 0);
  // Under american (hand 10) the same deals are bad deals: the inline ruleset was used.
  auto r = run_cli("check --json --ruleset american " + (dir / "games.yaml").string());
  CHECK(r.status == 1);
  fs::remove_all(dir);
}

TEST_CASE("travel: a ruleset path relative to the record, and a broken inline ruleset") {
  auto dir = fresh_dir("relative");
  fs::create_directories(dir / "rules");
  write(dir / "rules" / "house.yaml", "base: american\nhand: 9\ntarget: 10\n");
  REQUIRE(
      run_cli("simulate -r " + (dir / "rules" / "house.yaml").string() + " -n 2 -s 9 -o " + (dir / "g.yaml").string())
          .status == 0);
  std::string text = read(dir / "g.yaml");
  text = replace_lines(text, "ruleset: {", "ruleset: rules/house.yaml\n");
  write(dir / "g.yaml", text);
  auto j = check_json(dir / "g.yaml", 0);  // checked from another working directory
  CHECK(j["summary"]["legal"] == 2);
  CHECK(j["games"][0]["ruleset"] == "house");
  // An inline ruleset with a bad key: malformed, at the record's own line.
  text = replace_all(text, "ruleset: rules/house.yaml\n", "ruleset:\n  base: american\n  hand: 9\n  tagret: 10\n");
  write(dir / "bad.yaml", text);
  j = check_json(dir / "bad.yaml", 2);
  CHECK(j["games"][0]["verdict"] == "malformed");
  CHECK(j["games"][0]["message"].get<std::string>().find("tagret") != std::string::npos);
  CHECK(j["games"][0]["line"] == 5);
  fs::remove_all(dir);
}

TEST_CASE("travel: --seal writes salt and commitment; a seal without its stock is seal-unverified") {
  auto dir = fresh_dir("seal");
  REQUIRE(run_cli("simulate -r nine-card -n 3 -s 2 --seal -o " + (dir / "a.yaml").string()).status == 0);
  REQUIRE(run_cli("simulate -r nine-card -n 3 -s 2 --seal --threads 1 -o " + (dir / "b.yaml").string()).status == 0);
  REQUIRE(run_cli("simulate -r nine-card -n 3 -s 2 --seal-random -o " + (dir / "c.yaml").string()).status == 0);
  const std::string a = read(dir / "a.yaml");
  CHECK(a == read(dir / "b.yaml"));  // seeded: the same salts
  CHECK(a.find("  salt: ") != std::string::npos);
  CHECK(a.find("  commitment: \"sha256:") != std::string::npos);
  CHECK(read(dir / "c.yaml") != a);  // random salts
  CHECK(check_json(dir / "a.yaml", 0)["summary"]["legal"] == 3);
  CHECK(check_json(dir / "c.yaml", 0)["summary"]["legal"] == 3);
  // Without the stock the commitment cannot be verified.
  write(dir / "d.yaml", replace_lines(a, "  stock: ", ""));
  auto j = check_json(dir / "d.yaml", 1);
  for (const auto& g : j["games"]) {
    CHECK(g["verdict"] == "illegal");
    CHECK(g["code"] == "seal-unverified");
    CHECK(g["move"] == 0);
  }
  // A changed salt no longer matches.
  std::string salted = a;
  salted[salted.find("  salt: ") + 8] = 'g';
  write(dir / "e.yaml", salted);
  CHECK(check_json(dir / "e.yaml", 1)["games"][0]["code"] == "bad-commitment");
  fs::remove_all(dir);
}

TEST_CASE("travel: simulate --match writes one match that check follows to its end") {
  auto dir = fresh_dir("match");
  REQUIRE(run_cli("simulate -r nine-card-five -n 400 -s 3 --match -o " + (dir / "m.yaml").string()).status == 0);
  const std::string text = read(dir / "m.yaml");
  REQUIRE(text.rfind("format: conquian-record/1\nmatch:\n", 0) == 0);
  auto j = check_json(dir / "m.yaml", 0);
  const auto deals = j["games"].size();
  REQUIRE(deals >= 5);  // five points at one per won deal (more after draws) take five deals at least
  CHECK(deals < 400);
  for (const auto& g : j["games"]) CHECK(g["match"] == "nine-card-five-3-match");
  CHECK(text.find("match_winner: ") != std::string::npos);
  CHECK(text.find("match_winner: ") == text.rfind("match_winner: "));  // on the last deal only

  // The third deal cut after four moves: played under the match's ruleset.
  CHECK(run_cli("forcing --json --after 4 --game 3 " + (dir / "m.yaml").string()).status == 0);
  CHECK(run_cli("forcing --json --after 4 --game 3 " + (dir / "m.yaml").string() + " -r american").status == 2);
  // A wrong running score.
  std::string scored = text;
  const std::size_t total = scored.find("total: [");
  scored.replace(total, scored.find(']', total) + 1 - total, "total: [7, 7]");
  write(dir / "score.yaml", scored);
  j = check_json(dir / "score.yaml", 1);
  CHECK(j["games"][0]["code"] == "score-mismatch");
  CHECK(j["games"][0]["move"] == j["games"][0]["moves"].get<int>() + 1);
  // A deal after the end: the last deal again.
  const std::string last = text.substr(text.rfind("---\n"));
  write(dir / "after.yaml", text + last);
  j = check_json(dir / "after.yaml", 1);
  CHECK(j["games"][deals]["code"] == "after-match-end");
  CHECK(j["summary"]["illegal"] == 1);
  // The second deal dealt by the first deal's dealer.
  std::string wrong = text;
  const auto second = wrong.find("dealer: 1\n");
  REQUIRE(second != std::string::npos);
  wrong.replace(second, 10, "dealer: 0\n");
  write(dir / "dealer.yaml", wrong);
  j = check_json(dir / "dealer.yaml", 1);
  CHECK(j["games"][1]["code"] == "wrong-dealer");
  // A ruleset with no match target cannot play a match.
  CHECK(run_cli("simulate -r american -n 3 -s 1 --match").status == 2);
  fs::remove_all(dir);
}
