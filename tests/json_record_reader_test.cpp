// Tests for reading game records from JSON and JSON Lines (src/record/json_record_reader.*)
// and writing them (record_json_writer.*): the same schema and messages as YAML.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "../tools/fuzz/read_items.h"
#include "record/json_lines.h"
#include "record/json_record_reader.h"
#include "record/record_json_writer.h"
#include "record/record_reader.h"
#include "record/record_writer.h"

using namespace conquian::record;

namespace {

std::vector<ReadItem> read_as(const std::string& text, RecordFormat format, const ReadLimits& limits = {}) {
  std::vector<ReadItem> items;
  read_record_text(
      text, format == RecordFormat::Json ? "games.json" : "games.jsonl",
      [&](ReadItem&& item) { items.push_back(std::move(item)); }, limits, format);
  return items;
}

std::vector<ReadItem> lines(const std::string& text, const ReadLimits& limits = {}) {
  return read_as(text, RecordFormat::JsonLines, limits);
}

std::vector<ReadItem> yaml(const std::string& text) { return read_as(text, RecordFormat::Yaml); }

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string error_of(const ReadItem& item) {
  REQUIRE(item.error.has_value());
  return item.error->message;
}

const char* const kYamlRecord = R"(format: conquian-record/1
ruleset: american
id: demo-1
players: [Ana, "Ben \"B\""]
dealer: 1
deal:
  hands: [[Ac, 2c, 3c], [Kd, 10o]]
  stock: [5h, Kd, 3c]
  salt: 9f2c
  commitment: sha256:ab12
moves:
  - {seat: 0, swap: Kd}
  - {seat: 1, take: 5h, melds: [[5h, 5c, 5s]], discard: Kd}
  - {seat: 1, force: 0}
  - {seat: 1, take: Qs, lay: [Qh, Qd], discard: 2s, onto: 0}
  - {seat: 1, throw: 4d}
result: {winner: 1}
)";

const char* const kJsonRecord =
    R"({"format":"conquian-record/1","ruleset":"american","deal":{"hands":[["Ac","2c"],["Kd","Qd"]]},"moves":[{"seat":0,"turn":"5h"}]})";

// kJsonRecord with `moves` replaced.
std::string json_with_moves(const std::string& moves) {
  std::string s = kJsonRecord;
  const std::size_t at = s.find("[{\"seat\"");
  return s.substr(0, at) + moves + "}";
}

}  // namespace

TEST_SUITE("json_record_reader") {
  TEST_CASE("a JSON Lines record reads as the same record as its YAML") {
    const auto y = yaml(kYamlRecord);
    REQUIRE(y.size() == 1);
    REQUIRE(y[0].record);
    const std::string line = write_record_json(*y[0].record);
    const auto j = lines(line + "\n");
    REQUIRE(j.size() == 1);
    if (j[0].error) FAIL(j[0].error->message);
    const GameRecord& a = *y[0].record;
    const GameRecord& b = *j[0].record;
    CHECK(b.file == "games.jsonl");
    CHECK(b.id == a.id);
    CHECK(b.players == a.players);
    CHECK(b.dealer == a.dealer);
    CHECK(b.salt == a.salt);
    CHECK(b.commitment == a.commitment);
    REQUIRE(b.hands.size() == a.hands.size());
    CHECK(b.hands[1][1].text == "10o");
    REQUIRE(b.moves.size() == a.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) CHECK(write_move(b.moves[i]) == write_move(a.moves[i]));
    CHECK(b.result.winner == 1);
    // Marks: line 1, the column of the value in the line.
    CHECK(b.mark.line == 1);
    CHECK(b.mark.column == 1);
    CHECK(b.moves[0].mark.line == 1);
    CHECK(b.moves[0].mark.column == line.find("{\"seat\":0") + 1);
    // And back: the YAML writer gives the YAML record's text.
    CHECK(write_record(b) == write_record(a));
  }

  TEST_CASE("keys and strings written with escapes read as written plain, with the same marks") {
    // Strings without an escape are read where they stand; these take simdjson's unescaping.
    const std::string escaped =
        R"({"form\u0061t":"conquian-record/1","ruleset":"americ\u0061n","deal":{"hands":[["A\u0063","2c"],)"
        R"(["Kd","Qd"]]},"moves":[{"se\u0061t":0,"turn":"5\u0068"}]})";
    for (const std::string& line : {std::string(kJsonRecord), escaped}) {
      const auto items = lines(line + "\n");
      REQUIRE(items.size() == 1);
      if (items[0].error) FAIL(items[0].error->message);
      const GameRecord& g = *items[0].record;
      CHECK(g.format == "conquian-record/1");
      CHECK(g.ruleset == "american");
      REQUIRE(g.hands.size() == 2);
      CHECK(g.hands[0][0].text == "Ac");
      CHECK(g.hands[0][0].mark.column == line.find("[[\"A") + 3);
      CHECK(g.hands[0][1].text == "2c");
      CHECK(g.hands[0][1].mark.column == line.find("\"2c\"") + 1);
      REQUIRE(g.moves.size() == 1);
      CHECK(g.moves[0].seat == 0);
      CHECK(g.moves[0].kind == conquian::record::MoveKind::Turn);
      CHECK(g.moves[0].card.text == "5h");
    }
  }

  TEST_CASE("a move's fields read alike as JSON Lines and as YAML: the same line, field by field") {
    // JSON Lines reads a move's seats and cards straight from the parser (plain_fields in
    // src/record/json_record_reader.cpp) and every other field node by node under the schema;
    // YAML reads every field node by node. A line of JSON is also YAML (its flow style), so
    // both readings of it must give the same record, marks and refusals, word for word.
    static const char* const kKeys[] = {"seat",    "swap",  "turn",       "take", "pass", "force", "throw",
                                        "melds",   "lay",   "discard",    "onto", "play", "drop",  "collect",
                                        "forfeit", "bogus", "se\\u0061t", "",     "Seat", "seats"};
    static const char* const kValues[] = {"0",
                                          "7",
                                          "63",
                                          "64",
                                          "100",
                                          "-1",
                                          "1.0",
                                          "2e1",
                                          "\"5h\"",
                                          "\"10o\"",
                                          "\"5\\u0068\"",
                                          "\"toolongtoken\"",
                                          "\"\"",
                                          "\"12345678\"",
                                          "\"123456789\"",
                                          "true",
                                          "false",
                                          "null",
                                          "[\"5h\", \"5c\"]",
                                          "[[\"5h\", \"5c\", \"5s\"]]",
                                          "{\"a\": 1}",
                                          "\"0\"",
                                          "[]"};
    std::mt19937 rng(58);
    const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
    int records = 0;
    int refusals = 0;
    for (int i = 0; i < 6000; ++i) {
      std::string moves = "[";
      const std::size_t count = 1 + pick(3);
      for (std::size_t m = 0; m < count; ++m) {
        std::string move = m ? ", {" : "{";
        std::size_t fields = 0;
        if (pick(6) != 0) {  // most moves start as a player writes them: a seat, then a card or a seat
          static const char* const kFirst[] = {"\"seat\": 0, \"turn\": \"5h\"", "\"seat\": 1, \"pass\": \"10o\"",
                                               "\"seat\": 63, \"take\": \"Kd\", \"discard\": \"7c\"",
                                               "\"seat\": 2, \"force\": 0",
                                               "\"seat\": 1, \"throw\": \"Qs\", \"onto\": 0"};
          move += kFirst[pick(5)];
          fields = 1;
        }
        for (std::size_t extra = pick(3) == 0 ? 1 + pick(2) : 0; extra > 0; --extra, ++fields)
          move += std::string(fields ? ", \"" : "\"") + kKeys[pick(std::size(kKeys))] +
                  "\": " + kValues[pick(std::size(kValues))];
        moves += move + "}";
      }
      const std::string line = json_with_moves(moves + "]");
      const std::string as_json = conquian::fuzz::read_cut(line, RecordFormat::JsonLines, 1);
      const std::string as_yaml = conquian::fuzz::read_whole(line, RecordFormat::Yaml);
      if (as_json != as_yaml) {
        INFO("line: " << line);
        CHECK(as_json == as_yaml);
        break;
      }
      (as_json.rfind("record ", 0) == 0 ? records : refusals) += 1;
    }
    // Both readings were held to each other on records that read, and on refusals.
    MESSAGE(records << " records and " << refusals << " refusals read alike");
    CHECK(records > 1000);
    CHECK(refusals > 1000);
  }

  TEST_CASE("JSON Lines: blank lines skipped, CRLF, the line number in every mark, one document per line") {
    const auto items = lines(std::string("\n") + kJsonRecord + "\r\n\n  \n" + kJsonRecord);
    REQUIRE(items.size() == 2);
    REQUIRE(items[0].record);
    REQUIRE(items[1].record);
    CHECK(items[0].record->index == 1);
    CHECK(items[0].record->mark.line == 2);
    CHECK(items[1].record->index == 2);
    CHECK(items[1].record->mark.line == 5);
    CHECK(items[1].record->moves[0].card.text == "5h");
  }

  TEST_CASE("a broken line is malformed alone, with file:line:column, and the next line is read") {
    const std::string broken = std::string(kJsonRecord).substr(0, 60);
    const auto items = lines(std::string(kJsonRecord) + "\n" + broken + "\n" + kJsonRecord + "\n");
    REQUIRE(items.size() == 3);
    CHECK(items[0].record);
    CHECK(items[2].record);
    CHECK(items[2].record->index == 3);
    const std::string msg = error_of(items[1]);
    CHECK(items[1].error->index == 2);
    CHECK(contains(msg, "games.jsonl:2:"));
    CHECK(contains(msg, "broken JSON"));
  }

  TEST_CASE("an unclosed string does not run into the next line") {
    const auto items = lines("{\"format\":\"conquian-rec\n" + std::string(kJsonRecord) + "\n");
    REQUIRE(items.size() == 2);
    CHECK(contains(error_of(items[0]), "games.jsonl:1:"));
    CHECK(items[1].record);
  }

  TEST_CASE("the schema's messages, with the key's path and the column") {
    // A seat written as a string is quoted, as in YAML.
    auto items = lines(json_with_moves(R"([{"seat":"0","turn":"5h"}])"));
    REQUIRE(items.size() == 1);
    std::string msg = error_of(items[0]);
    CHECK(contains(msg, "moves[0].seat"));
    CHECK(contains(msg, "quoted"));
    // Duplicate keys.
    items = lines(json_with_moves(R"([{"seat":0,"turn":"5h","seat":1}])"));
    msg = error_of(items[0]);
    CHECK(contains(msg, "key 'seat' is given twice"));
    const std::string line = json_with_moves(R"([{"seat":0,"turn":"5h","seat":1}])");
    CHECK(contains(msg, "games.jsonl:1:" + std::to_string(line.rfind("\"seat\"") + 1) + ":"));
    // Wrong types.
    msg = error_of(lines(json_with_moves(R"({"seat":0})"))[0]);
    CHECK(contains(msg, "expected a list of moves, found a mapping"));
    msg = error_of(lines(json_with_moves(R"([{"seat":0,"turn":["5h"]}])"))[0]);
    CHECK(contains(msg, "expected a card token, found a list"));
    msg = error_of(lines(json_with_moves(R"([{"seat":1.0,"turn":"5h"}])"))[0]);
    CHECK(contains(msg, "'1.0' is not a seat number"));
    msg = error_of(lines(json_with_moves(R"([{"seat":true,"turn":"5h"}])"))[0]);
    CHECK(contains(msg, "'true' is not a seat number"));
    // null where the schema allows nothing, and where it does not.
    items = lines(
        R"({"format":"conquian-record/1","ruleset":"american","players":null,"deal":{"hands":[["Ac"]],"stock":null},"moves":[],"result":null})");
    REQUIRE(items[0].record);
    CHECK_FALSE(items[0].record->has_stock);
    msg = error_of(lines(json_with_moves("null"))[0]);
    CHECK(contains(msg, "expected a list of moves, found nothing"));
    // Unknown keys, and no record at all.
    msg = error_of(lines(R"({"format":"conquian-record/1","rulesets":"american"})")[0]);
    CHECK(contains(msg, "key 'rulesets' is not a record key"));
    CHECK(contains(error_of(lines("[1,2]")[0]), "a record is a mapping of keys"));
    CHECK(contains(error_of(lines("null")[0]), "empty document"));
    CHECK(contains(error_of(lines("\"text\"")[0]), "a record is a mapping of keys"));
  }

  TEST_CASE("lone surrogates, bad escapes, NUL bytes and bad UTF-8 are malformed, each on its line") {
    std::string msg = error_of(lines(R"({"format":"conquian-record/1","id":"\ud800"})")[0]);
    CHECK(contains(msg, "lone surrogate"));
    CHECK(contains(msg, "games.jsonl:1:"));
    msg = error_of(lines(R"({"format":"conquian-record/1","id":"a\udc00b"})")[0]);
    CHECK(contains(msg, "lone surrogate"));
    msg = error_of(lines(R"({"format":"conquian-record/1","id":"\q"})")[0]);
    CHECK(contains(msg, "bad escape"));
    msg = error_of(lines(R"({"format":"conquian-record/1","id":"a\u0000b"})")[0]);
    CHECK(contains(msg, "U+0000"));
    // A raw NUL byte: its column is named.
    std::string raw = kJsonRecord;
    raw[10] = '\0';
    auto items = lines(raw + "\n" + kJsonRecord);
    REQUIRE(items.size() == 2);
    msg = error_of(items[0]);
    CHECK(contains(msg, "games.jsonl:1:11: a NUL byte"));
    CHECK(items[1].record);
    msg = error_of(lines("{\"format\":\"conquian-record/1\",\"id\":\"\xff\"}")[0]);
    CHECK(contains(msg, "not valid UTF-8"));
    // A good surrogate pair is a character.
    items = lines(json_with_moves("[]").substr(0, json_with_moves("[]").size() - 1) + R"(,"id":"\ud83c\udca1"})");
    REQUIRE(items[0].record);
    CHECK(items[0].record->id == "\xf0\x9f\x82\xa1");
  }

  TEST_CASE("limits: nesting, list length, scalars, as in YAML") {
    std::string deep = std::string(100000, '[') + std::string(100000, ']');
    // Where the schema reads a value whole (an inline ruleset) the depth is the breach; a
    // line that is one deep list is no record, and says so at once.
    auto items = lines(R"({"format":"conquian-record/1","ruleset":{"x":)" + deep + "}}\n" + deep + "\n" + kJsonRecord);
    REQUIRE(items.size() == 3);
    CHECK(contains(error_of(items[0]), "nested more than 16 levels deep (max_depth)"));
    CHECK(contains(error_of(items[1]), "a record is a mapping of keys"));
    CHECK(items[2].record);
    // Where the schema wants something else, it says so first, as in YAML.
    CHECK(contains(error_of(lines(json_with_moves(deep))[0]), "moves[0]: a move is a mapping"));
    std::string many = "[";
    for (int i = 0; i < 100; ++i) many += std::string(i ? "," : "") + "\"Ac\"";
    many += "]";
    std::string line = kJsonRecord;
    line.replace(line.find("[\"Ac\",\"2c\"]"), 11, many);
    CHECK(contains(error_of(lines(line)[0]), "more than 64 entries in one list (max_cards_per_list)"));
    ReadLimits few;
    few.max_moves = 3;
    CHECK(contains(
        error_of(lines(
            json_with_moves(
                R"([{"seat":0,"turn":"5h"},{"seat":0,"turn":"5h"},{"seat":0,"turn":"5h"},{"seat":0,"turn":"5h"},{"seat":0,"turn":"5h"}])"),
            few)[0]),
        "more than 3 moves (max_moves)"));
    line = kJsonRecord;
    line.insert(1, "\"id\":\"" + std::string(5000, 'x') + "\",");
    CHECK(contains(error_of(lines(line)[0]), "longer than max_scalar_bytes"));
  }

  TEST_CASE("limits: a line longer than max_line_bytes is refused, and the next line read") {
    ReadLimits small;
    small.max_line_bytes = 200;  // the chunk is larger: the line is refused while it is read
    std::string long_line = kJsonRecord;
    long_line.insert(1, "\"id\":\"" + std::string(3000, 'x') + "\",");
    const auto items = lines(std::string(kJsonRecord) + "\n" + long_line + "\n" + kJsonRecord + "\n", small);
    REQUIRE(items.size() == 3);
    CHECK(items[0].record);
    CHECK(contains(error_of(items[1]), "games.jsonl:2:1: the line is longer than max_line_bytes (200 bytes)"));
    REQUIRE(items[2].record);
    CHECK(items[2].record->mark.line == 3);
  }

  TEST_CASE("limits: a line of 100 MB streams past in bounded memory, and the next line is read") {
    // Made here, never stored: a source that writes the line as it is read.
    const std::size_t big = std::size_t{100} << 20;
    const std::string head = "{\"format\":\"conquian-record/1\",\"id\":\"";
    const std::string tail = "\"}\n" + std::string(kJsonRecord) + "\n";
    std::size_t sent = 0;
    std::size_t largest_read = 0;
    const std::size_t total = head.size() + big + tail.size();
    std::vector<ReadItem> items;
    const ReadLimits limits;
    const std::string name = "big.jsonl";
    JsonDocumentReader reader(name, limits);  // keeps the name and the limits by reference
    split_json_lines(
        [&](char* buf, std::size_t n) -> ssize_t {
          largest_read = std::max(largest_read, n);
          std::size_t k = 0;
          while (k < n && sent < total) {
            buf[k++] = sent < head.size()         ? head[sent]
                       : sent < head.size() + big ? 'x'
                                                  : tail[sent - head.size() - big];
            ++sent;
          }
          return static_cast<ssize_t>(k);
        },
        {}, name,
        [&](std::span<const FoundDocument> chunk, bool) {
          for (const FoundDocument& line : chunk) items.push_back(reader.read_line(line));
          return true;
        },
        [&](ReadItem&& item) { items.push_back(std::move(item)); }, limits);
    REQUIRE(items.size() == 2);
    CHECK(contains(error_of(items[0]), "big.jsonl:1:1: the line is longer than max_line_bytes"));
    REQUIRE(items[1].record);
    CHECK(items[1].record->mark.line == 2);
    // The buffer it read into is the limit and a chunk, not the line.
    CHECK(largest_read <= ReadLimits{}.max_line_bytes + (std::size_t{1} << 20));
  }

  TEST_CASE(
      "a JSON error anywhere in a document is its error, before the schema's fault; past a limit it is not read") {
    // The reader builds the record as it parses, so the schema may refuse a key before the
    // parser has reached the broken JSON after it: the document's error is still the JSON's.
    const std::string bad_escape =
        "broken JSON string: a bad escape (a lone surrogate \\uD800-\\uDFFF, or an unknown or short escape)";
    auto items = lines(R"({"format":"conquian-record/1","rulesets":"american","id":"\q"})");
    CHECK(error_of(items[0]) == "games.jsonl:1:58: " + bad_escape);
    items = lines(R"({"format":"conquian-record/1","moves":[{"seat":0,"turn":"5h","bad":1}],"id":"a\u0000b"})");
    CHECK(error_of(items[0]) == "games.jsonl:1:77: a string holds the character U+0000 (NUL), which no record holds");
    items = lines(R"({"format":"conquian-record/1","moves":[{"seat":0,"turn":"5h","bad":1}],"id":12.5e})");
    CHECK(error_of(items[0]) == "games.jsonl:1:77: broken JSON: a bad number");
    // A record the schema refuses at its end ('format' is no format), with more text after it.
    items = lines(R"({"format":"conquian-record/2"} {})");
    CHECK(error_of(items[0]) == "games.jsonl:1:32: broken JSON: more text after the record");
    // An element of a .json file's array: the JSON error ends the file, cut into elements or not.
    const std::string array =
        std::string("[") + kJsonRecord + ",\n {\"format\":\"conquian-record/1\",\"bad\":1,\"id\":\"\\q\"}]";
    items = read_as(array, RecordFormat::Json);
    REQUIRE(items.size() == 2);
    CHECK(items[0].record);
    CHECK(error_of(items[1]) == "games.json:2:45: " + bad_escape + "; the rest of the file is not read");
    CHECK(items[1].error->ends_file);
    // Past max_depth the parse stops, as the schema does: the broken string after it is not read.
    const std::string deep = std::string(17, '[') + "1" + std::string(17, ']');
    items = lines(R"({"format":"conquian-record/1","ruleset":{"x":)" + deep + R"(},"id":"\q"})" + "\n" + kJsonRecord);
    REQUIRE(items.size() == 2);
    CHECK(error_of(items[0]) == "games.jsonl:1:60: ruleset: nested more than 16 levels deep (max_depth)");
    CHECK(items[1].record);
    // And past the longest list the schema reads (max_moves here, above max_cards_per_list).
    ReadLimits few;
    few.max_moves = 70;
    std::string moves = "[";
    for (int i = 0; i < 80; ++i) moves += std::string(i ? "," : "") + R"({"seat":0,"turn":"5h"})";
    moves += "]";
    std::string line = json_with_moves(moves);
    line.insert(line.size() - 1, R"(,"id":"\q")");
    CHECK(contains(error_of(lines(line, few)[0]), "moves[70]: more than 70 moves (max_moves)"));
    // Below that the whole list is parsed, and the broken string after it is the error.
    few.max_moves = 90;
    few.max_cards_per_list = 2;
    line = json_with_moves(moves);
    line.insert(line.size() - 1, R"(,"id":"\q")");
    CHECK(contains(error_of(lines(line, few)[0]), bad_escape));
  }

  TEST_CASE("a match document first, then its deals") {
    MatchHeader h;
    h.id = "m1";
    h.ruleset = "american";
    h.target = 10;
    const std::string text = write_match_header_json(h) + "\n" + kJsonRecord + "\n";
    const auto items = lines(text);
    REQUIRE(items.size() == 2);
    REQUIRE(items[0].match);
    CHECK(items[0].match->id == "m1");
    CHECK(items[0].match->target == 10);
    CHECK(items[1].record);
  }

  TEST_CASE("an inline ruleset: kept as its JSON text, which reads as YAML, and written back as JSON") {
    const std::string line =
        R"({"format":"conquian-record/1","ruleset":{"base":"american","hand":9,"name":"x y"},"dealer":0,"deal":{"hands":[["Ac"]]},"moves":[]})";
    const auto items = lines(line);
    REQUIRE(items[0].record);
    const GameRecord& g = *items[0].record;
    CHECK(g.ruleset.empty());
    CHECK(g.ruleset_inline ==
          std::string(line.find("{\"base\"") - 0, ' ') + R"({"base":"american","hand":9,"name":"x y"})");
    CHECK(write_record_json(g) == line);
    // From YAML, typed as YAML reads it.
    const auto y = yaml(
        "format: conquian-record/1\nruleset: {base: american, hand: 9, wild: '7', on: true}\n"
        "deal: {hands: [[Ac]]}\nmoves: []\n");
    REQUIRE(y[0].record);
    CHECK(contains(write_record_json(*y[0].record), R"("ruleset":{"base":"american","hand":9,"wild":"7","on":true})"));
  }

  TEST_CASE("an inline ruleset over lines of a .json file: its column and indentation are its line's") {
    const std::string text =
        "[\n  {\"format\": \"conquian-record/1\",\n   \"ruleset\": {\"base\": \"american\",\n"
        "               \"hand\": 9},\n   \"deal\": {\"hands\": [[\"Ac\"]]}, \"moves\": []}\n]\n";
    const auto items = read_as(text, RecordFormat::Json);
    REQUIRE(items.size() == 1);
    REQUIRE(items[0].record);
    const GameRecord& g = *items[0].record;
    CHECK(g.ruleset_mark.line == 3);
    CHECK(g.ruleset_mark.column == 15);
    CHECK(g.ruleset_inline == std::string(14, ' ') + "{\"base\": \"american\",\n               \"hand\": 9}");
    // A fault inside it is named on its own line and column.
    const auto bad = read_as(text.substr(0, text.find("\"hand\"")) + "\"hand\": 9, 7}}]", RecordFormat::Json);
    REQUIRE(bad.size() == 1);
    CHECK(contains(error_of(bad[0]), "games.json:4:"));
  }

  TEST_CASE("a .json file: one record, or an array of records; a JSON error ends the file") {
    auto items = read_as(std::string("  \n") + kJsonRecord + "\n", RecordFormat::Json);
    REQUIRE(items.size() == 1);
    REQUIRE(items[0].record);
    CHECK(items[0].record->mark.line == 2);
    items =
        read_as(std::string("[\n  ") + kJsonRecord + ",\n  " + json_with_moves("{}") + ",\n  " + kJsonRecord + "\n]\n",
                RecordFormat::Json);
    REQUIRE(items.size() == 3);
    CHECK(items[0].record);
    CHECK(contains(error_of(items[1]), "games.json:3:"));
    CHECK(contains(error_of(items[1]), "moves: expected a list of moves"));
    REQUIRE(items[2].record);
    CHECK(items[2].record->index == 3);
    CHECK(items[2].record->mark.line == 4);
    CHECK(items[2].record->mark.column == 3);
    // A break mid-array: the records before it stand.
    items = read_as(std::string("[") + kJsonRecord + ",\n{\"format\": tru}]", RecordFormat::Json);
    REQUIRE(items.size() == 2);
    CHECK(items[0].record);
    CHECK(contains(error_of(items[1]), "the rest of the file is not read"));
    // Broken from the start: the file is unreadable (index 0).
    items = read_as("[{\"format\"", RecordFormat::Json);
    REQUIRE(items.size() == 1);
    CHECK(items[0].error->index == 0);
    items = read_as("[]", RecordFormat::Json);
    REQUIRE(items.size() == 1);
    CHECK(contains(error_of(items[0]), "no game"));
  }

  TEST_CASE("an empty JSON Lines file is no file of zero games") {
    const auto items = lines("\n \n");
    REQUIRE(items.size() == 1);
    CHECK(items[0].error->index == 0);
    CHECK(contains(error_of(items[0]), "no game"));
  }

  TEST_CASE("formats: by the file's name, and detected on standard input") {
    CHECK(record_format_of("a.json") == RecordFormat::Json);
    CHECK(record_format_of("a/b.jsonl") == RecordFormat::JsonLines);
    CHECK(record_format_of("b.ndjson") == RecordFormat::JsonLines);
    CHECK(record_format_of("b.yaml") == RecordFormat::Yaml);
    CHECK(record_format_of("json") == RecordFormat::Yaml);
    CHECK(record_format_named("jsonl") == RecordFormat::JsonLines);
    CHECK_FALSE(record_format_named("xml").has_value());
    CHECK(read_as(std::string("\n ") + kJsonRecord, RecordFormat::Detect)[0].record->file == "games.jsonl");
    CHECK(read_as(std::string(" [") + kJsonRecord + "]", RecordFormat::Detect)[0].record);
    CHECK(read_as(kYamlRecord, RecordFormat::Detect)[0].record);
    // From a file descriptor: a pipe, detected.
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const std::string text = std::string("\n") + kJsonRecord + "\n" + kJsonRecord + "\n";
    REQUIRE(::write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    ::close(fds[1]);
    std::vector<ReadItem> items;
    read_record_stream(fds[0], "<stdin>", [&](ReadItem&& item) { items.push_back(std::move(item)); });
    REQUIRE(items.size() == 2);
    CHECK(items[1].record);
    CHECK(items[1].record->mark.line == 3);
  }

  TEST_CASE("files on disk by their names") {
    const auto dir = std::filesystem::temp_directory_path();
    const auto path = dir / ("conquian-json-test-" + std::to_string(::getpid()) + ".jsonl");
    {
      std::ofstream f(path);
      f << kJsonRecord << "\n{\"format\":1}\n" << kJsonRecord;
    }
    std::vector<ReadItem> items;
    read_record_file(path.string(), [&](ReadItem&& item) { items.push_back(std::move(item)); });
    std::filesystem::remove(path);
    REQUIRE(items.size() == 3);
    CHECK(items[0].record);
    CHECK(items[1].error);
    CHECK(items[2].record);
  }
}
