// corpus/ as a regression suite: every NAME.yaml has NAME.expected.yml beside it, listing
// for each game its verdict, outcome, and for bad games the move and code.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <map>

#include "check/check_file.h"
#include "engine/engine.h"
#include "record/record_json_writer.h"
#include "record/record_reader.h"
#include "record/record_writer.h"

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

bool is_record_file(const fs::path& p) {
  const auto ext = p.extension();
  return (ext == ".yaml" || ext == ".json" || ext == ".jsonl") && p.string().find(".expected.") == std::string::npos;
}

// A YAML file's documents as JSON Lines, and the 1-based indexes of the documents that could
// not be read (they cannot be converted).
struct Converted {
  std::string jsonl;
  std::vector<int> unread;
  std::vector<record::ReadItem> items;
};

// `source`: a YAML file's path, or JSON Lines text.
Converted to_json_lines(const std::string& source, record::RecordFormat format = record::RecordFormat::Yaml) {
  Converted c;
  int index = 0;
  const auto take = [&](record::ReadItem&& item) {
    ++index;
    if (item.error) c.unread.push_back(index);
    else if (item.match) c.jsonl += record::write_match_header_json(*item.match) + "\n";
    else c.jsonl += record::write_record_json(*item.record) + "\n";
    c.items.push_back(std::move(item));
  };
  if (format == record::RecordFormat::Yaml) record::read_record_file(source, take);
  else record::read_record_text(source, "converted.jsonl", take, {}, format);
  return c;
}

}  // namespace

TEST_CASE("corpus: every record gets its expected verdict, move, code and outcome") {
  fs::path root = fs::path(CONQUIAN_SOURCE_DIR) / "corpus";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (is_record_file(e.path())) files.push_back(e.path());
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
      // Panguingue: the settlement as replayed, and each take's collection, worked out by hand.
      if (e["chips"]) {
        CHECK(v.has_chips);
        CHECK(v.chips == e["chips"].as<std::vector<std::int64_t>>());
        CHECK(v.pot == e["pot"].as<std::int64_t>());
      }
      if (e["collects"]) {
        std::vector<std::int64_t> got;
        for (const auto& c : v.collects) got.push_back(c.each);
        CHECK(got == e["collects"].as<std::vector<std::int64_t>>());
      }
    }
  }
  MESSAGE(games << " corpus games in " << files.size() << " files");
  // Every code of the contract has at least one illegal record in the corpus.
  for (const char* code :
       {"not-your-turn", "wrong-card", "not-in-hand", "illegal-meld", "table-mismatch", "card-unused", "no-discard",
        "bad-discard", "not-allowed", "must-take", "after-end", "result-mismatch", "unknown-card", "duplicate-card",
        "bad-deal", "bad-commitment", "bad-declaration", "dropped", "bad-chips"}) {
    CAPTURE(code);
    CHECK(codes_seen[code] > 0);
  }
}

TEST_CASE(
    "corpus: every YAML record converted to JSON Lines (here, now) gets the same verdict, code, move and outcome") {
  const fs::path root = fs::path(CONQUIAN_SOURCE_DIR) / "corpus";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.path().extension() == ".yaml" && is_record_file(e.path())) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 10);
  int compared = 0;
  for (const auto& file : files) {
    CAPTURE(file.string());
    const Converted c = to_json_lines(file.string());
    const auto yaml_verdicts = verdicts_of(file.string());
    // Beside the YAML file, so that relative ruleset paths resolve alike.
    const std::string name = (file.parent_path() / (file.stem().string() + ".converted.jsonl")).string();
    std::vector<check::GameVerdict> json_verdicts;
    // The corpus's house rulesets are trusted as the YAML check trusts them (--ruleset-dir).
    RulesetCache cache(RulesetCache::Sources::NamesAndFiles, {std::string(CONQUIAN_SOURCE_DIR) + "/corpus/rulesets"});
    check::CheckFileOptions options;
    options.cache = &cache;
    if (!c.jsonl.empty())
      check::check_text(
          c.jsonl, name, [&](check::GameVerdict&& v) { json_verdicts.push_back(std::move(v)); }, options,
          record::RecordFormat::JsonLines);
    // The YAML verdicts of the documents that were converted, in order.
    std::vector<const check::GameVerdict*> wanted;
    for (const auto& v : yaml_verdicts)
      if (std::find(c.unread.begin(), c.unread.end(), v.index) == c.unread.end() && v.index != 0) wanted.push_back(&v);
    if (!c.unread.empty()) {
      // A document that could not be read may be a match's first: what follows it is then
      // judged without the match. Compare what comes before the first one.
      std::erase_if(wanted, [&](const check::GameVerdict* v) { return v->index > c.unread.front(); });
      json_verdicts.resize(std::min(json_verdicts.size(), wanted.size()));
    }
    REQUIRE(json_verdicts.size() == wanted.size());
    for (std::size_t i = 0; i < wanted.size(); ++i) {
      const check::GameVerdict& y = *wanted[i];
      const check::GameVerdict& j = json_verdicts[i];
      CAPTURE(y.id);
      CAPTURE(y.message);
      CAPTURE(j.message);
      CHECK(j.id == y.id);
      CHECK(j.judgement == y.judgement);
      CHECK(j.code == y.code);
      CHECK(j.move == y.move);
      CHECK(outcome_text(j) == outcome_text(y));
      CHECK(j.match == y.match);
      ++compared;
    }
  }
  MESSAGE(compared << " corpus games compared in YAML and JSON Lines");
  CHECK(compared > 100);
}

TEST_CASE("corpus: YAML -> JSON Lines -> YAML gives back the same records") {
  const fs::path root = fs::path(CONQUIAN_SOURCE_DIR) / "corpus";
  int records = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.path().extension() != ".yaml" || !is_record_file(e.path())) continue;
    CAPTURE(e.path().string());
    const Converted there = to_json_lines(e.path().string());
    if (there.jsonl.empty()) continue;  // nothing in it could be read (broken YAML at the start)
    const Converted back = to_json_lines(there.jsonl, record::RecordFormat::JsonLines);
    REQUIRE(back.unread.empty());
    // Back to YAML, and read again.
    std::string yaml;
    for (const auto& item : back.items) {
      if (!yaml.empty()) yaml += "---\n";
      yaml += item.match ? record::write_match_header(*item.match) : record::write_record(*item.record);
    }
    std::vector<record::ReadItem> again;
    if (!yaml.empty())
      record::read_record_text(yaml, "again.yaml", [&](record::ReadItem&& i) { again.push_back(std::move(i)); });
    REQUIRE(again.size() == back.items.size());
    std::string jsonl_again;
    std::size_t k = 0;
    for (std::size_t i = 0; i < there.items.size(); ++i) {
      const auto& original = there.items[i];
      if (original.error) continue;
      const auto& yaml_again = again[k++];
      REQUIRE_FALSE(yaml_again.error);
      if (original.match) {
        CHECK(record::write_match_header_json(*yaml_again.match) == record::write_match_header_json(*original.match));
        continue;
      }
      ++records;
      const record::GameRecord& a = *original.record;
      const record::GameRecord& b = *yaml_again.record;
      CAPTURE(a.display_id());
      // Every field the YAML writer writes; an inline ruleset comes back as JSON text, so
      // it is compared as JSON.
      CHECK(record::write_record_json(b) == record::write_record_json(a));
      if (a.ruleset_inline.empty()) CHECK(record::write_record(b) == record::write_record(a));
    }
  }
  CHECK(records > 100);
}
