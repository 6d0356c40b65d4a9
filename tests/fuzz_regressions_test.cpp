// Every input a fuzzer ever crashed on, kept in tests/fuzz-regressions/TARGET/NAME with the
// verdict it must now get in NAME.expected (accepted or rejected), replayed through the same
// target body (tools/fuzz/targets.h) in the normal (and sanitizer) build.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../tools/fuzz/board_api_target.h"
#include "../tools/fuzz/protocol_target.h"
#include "../tools/fuzz/targets.h"

namespace fs = std::filesystem;
using conquian::fuzz::Result;

namespace {

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in, "cannot read " << path.string());
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// The target named by the folder, on `bytes`.
Result run_target(const std::string& target, const std::string& bytes) {
  if (target == "record") return conquian::fuzz::record_input(bytes);
  if (target == "json_record") return conquian::fuzz::json_record_input(bytes);
  if (target == "ruleset") return conquian::fuzz::ruleset_input(bytes);
  if (target == "cards") return conquian::fuzz::cards_input(bytes);
  if (target == "position") return conquian::fuzz::position_input(bytes);
  if (target == "protocol") return conquian::fuzz::protocol_input(bytes);
  if (target == "board_api") return conquian::fuzz::board_api_input(bytes);
  FAIL("no fuzz target '" << target << "'");
  return Result::broken;
}

std::string source(const std::string& relative) { return bytes_of(fs::path(CONQUIAN_SOURCE_DIR) / relative); }

}  // namespace

TEST_CASE("fuzz regressions: every kept input gets the verdict kept beside it") {
  fs::path root = fs::path(CONQUIAN_SOURCE_DIR) / "tests" / "fuzz-regressions";
  int replayed = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    CAPTURE(e.path().string());
    if (e.path().extension() == ".expected") {  // every verdict has its input
      CHECK(fs::exists(fs::path(e.path()).replace_extension()));
      continue;
    }
    fs::path expected_path = e.path();
    expected_path += ".expected";
    REQUIRE_MESSAGE(fs::exists(expected_path), "no verdict beside " << e.path().string());
    std::istringstream words(bytes_of(expected_path));
    std::string expected;
    words >> expected;
    REQUIRE((expected == "accepted" || expected == "rejected"));
    const std::string target = e.path().parent_path().filename().string();
    CHECK(conquian::fuzz::result_name(run_target(target, bytes_of(e.path()))) == expected);
    ++replayed;
  }
  CHECK(replayed >= 2);
}

TEST_CASE("fuzz targets: usable inputs are accepted, unusable ones rejected") {
  using conquian::fuzz::cards_input;
  using conquian::fuzz::position_input;
  using conquian::fuzz::record_input;
  using conquian::fuzz::ruleset_input;
  // Records: a file of legal games; an illegal game is judged, so accepted too; a malformed
  // document, or a ruleset that is not shipped, is not.
  CHECK(record_input(source("corpus/legal/american-win.yaml")) == Result::accepted);
  CHECK(record_input(source("corpus/illegal/turn-order.yaml")) == Result::accepted);
  CHECK(record_input(source("corpus/malformed/malformed.yaml")) == Result::rejected);
  CHECK(record_input("") == Result::rejected);
  // The same through the JSON front end: a line judged, a broken line, nothing at all.
  CHECK(conquian::fuzz::json_record_input(
            R"({"format":"conquian-record/1","ruleset":"american","deal":{"hands":[["Ac"],["Ad"]]},"moves":[]})") ==
        Result::accepted);
  CHECK(conquian::fuzz::json_record_input("{\"format\":\n{}\n") == Result::rejected);
  CHECK(conquian::fuzz::json_record_input("") == Result::rejected);
  CHECK(record_input("format: conquian-record/1\nruleset: corpus/rulesets/no-extra.yml\ndeal: {hands: [[Ac], "
                     "[Ad]]}\nmoves: []\n") == Result::rejected);
  // Rulesets: one that loads; an unknown key, or a base named by a path, does not.
  CHECK(ruleset_input("base: nine-card\nhand: 8\ntarget: 9\n") == Result::accepted);
  CHECK(ruleset_input(source("rulesets/american-capped.yaml")) == Result::accepted);
  // A '/' in a comment ("his/her") names no file: the ruleset loads (a `base:` path would be
  // refused by the confinement of record/document_path.h, since the target's folder does not exist).
  CHECK(ruleset_input(source("rulesets/hit.yaml")) == Result::accepted);
  CHECK(ruleset_input(source("corpus/rulesets/bad-key.yml")) == Result::rejected);
  CHECK(ruleset_input("base: rulesets/american.yaml\n") == Result::rejected);
  // Cards: the first byte picks the ruleset (0: american), then tokens of its deck.
  CHECK(cards_input(std::string("\0Ac 2c 3c 4c 5h", 15)) == Result::accepted);
  CHECK(cards_input(std::string("\0Ac 2c 1o", 9)) == Result::rejected);
  CHECK(cards_input("") == Result::rejected);
  // Positions: one of the corpus under a shipped ruleset; one naming a file; a broken one.
  CHECK(position_input(source("corpus/positions/forced-win.position.yml")) == Result::accepted);
  CHECK(position_input(source("corpus/positions/kept-melds-grow.position.yml")) == Result::rejected);
  CHECK(position_input("format: conquian-position/1\n") == Result::rejected);
  // The board's API: a deal against the random player is accepted; one whose built-in player
  // searches is rejected unread, named or the default of a blank body (read as the API reads it).
  using conquian::fuzz::board_api_input;
  CHECK(board_api_input("POST /api/new\n{\"ruleset\": \"tiny\", \"player\": \"random\"}") == Result::accepted);
  CHECK(board_api_input("POST /api/new\n{\"ruleset\": \"tiny\", \"player\": \"strong\"}") == Result::rejected);
  CHECK(board_api_input(std::string("POST /api/new\n \n\0GET /api/library\n", 34)) == Result::rejected);
  CHECK(board_api_input(std::string("POST /api/new\n{\"seat\": 1e400}\0GET /api/library\n", 47)) == Result::accepted);
}
