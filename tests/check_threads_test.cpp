// `check --threads T`: the documents of a file read and judged in parallel give the very
// bytes one thread gives (text, --json, --json-lines), on 1, 2 and 7 threads: on the corpus,
// on long generated files (JSON Lines, YAML, a `.json` array) with bad records among the good
// and documents that straddle the chunks, and on YAML that breaks in the middle; an exception
// on a worker thread reaches the caller.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "check/check_file.h"
#include "check/check_record.h"
#include "check/json_lines_blocks.h"
#include "check/verdict_json.h"
#include "cli_run.h"
#include "contains.h"
#include "rules/ruleset.h"

namespace fs = std::filesystem;

namespace {

using conquian::testing::run_cli;

fs::path threads_test_dir() {
  fs::path dir = fs::temp_directory_path() / ("conquian-check-threads-test-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

std::string slurp_lines_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `conquian check ARGS` on 1, 2 and 7 threads, in the three output forms: the same bytes and
// the same exit status. Returns the one-thread text output.
std::string same_on_one_two_and_seven_threads(const std::string& args) {
  std::string text;
  for (const char* form : {"", " --json", " --json-lines"}) {
    INFO("conquian check " << args << form);
    const auto one = run_cli("check " + args + form + " --threads 1");
    CHECK(!one.out.empty());
    for (const char* threads : {" --threads 2", " --threads 7"}) {
      const auto more = run_cli("check " + args + form + threads);
      CHECK(one.status == more.status);
      CHECK(one.out == more.out);
    }
    if (*form == '\0') text = one.out;
  }
  return text;
}

// A JSON Lines file of `deals` simulated games with faults written into some lines: every
// 37th line cut in half (malformed), every 41st with its first move's seat changed (an
// illegal move, or a malformed one), every 53rd a line that is no JSON at all.
fs::path generated_with_bad_records(const fs::path& dir, int deals) {
  const fs::path clean = dir / "clean.jsonl";
  const auto sim = run_cli("simulate --ruleset american --deals " + std::to_string(deals) +
                           " --seed 31 --format jsonl --out " + clean.string());
  REQUIRE(sim.status == 0);
  std::istringstream lines(slurp_lines_file(clean));
  const fs::path mixed = dir / "mixed.jsonl";
  std::ofstream out(mixed);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    if (n % 37 == 5) line = line.substr(0, line.size() / 2);
    if (n % 41 == 7) {
      const auto at = line.find("\"seat\":0");
      if (at != std::string::npos) line[at + 7] = '1';
    }
    if (n % 53 == 11) line = "not json at all";
    out << line << "\n";
  }
  return mixed;
}

// A match of `deals` simulated deals as JSON Lines (the match document first, a target far
// enough for some 400 of them), with faults written into some deals: every 29th line cut
// short, every 31st no JSON, every 43rd blank (no document), every 47th with a key of the
// wrong type.
fs::path match_with_bad_lines(const fs::path& dir, int deals) {
  const fs::path long_match = dir / "long-match.yaml";
  std::ofstream(long_match) << "base: american-points\nscoring: {method: hand_points, match_target: 2000}\n";
  const fs::path clean = dir / "match.jsonl";
  const auto sim = run_cli("simulate --ruleset " + long_match.string() + " --deals " + std::to_string(deals) +
                           " --seed 17 --match --format jsonl --out " + clean.string());
  REQUIRE(sim.status == 0);
  std::istringstream lines(slurp_lines_file(clean));
  const fs::path mixed = dir / "match-mixed.jsonl";
  std::ofstream out(mixed);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    if (n > 0 && n % 29 == 3) line = line.substr(0, line.size() / 3);
    if (n > 0 && n % 31 == 4) line = "{\"id\": broken";
    if (n > 0 && n % 43 == 5) line = "   ";
    if (n > 0 && n % 47 == 6) {
      const auto at = line.find("\"dealer\":");
      if (at != std::string::npos) line.insert(at + 9, "\"one\",\"x\":");
    }
    out << line << "\n";
  }
  return mixed;
}

}  // namespace

TEST_CASE("check --threads: a JSON Lines match with bad lines gives the same bytes on 1, 2 and 4 threads") {
  const fs::path dir = threads_test_dir();
  const fs::path mixed = match_with_bad_lines(dir, 400);
  const std::string text = slurp_lines_file(mixed);
  REQUIRE(conquian::testing::has(text.substr(0, text.find('\n')), "\"match\":{"));  // the match document first
  for (const char* form : {"", " --json", " --json-lines"}) {
    INFO("conquian check " << mixed.string() << form);
    const auto one = run_cli("check " + mixed.string() + form + " --threads 1");
    CHECK(conquian::testing::has(one.out, "malformed"));
    for (const char* threads : {" --threads 2", " --threads 4"}) {
      const auto more = run_cli("check " + mixed.string() + form + threads);
      CHECK(one.status == more.status);
      CHECK(one.out == more.out);
    }
  }
  // The deals are read as the match's: their verdicts name it.
  const auto json = run_cli("check " + mixed.string() + " --json-lines --threads 4");
  CHECK(conquian::testing::has(json.out, "\"match\":"));
  fs::remove_all(dir);
}

TEST_CASE("check --threads: every corpus file gives the same bytes on 1, 2 and 7 threads") {
  const std::string corpus = CONQUIAN_SOURCE_DIR "/corpus";
  const std::string text = same_on_one_two_and_seven_threads(corpus + "/legal " + corpus + "/illegal " + corpus +
                                                             "/malformed " + corpus + "/analyse");
  CHECK(conquian::testing::has(text, "illegal"));
  CHECK(conquian::testing::has(text, "malformed"));
}

TEST_CASE("check --threads: 900 generated games with bad lines give the same bytes on 1, 2 and 7 threads") {
  const fs::path dir = threads_test_dir();
  const fs::path mixed = generated_with_bad_records(dir, 900);
  const std::string text = same_on_one_two_and_seven_threads(mixed.string());
  // The file has more games than one chunk of 4 threads holds, and bad ones among them.
  CHECK_MESSAGE(conquian::testing::has(text, "900 games: "), text.substr(text.size() > 200 ? text.size() - 200 : 0));
  CHECK(!conquian::testing::has(text, " 0 illegal"));
  CHECK(!conquian::testing::has(text, " 0 malformed"));
  fs::remove_all(dir);
}

TEST_CASE("check --threads: the same games as YAML and as a .json array, bad ones among them, give the same bytes") {
  // 900 games of YAML are some 1.5 MB: more than one chunk of the cut (1 MiB), so documents
  // straddle a chunk's end; the 40th document has an unknown key (malformed alone), the 300th
  // a key of the wrong type, and the last lines of the 700th an open quote and a `---` inside
  // a block scalar's indented lines.
  const fs::path dir = threads_test_dir();
  const fs::path mixed = generated_with_bad_records(dir, 900);
  const fs::path yaml = dir / "mixed.yaml";
  REQUIRE(run_cli("convert " + mixed.string() + " --to yaml --out " + yaml.string()).status ==
          2);  // bad lines left out
  std::istringstream lines(slurp_lines_file(yaml));
  const fs::path bad = dir / "bad.yaml";
  {
    std::ofstream out(bad);
    int doc = 1;
    for (std::string line; std::getline(lines, line);) {
      if (line == "---") ++doc;
      if (line.rfind("format:", 0) == 0 && doc == 40) out << "colour: red\n";
      if (line.rfind("format:", 0) == 0 && doc == 300) out << "players: 7\n";
      if (line.rfind("format:", 0) == 0 && doc == 500) out << "salt: |\n  ---\n  --- a\n";
      out << line << "\n";
    }
  }
  const std::string text = same_on_one_two_and_seven_threads(bad.string());
  CHECK(conquian::testing::has(text, "key 'colour'"));
  CHECK(fs::file_size(bad) > (std::size_t{1} << 20));
  // Broken YAML in the middle ends the file there, on any number of threads.
  const fs::path broken = dir / "broken.yaml";
  {
    std::string all = slurp_lines_file(bad);
    std::size_t at = 0;
    for (int doc = 1; doc < 700; ++doc) at = all.find("\n---\n", at) + 5;
    all.insert(at, "id: \"open\n");
    std::ofstream(broken) << all;
  }
  const std::string cut = same_on_one_two_and_seven_threads(broken.string());
  CHECK(conquian::testing::has(cut, "the rest of the file is not read"));
  // A `.json` array of the JSON Lines' first 300 lines, one of them broken in the middle.
  const fs::path array = dir / "games.json";
  {
    std::istringstream json_lines(slurp_lines_file(mixed));
    std::ofstream out(array);
    out << "[";
    int written = 0;
    for (std::string line; std::getline(json_lines, line) && written < 300;)
      if (line.rfind("{\"", 0) == 0 && line.back() == '}') out << (written++ ? ",\n" : "\n") << line;
    out << "\n]\n";
  }
  same_on_one_two_and_seven_threads(array.string());
  fs::remove_all(dir);
}

TEST_CASE("check --threads: a worker's exception reaches the caller") {
  const fs::path dir = threads_test_dir();
  const fs::path mixed = generated_with_bad_records(dir, 300);
  conquian::check::CheckFileOptions how;
  how.threads = 4;
  how.judge = [](const conquian::record::GameRecord& rec,
                 const conquian::Ruleset& rules) -> conquian::check::GameVerdict {
    if (rec.index == 150) throw std::runtime_error("game 150 cannot be judged");
    return conquian::check::check_record(rec, rules);
  };
  int given = 0;
  CHECK_THROWS_WITH_AS(conquian::check::check_file(
                           mixed.string(), [&given](conquian::check::GameVerdict&&) { ++given; }, how),
                       "game 150 cannot be judged", std::runtime_error);
  CHECK(given < 150);  // the chunk that holds game 150 is not given
  fs::remove_all(dir);
}

// A JSON Lines file read a block a thread (check/json_lines_blocks.h), in blocks of one byte
// up to more than a line: the verdicts, their indices and their parts are those of one
// thread's stream. The file holds what a thread's guess of a game's ruleset can get wrong: a
// match in the middle, whose deals name no ruleset, and records after its deals that name one
// (malformed there, though legal alone); a ruleset that cannot be loaded; a record that names
// none outside a match; and blank lines, '\r's and a last line with no line break. Records
// kept past their verdicts or not (then each is freed by the thread that read it).
TEST_CASE("check --threads: JSON Lines in blocks of any size give one thread's verdicts, a match among them") {
  const fs::path dir = threads_test_dir();
  const fs::path games = generated_with_bad_records(dir, 40);
  const fs::path match = match_with_bad_lines(dir, 30);
  std::string text = slurp_lines_file(games);
  text +=
      std::string("\r\n\n") +
      R"({"format":"conquian-record/1","ruleset":"no-such-ruleset","id":"nameless","deal":{"hands":[["Ac"],["Kd"]]},"moves":[]})"
      "\n";
  text += R"({"format":"conquian-record/1","id":"no-ruleset","deal":{"hands":[["Ac"],["Kd"]]},"moves":[]})"
          "\r\n";
  text += slurp_lines_file(match);
  std::istringstream first_games(slurp_lines_file(games));
  std::string tail;
  for (int i = 0; i < 3 && std::getline(first_games, tail);) ++i;
  text += tail;  // in the match: malformed, with no line break after it
  const fs::path file = dir / "blocks.jsonl";
  std::ofstream(file, std::ios::binary) << text;

  const auto verdicts = [&](int threads, std::size_t block_bytes, bool under, bool keep) {
    conquian::check::CheckFileOptions how;
    how.threads = threads;
    how.keep_records = keep;
    how.block_bytes = block_bytes;
    if (under) {  // one verdict for each, judged ahead under each
      how.under.push_back(conquian::load_ruleset("american"));
      how.under.push_back(conquian::load_ruleset("american-noforce"));
    }
    std::string out;
    const conquian::check::CheckedSink sink = [&](conquian::check::CheckedGame&& g) {
      out += std::to_string(g.part) + " " + conquian::check::verdict_json(g.verdict).dump();
      if (g.record) out += " " + g.record->display_id() + " " + std::to_string(g.record->index);
      out += "\n";
    };
    if (threads == 1) conquian::check::check_file_keeping(file.string(), sink, how);
    else CHECK(conquian::check::check_json_lines_in_blocks(file.string(), sink, how));  // not the stream's way
    return out;
  };
  for (const bool under : {false, true}) {
    for (const bool keep : {true, false}) {
      const std::string one = verdicts(1, 0, under, keep);
      CHECK(conquian::testing::has(one, under ? "\"verdict\":\"legal\"" : "no-such-ruleset"));
      if (!under) CHECK(conquian::testing::has(one, "\"match\":"));
      for (const std::size_t block : {std::size_t{1}, std::size_t{61}, std::size_t{1500}, std::size_t{9000}}) {
        for (const int threads : {2, 7}) {
          INFO("blocks of " << block << " bytes, " << threads << " threads, under: " << under << ", keep: " << keep);
          CHECK(verdicts(threads, block, under, keep) == one);
        }
      }
    }
  }
  fs::remove_all(dir);
}
