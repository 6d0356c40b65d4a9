// corpus/ as a regression suite: every NAME.yaml has NAME.expected.yml beside it, listing
// for each game its verdict, outcome, and for bad games the move and code.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>

#include "check/check_file.h"
#include "engine/engine.h"

using namespace conquian;
namespace fs = std::filesystem;

namespace {

std::string outcome_text(const check::GameVerdict& v) {
  if (v.outcome.kind == Outcome::Kind::Win) return "winner " + std::to_string(v.outcome.winner);
  if (v.outcome.kind == Outcome::Kind::Draw) return "draw";
  return "unfinished";
}

std::string expected_outcome(const YAML::Node& n) {
  if (!n) return "";
  if (n.IsScalar()) return n.Scalar();
  if (n["winner"]) return "winner " + n["winner"].Scalar();
  if (n["draw"]) return "draw";
  return "?";
}

// The records name the corpus's house rulesets bare (`ruleset: no-regroup.yml`): that
// folder is trusted, as `--ruleset-dir corpus/rulesets` makes it (corpus/README.md).
std::vector<check::GameVerdict> verdicts_of(const std::string& path) {
  std::vector<check::GameVerdict> out;
  RulesetCache cache(RulesetCache::Sources::NamesAndFiles, {std::string(CONQUIAN_SOURCE_DIR) + "/corpus/rulesets"});
  check::CheckFileOptions options;
  options.cache = &cache;
  check::check_file(
      path, [&](check::GameVerdict&& v) { out.push_back(std::move(v)); }, options);
  return out;
}

}  // namespace

TEST_CASE("corpus: every record gets its expected verdict, move, code and outcome") {
  fs::path root = fs::path(CONQUIAN_SOURCE_DIR) / "corpus";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.path().extension() == ".yaml" && e.path().string().find(".expected.") == std::string::npos)
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 10);
  std::map<std::string, int> codes_seen;
  int games = 0;
  for (const auto& file : files) {
    CAPTURE(file.string());
    fs::path expected_path = file;
    expected_path.replace_extension(".expected.yml");
    REQUIRE_MESSAGE(fs::exists(expected_path), "no expected verdicts beside " << file.string());
    YAML::Node expected = YAML::LoadFile(expected_path.string());
    auto verdicts = verdicts_of(file.string());
    REQUIRE(verdicts.size() == expected.size());
    for (std::size_t i = 0; i < verdicts.size(); ++i) {
      const auto& v = verdicts[i];
      const YAML::Node e = expected[i];
      CAPTURE(v.id);
      CAPTURE(v.message);
      ++games;
      if (e["id"]) CHECK(v.id == e["id"].Scalar());
      CHECK(std::string(check::judgement_name(v.judgement)) == e["verdict"].Scalar());
      if (e["outcome"]) CHECK(outcome_text(v) == expected_outcome(e["outcome"]));
      if (e["move"]) CHECK(v.move == e["move"].as<int>());
      if (e["message"]) CHECK(v.message.find(e["message"].Scalar()) != std::string::npos);
      if (e["code"]) {
        CHECK(std::string(code_name(v.code)) == e["code"].Scalar());
        codes_seen[e["code"].Scalar()]++;
      }
    }
  }
  MESSAGE(games << " corpus games in " << files.size() << " files");
  // Every code of the contract has at least one illegal record in the corpus.
  for (const char* code : {"not-your-turn", "wrong-card", "not-in-hand", "illegal-meld", "table-mismatch",
                           "card-unused", "no-discard", "bad-discard", "not-allowed", "must-take", "after-end",
                           "result-mismatch", "unknown-card", "duplicate-card", "bad-deal", "bad-commitment"}) {
    CAPTURE(code);
    CHECK(codes_seen[code] > 0);
  }
}
