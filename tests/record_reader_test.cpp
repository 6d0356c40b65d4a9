// Tests for reading game records from YAML (src/record/record_reader.*).
#include <doctest/doctest.h>

#include <yaml-cpp/yaml.h>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "record/record_reader.h"
#include "record/record_writer.h"
#include "record/text_scan.h"

using namespace conquian::record;

namespace {

std::vector<ReadItem> read_text(const std::string& text, const ReadLimits& limits = {}) {
  std::vector<ReadItem> items;
  read_record_text(
      text, "games.yaml", [&](ReadItem&& item) { items.push_back(std::move(item)); }, limits);
  return items;
}

// The single error of a one-document text (fails the test otherwise).
RecordError only_error(const std::string& text, const ReadLimits& limits = {}) {
  auto items = read_text(text, limits);
  REQUIRE(items.size() == 1);
  REQUIRE(items[0].error.has_value());
  CHECK_FALSE(items[0].record.has_value());
  return *items[0].error;
}

GameRecord only_record(const std::string& text) {
  auto items = read_text(text);
  REQUIRE(items.size() == 1);
  if (items[0].error) FAIL_CHECK(items[0].error->message);
  REQUIRE(items[0].record.has_value());
  return *items[0].record;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// A minimal valid record with `moves` spliced in (each line already indented as needed).
std::string record_with(const std::string& moves, const std::string& extra = "") {
  return "format: conquian-record/1\n"
         "ruleset: american\n"
         "deal:\n"
         "  hands: [[Ac, 2c, 3c], [Kd, Qd, Jd]]\n" +
         extra + "moves:\n" + moves;
}

const char* const kFullRecord = R"(format: conquian-record/1
ruleset: american            # a ruleset name or path
id: demo-1                   # optional
players: [Ana, Ben]
dealer: 0
deal:
  hands: [[Ac, 2c, 3c], [Kd, 10o]]
  stock: [5h, Kd, 3c]
  salt: 9f2c
  commitment: sha256:ab12
moves:
  - {seat: 0, swap: Kd}
  - {seat: 1, turn: 5h}
  - {seat: 1, take: 5h, melds: [[5h, 5c, 5s]], discard: Kd}
  - {seat: 0, pass: Kd}
  - {seat: 0, turn: 3c}
  - {seat: 0, pass: 3c}
  - {seat: 1, force: 0}
  - {seat: 0, take: 3c, melds: [[3c, 4c, 5c], [5h, 5c, 5s]], discard: Qs}
  - {seat: 1, take: Qs, lay: [Qh, Qd], discard: 2s}
  - {seat: 0, take: 2s, melds: [[2s, 2h, 2d]], discard: 7c, onto: 1}
  - {seat: 1, throw: 4d}
result: {winner: 1}
)";

}  // namespace

TEST_SUITE("record_reader") {
  TEST_CASE("a full record with every move shape") {
    const GameRecord g = only_record(kFullRecord);
    CHECK(g.file == "games.yaml");
    CHECK(g.index == 1);
    CHECK(g.format == "conquian-record/1");
    CHECK(g.ruleset == "american");
    CHECK(g.ruleset_mark.line == 2);
    CHECK(g.ruleset_mark.column == 10);
    CHECK(g.id == "demo-1");
    CHECK(g.display_id() == "demo-1");
    CHECK(g.players == std::vector<std::string>{"Ana", "Ben"});
    CHECK(g.dealer == 0);
    REQUIRE(g.hands.size() == 2);
    REQUIRE(g.hands[0].size() == 3);
    CHECK(g.hands[0][0].text == "Ac");
    CHECK(g.hands[0][0].mark.line == 7);
    CHECK(g.hands[0][0].mark.column == 12);
    CHECK(g.hands[1][1].text == "10o");
    CHECK(g.has_stock);
    REQUIRE(g.stock.size() == 3);
    CHECK(g.stock[0].text == "5h");
    CHECK(g.salt == "9f2c");
    CHECK(g.commitment == "sha256:ab12");
    CHECK(g.commitment_mark.line == 10);
    REQUIRE(g.moves.size() == 11);

    const auto& m = g.moves;
    CHECK(m[0].kind == conquian::record::MoveKind::Swap);
    CHECK(m[0].seat == 0);
    CHECK(m[0].card.text == "Kd");
    CHECK(m[0].mark.line == 12);
    CHECK(m[0].mark.column == 5);
    CHECK(m[0].card.mark.line == 12);
    CHECK(m[0].card.mark.column == 21);

    CHECK(m[1].kind == conquian::record::MoveKind::Turn);
    CHECK(m[1].seat == 1);
    CHECK(m[1].card.text == "5h");

    CHECK(m[2].kind == conquian::record::MoveKind::Take);
    CHECK(m[2].card.text == "5h");
    CHECK(m[2].has_melds);
    CHECK_FALSE(m[2].has_lay);
    REQUIRE(m[2].melds.size() == 1);
    REQUIRE(m[2].melds[0].size() == 3);
    CHECK(m[2].melds[0][2].text == "5s");
    REQUIRE(m[2].discard.has_value());
    CHECK(m[2].discard->text == "Kd");
    CHECK(m[2].onto == -1);

    CHECK(m[3].kind == conquian::record::MoveKind::Pass);
    CHECK(m[3].card.text == "Kd");
    CHECK(m[5].kind == conquian::record::MoveKind::Pass);

    CHECK(m[6].kind == conquian::record::MoveKind::Force);
    CHECK(m[6].seat == 1);
    CHECK(m[6].force_seat == 0);

    CHECK(m[7].kind == conquian::record::MoveKind::Take);
    REQUIRE(m[7].melds.size() == 2);
    CHECK(m[7].melds[1][0].text == "5h");
    CHECK(m[7].discard->text == "Qs");

    CHECK(m[8].kind == conquian::record::MoveKind::Take);
    CHECK(m[8].has_lay);
    CHECK_FALSE(m[8].has_melds);
    REQUIRE(m[8].lay.size() == 2);
    CHECK(m[8].lay[1].text == "Qd");
    CHECK(m[8].discard->text == "2s");

    CHECK(m[9].kind == conquian::record::MoveKind::Take);
    CHECK(m[9].onto == 1);
    CHECK(m[9].discard->text == "7c");

    CHECK(m[10].kind == conquian::record::MoveKind::Throw);
    CHECK(m[10].card.text == "4d");
    CHECK(m[10].seat == 1);

    CHECK(g.result.present);
    CHECK_FALSE(g.result.draw);
    CHECK(g.result.winner == 1);
    CHECK(g.result.mark.line == 23);
  }

  // A YAML node as JSON with every scalar as text, to compare with move_json's object.
  nlohmann::json as_text_json(const YAML::Node& n) {
    if (n.IsSequence()) {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& e : n) a.push_back(as_text_json(e));
      return a;
    }
    if (n.IsMap()) {
      nlohmann::json o = nlohmann::json::object();
      for (const auto& kv : n) o[kv.first.Scalar()] = as_text_json(kv.second);
      return o;
    }
    return n.Scalar();
  }

  nlohmann::json as_text_json(const nlohmann::json& j) {
    if (j.is_array() || j.is_object()) {
      nlohmann::json out = j.is_array() ? nlohmann::json::array() : nlohmann::json::object();
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (j.is_array()) out.push_back(as_text_json(*it));
        else out[it.key()] = as_text_json(*it);
      }
      return out;
    }
    return j.is_string() ? j.get<std::string>() : j.dump();
  }

  TEST_CASE("the one writer of a move: the record's own text, and JSON with the same keys and values") {
    const GameRecord g = only_record(kFullRecord);
    std::vector<std::string> lines;
    std::string text = kFullRecord;
    for (std::size_t at = text.find("  - {"); at != std::string::npos; at = text.find("  - {", at + 1))
      lines.push_back(text.substr(at + 4, text.find('\n', at) - at - 4));
    REQUIRE(lines.size() == g.moves.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      CAPTURE(lines[i]);
      CHECK(write_move(g.moves[i]) == lines[i]);  // every move shape, as records write it
      CHECK(as_text_json(move_json(g.moves[i])) == as_text_json(YAML::Load(lines[i])));  // and as JSON
    }
    CHECK(move_json(g.moves[9])["onto"] == 1);  // numbers stay numbers
    CHECK(move_json(g.moves[6])["force"] == 0);
    CHECK(move_json(g.moves[8])["lay"] == nlohmann::json::array({"Qh", "Qd"}));  // the lay form too
  }

  TEST_CASE("block and flow styles mixed, optional keys left out") {
    const GameRecord g = only_record(R"(
format: "conquian-record/1"
ruleset: 'rulesets/my rules.yaml'
id: 42
deal:
  hands:
    - [Ac, 2c]
    - - Kd
      - Qd
  stock: ~
moves:
  - seat: 0
    turn: 5h
  - {seat: 0, pass: 5h}
  - seat: 1
    take: 5h
    melds:
      - [5h, 5c, 5s]
      -
        - Ac
        - 2c
        - 3c
    discard: Kd
  - {seat: 0, melds: [[Qs, Qh, Qd]]}
  - seat: 1
    lay: [Jd, Jh, Js]
result:
  draw: true
)");
    CHECK(g.id == "42");
    CHECK(g.ruleset == "rulesets/my rules.yaml");
    CHECK(g.players.empty());
    CHECK(g.dealer == 0);
    CHECK_FALSE(g.has_stock);
    REQUIRE(g.hands.size() == 2);
    CHECK(g.hands[1].size() == 2);
    CHECK(g.hands[1][1].text == "Qd");
    REQUIRE(g.moves.size() == 5);
    CHECK(g.moves[0].kind == conquian::record::MoveKind::Turn);
    CHECK(g.moves[0].mark.line == 12);
    CHECK(g.moves[0].mark.column == 5);
    CHECK(g.moves[2].kind == conquian::record::MoveKind::Take);
    REQUIRE(g.moves[2].melds.size() == 2);
    CHECK(g.moves[2].melds[1][2].text == "3c");
    CHECK(g.moves[3].kind == conquian::record::MoveKind::Lay);
    CHECK(g.moves[3].has_melds);
    CHECK(g.moves[4].kind == conquian::record::MoveKind::Lay);
    CHECK(g.moves[4].has_lay);
    CHECK(g.result.present);
    CHECK(g.result.draw);
    CHECK(g.result.winner == -1);
  }

  TEST_CASE("empty moves, no result, empty stock, dealer") {
    const GameRecord g = only_record(record_with("  []\n", "  stock: []\ndealer: 1\n"));
    CHECK(g.moves.empty());
    CHECK_FALSE(g.result.present);
    CHECK(g.has_stock);
    CHECK(g.stock.empty());
    CHECK(g.dealer == 1);
    CHECK(g.id.empty());
    CHECK(g.display_id() == "games.yaml:1");
  }

  TEST_CASE("many documents in one file, streamed in order") {
    std::string text;
    for (int i = 0; i < 200; ++i) {
      text += "---\n";
      text += "id: game-" + std::to_string(i) + "\n";
      text += record_with("  - {seat: 1, turn: 5h}\n");
    }
    text += "...\n";
    const auto items = read_text(text);
    REQUIRE(items.size() == 200);
    for (int i = 0; i < 200; ++i) {
      REQUIRE(items[i].record.has_value());
      CHECK(items[i].record->index == i + 1);
      CHECK(items[i].record->id == "game-" + std::to_string(i));
      CHECK(items[i].record->mark.line == static_cast<std::uint32_t>(i * 8 + 1));
    }
  }

  TEST_CASE("an empty file or a file of comments is an error naming the file; `---` alone is an empty document") {
    // A pipeline that wrote nothing must not pass as a valid file of zero games.
    for (const char* text : {"", "\n\n  \n", "# nothing here\n\n# at all\n"}) {
      CAPTURE(text);
      const auto none = read_text(text);
      REQUIRE(none.size() == 1);
      REQUIRE(none[0].error.has_value());
      CHECK(none[0].error->index == 0);
      CHECK(contains(none[0].error->message, "no game: the file holds no YAML document"));
    }
    const auto items = read_text("---\n---\n# just a comment\n");
    REQUIRE(items.size() == 2);
    CHECK(items[0].error->index == 1);
    CHECK(contains(items[0].error->message, "empty document"));
    CHECK(items[1].error->index == 2);
  }

  TEST_CASE("a bad document is reported and the next one is still read") {
    const std::string text = record_with("  - {seat: 0, turn: 5h}\n") + "---\nid: bad\n" +
                             record_with("  - {seat: 0, tunr: 5h}\n") + "---\n" +
                             record_with("  - {seat: 1, turn: 5h}\n");
    const auto items = read_text(text);
    REQUIRE(items.size() == 3);
    CHECK(items[0].record.has_value());
    REQUIRE(items[1].error.has_value());
    CHECK(items[1].error->index == 2);
    CHECK(items[1].error->id == "bad");
    REQUIRE(items[2].record.has_value());
    CHECK(items[2].record->index == 3);
    CHECK(items[2].record->moves[0].seat == 1);
  }

  TEST_CASE("unknown keys are named with their place") {
    SUBCASE("in a move") {
      const auto e = only_error(R"(format: conquian-record/1
ruleset: american
deal:
  hands: [[Ac]]
moves:
  - {seat: 0, turn: 5h}
  - {seat: 1, pass: 5h}
  - {seat: 0, turn: 3c}
  - sead: 0
    pass: 3c
)");
      CHECK(e.message ==
            "games.yaml:9:5: moves[3]: key 'sead' is not a move key (expected seat, swap, turn, "
            "take, pass, force, throw, melds, lay, discard, onto, play, drop, collect, forfeit)");
      CHECK(e.mark.line == 9);
      CHECK(e.mark.column == 5);
      CHECK(e.index == 1);
    }
    SUBCASE("at the top") {
      const auto e = only_error(record_with("  []\n", "rulset: x\n"));
      CHECK(contains(e.message, "games.yaml:5:1: key 'rulset' is not a record key (expected format, ruleset"));
    }
    SUBCASE("in the deal") {
      const auto e = only_error(record_with("  []\n", "  stack: [Ac]\n"));
      CHECK(contains(e.message, "games.yaml:5:3: deal: key 'stack' is not a deal key"));
    }
    SUBCASE("in the result") {
      const auto e = only_error(record_with("  []\nresult: {winer: 1}\n"));
      CHECK(
          contains(e.message, "result: key 'winer' is not a result key (expected winner, draw, forfeit, chips, pot)"));
    }
    SUBCASE("a key given twice") {
      const auto e = only_error(record_with("  - {seat: 0, seat: 1, pass: Ac}\n"));
      CHECK(contains(e.message, "moves[0]: key 'seat' is given twice"));
    }
    SUBCASE("a key that is not a scalar") {
      const auto e = only_error(record_with("  - {[seat]: 0, pass: Ac}\n"));
      CHECK(contains(e.message, "a key must be a scalar, found a list"));
    }
  }

  TEST_CASE("wrong types name the key, the line and the reason") {
    struct Case {
      std::string text;
      std::string expect;
    };
    const std::vector<Case> cases = {
        {record_with("  - {seat: abc, pass: Ac}\n"), "games.yaml:6:12: moves[0].seat: 'abc' is not a seat number"},
        {record_with("  - {seat: -1, pass: Ac}\n"), "moves[0].seat: '-1' is negative"},
        {record_with("  - {seat: 99999999999, pass: Ac}\n"),
         "moves[0].seat: '99999999999' is out of range; seats are 0..63"},
        {record_with("  - {seat: 64, pass: Ac}\n"), "'64' is out of range"},
        {record_with("  - {seat: 007, pass: Ac}\n"), "'007' has a leading zero"},
        {record_with("  - {seat: 1.0, pass: Ac}\n"), "'1.0' is not a seat number"},
        {record_with("  - {seat: '1', pass: Ac}\n"), "'1' is quoted"},
        {record_with("  - {seat: {a: 1}, pass: Ac}\n"),
         "moves[0].seat: expected a seat number (0..63), found a mapping"},
        {record_with("  - {seat: , pass: Ac}\n"), "found nothing"},
        {record_with("  - {seat: 0, pass: [Ac]}\n"), "moves[0].pass: expected a card token, found a list"},
        {record_with("  - {seat: 0, take: Ac, melds: [Ac, 2c]}\n"),
         "moves[0].melds[0]: expected a list of card tokens, found a scalar"},
        {record_with("  - {seat: 0, take: Ac, melds: Ac}\n"), "moves[0].melds: expected a list of melds"},
        {record_with("  - {seat: 0, force: x}\n"), "moves[0].force: 'x' is not a seat number"},
        {record_with("  - {seat: 0, take: Ac, discard: 2c, onto: -3}\n"), "moves[0].onto: '-3' is negative"},
        {record_with("  - [seat, 0]\n"), "moves[0]: a move is a mapping like {seat: 0, turn: 5h}; found a list"},
        {record_with("  {seat: 0}\n"), "moves: expected a list of moves, found a mapping"},
        {record_with("", ""), "moves: expected a list of moves, found nothing (write 'moves: []'"},
        {record_with("  []\n", "ruleset2: x\n"), "key 'ruleset2' is not a record key"},
        {record_with("  []\n", "dealer: two\n"), "dealer: 'two' is not a seat number"},
        {record_with("  []\n", "players: Ana\n"), "players: expected a list of player names, found a scalar"},
        {record_with("  []\nresult: 1\n"), "result: expected {winner: N} or {draw: true}, found a scalar"},
        {record_with("  []\nresult: {draw: false}\n"), "'draw: false' is no result"},
        {record_with("  []\nresult: {draw: yes}\n"), "result.draw: expected true, found 'yes'"},
        {record_with("  []\nresult: {winner: 0, draw: true}\n"), "not both"},
        {record_with("  []\nresult: {}\n"), "found an empty mapping"},
        {"format: conquian-record/1\nruleset: [american]\ndeal: {hands: [[Ac]]}\nmoves: []\n",
         "games.yaml:2:10: ruleset: expected a ruleset name or path, or a ruleset mapping, found a list"},
        {"format: conquian-record/1\nruleset: x\ndeal: [[Ac]]\nmoves: []\n",
         "games.yaml:3:7: deal: expected a mapping with hands"},
        {"format: conquian-record/1\nruleset: x\ndeal: {hands: [Ac, 2c]}\nmoves: []\n",
         "deal.hands[0]: expected a list of card tokens, found a scalar"},
        {"format: conquian-record/1\nruleset: x\ndeal: {hands: [[Ac, {x: 1}]]}\nmoves: []\n",
         "deal.hands[0][1]: expected a card token, found a mapping"},
        {"format: conquian-record/1\nruleset: x\ndeal: {hands: [[Ac, 2c], [Kd, Queendiamonds]]}\nmoves: []\n",
         "deal.hands[1][1]: card token 'Queendiamonds' is longer than 8 characters"},
        {"format: conquian-record/1\nruleset: x\ndeal: {hands: [[Ac, ~]]}\nmoves: []\n",
         "deal.hands[0][1]: expected a card token, found nothing"},
        {"format: conquian-record/1\nruleset: x\ndeal: {hands: [[Ac]], stock: Ac}\nmoves: []\n",
         "deal.stock: expected a list of card tokens, found a scalar"},
        {"format: conquian-record/1\nruleset: x\ndeal: {hands: [[Ac]], salt: [1]}\nmoves: []\n",
         "deal.salt: expected a salt, found a list"},
        {"[format, ruleset]\n", "a record is a mapping of keys"},
        {"just a line\n", "a record is a mapping of keys (format, ruleset, deal, moves, ...); found a scalar"},
    };
    for (const Case& c : cases) {
      CAPTURE(c.text);
      const auto e = only_error(c.text);
      CAPTURE(e.message);
      CHECK(contains(e.message, c.expect));
      CHECK(e.mark.line > 0);
      CHECK(e.mark.column > 0);
    }
  }

  TEST_CASE("scalars that are not strings are read as text where text belongs") {
    const GameRecord g = only_record(
        "format: conquian-record/1\nruleset: 2024\nid: 3.5\nplayers: [1, true, ~]\n"
        "deal: {hands: [[1o, 10o, 12b]], salt: 0x1f, commitment: null}\nmoves: []\n");
    CHECK(g.ruleset == "2024");
    CHECK(g.id == "3.5");
    CHECK(g.players == std::vector<std::string>{"1", "true", ""});
    CHECK(g.hands[0][1].text == "10o");
    CHECK(g.salt == "0x1f");
    CHECK(g.commitment.empty());
  }

  TEST_CASE("a ruleset written inline is kept as its text, indented as in the file") {
    const GameRecord flow = only_record(
        "format: conquian-record/1\nruleset: {base: american, hand: 9}\ndeal: {hands: [[Ac]]}\nmoves: []\n");
    CHECK(flow.ruleset.empty());
    CHECK(flow.ruleset_inline == "         {base: american, hand: 9}");
    CHECK(flow.ruleset_mark.line == 2);
    const GameRecord block = only_record(
        "format: conquian-record/1\nruleset:\n  base: american\n  hand: 9\ndeal: {hands: [[Ac]]}\nmoves: []\n");
    CHECK(block.ruleset_inline.find("  base: american\n  hand: 9") == 0);
    // Written back, it reads back the same.
    const GameRecord again = only_record(write_record(block));
    CHECK(again.ruleset_inline.find("  base: american\n  hand: 9") == 0);
    // Characters of more than one byte before it move no byte of it:
    // the parser counts characters where the text is cut in bytes.
    const GameRecord accented = only_record(
        "format: conquian-record/1  # \xC3\xA9\xE2\x99\xA5\xF0\x9F\x82\xA1\n"
        "players: [Jos\xC3\xA9, Ana]\nruleset: {base: american, hand: 9}\ndeal: {hands: [[Ac]]}\nmoves: []\n");
    CHECK(accented.ruleset_inline == "         {base: american, hand: 9}");
  }

  TEST_CASE("missing required keys and a wrong format") {
    const std::string deal = "deal: {hands: [[Ac]]}\n";
    CHECK(contains(only_error("ruleset: x\n" + deal + "moves: []\n").message,
                   "games.yaml:1:1: the record has no 'format'"));
    // No ruleset: a deal of a match (the match names it); `check` refuses it elsewhere.
    CHECK(only_record("format: conquian-record/1\n" + deal + "moves: []\n").ruleset.empty());
    CHECK(
        contains(only_error("format: conquian-record/1\nruleset: x\nmoves: []\n").message, "the record has no 'deal'"));
    CHECK(contains(only_error("format: conquian-record/1\nruleset: x\n" + deal).message, "the record has no 'moves'"));
    CHECK(contains(only_error("format: conquian-record/1\nruleset: x\ndeal: {stock: [Ac]}\nmoves: []\n").message,
                   "games.yaml:3:7: deal: the deal has no 'hands'"));
    CHECK(contains(only_error("format: conquian-record/1\nruleset: ''\n" + deal + "moves: []\n").message,
                   "ruleset: expected a ruleset name or path, found nothing"));
    const auto e = only_error("format: conquian-record/2\nruleset: x\n" + deal + "moves: []\n");
    CHECK(e.message ==
          "games.yaml:1:9: format: format 'conquian-record/2' is not supported (expected conquian-record/1)");
    CHECK(contains(only_error("format: conquian-position/1\nruleset: x\n" + deal + "moves: []\n").message,
                   "is not supported"));
  }

  TEST_CASE("moves with a wrong set of keys") {
    struct Case {
      std::string move;
      std::string expect;
    };
    const std::vector<Case> cases = {
        {"{turn: 5h}", "moves[0]: the move has no 'seat'"},
        {"{seat: 0}", "the move has no action"},
        {"{seat: 0, turn: 5h, take: 5h}", "a move has one action, this one has both 'turn' and 'take'"},
        {"{seat: 0, pass: 5h, force: 1}", "both 'pass' and 'force'"},
        {"{seat: 0, take: 5h, melds: [[5h, 5c, 5s]], lay: [5c, 5s]}", "'melds' and 'lay' cannot both be given"},
        {"{seat: 0, discard: 5h}", "'discard' goes only with 'take'"},
        {"{seat: 0, melds: [[5h, 5c, 5s]], discard: Kd}", "'discard' goes only with 'take'"},
        {"{seat: 0, pass: 5h, discard: Kd}", "'discard' goes only with 'take'"},
        {"{seat: 0, onto: 1}", "'onto' goes only with 'take'"},
        {"{seat: 0, take: 5h, melds: [[5h, 5c, 5s]], onto: 1}", "'onto' needs a 'discard'"},
        {"{seat: 0, turn: 5h, melds: [[5h, 5c, 5s]]}", "'melds' goes only with 'take'"},
        {"{seat: 0, throw: 5h, lay: [5c]}", "'lay' goes only with 'take'"},
    };
    for (const Case& c : cases) {
      CAPTURE(c.move);
      const auto e = only_error(record_with("  - " + c.move + "\n"));
      CAPTURE(e.message);
      CHECK(contains(e.message, c.expect));
      CHECK(e.mark.line == 6);
      CHECK(e.mark.column == 5);
    }
  }

  TEST_CASE("broken YAML mid-file: earlier games are kept, the break is named, the rest is not read") {
    const std::string good = record_with("  - {seat: 0, turn: 5h}\n");  // 6 lines
    const std::string text = good + "---\n" + good + "---\n" +
                             "format: conquian-record/1\nruleset: x\ndeal: {hands: [[Ac, 2c]}\nmoves: []\n" + "---\n" +
                             good;
    const auto items = read_text(text);
    REQUIRE(items.size() == 3);
    CHECK(items[0].record.has_value());
    CHECK(items[1].record.has_value());
    REQUIRE(items[2].error.has_value());
    const RecordError& e = *items[2].error;
    CHECK(e.index == 3);
    CHECK(e.mark.line == 17);
    CHECK(contains(e.message, "games.yaml:17:"));
    CHECK(contains(e.message, "broken YAML"));
    CHECK(contains(e.message, "the rest of the file is not read"));
  }

  TEST_CASE("broken YAML after a schema error in the same document gives one error") {
    const std::string text = record_with("  - {seat: 0, turn: 5h}\n") + "---\n" +
                             record_with("  - {seat: x, turn: 5h}\n  - {seat: 0, turn: [5h}\n");
    const auto items = read_text(text);
    REQUIRE(items.size() == 2);
    CHECK(items[0].record.has_value());
    REQUIRE(items[1].error.has_value());
    CHECK(items[1].error->index == 2);
    CHECK(contains(items[1].error->message, "broken YAML"));
  }

  TEST_CASE("broken YAML in the first document makes the file unreadable (index 0)") {
    const auto items = read_text("format: conquian-record/1\nruleset: [x\n---\nfoo: bar\n");
    REQUIRE(items.size() == 1);
    REQUIRE(items[0].error.has_value());
    CHECK(items[0].error->index == 0);
    CHECK(items[0].error->mark.line >= 2);
    CHECK(contains(items[0].error->message, "broken YAML"));

    const auto tabs = read_text("format: conquian-record/1\n\truleset: x\n");
    REQUIRE(tabs.size() == 1);
    CHECK(tabs[0].error->index == 0);
  }

  TEST_CASE("aliases are refused; anchors and tags alone are harmless") {
    const auto e = only_error("format: conquian-record/1\nruleset: x\ndeal: {hands: [&h [Ac, 2c], *h]}\nmoves: []\n");
    CHECK(contains(e.message, "games.yaml:3:29: deal.hands[1]: alias *h: aliases are not allowed"));

    const std::string laughs =
        "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n";
    const auto items = read_text(laughs + "---\n" + record_with("  []\n"));
    REQUIRE(items.size() == 2);
    CHECK(items[0].error.has_value());
    CHECK(items[1].record.has_value());

    const GameRecord g =
        only_record("format: !!str conquian-record/1\nruleset: &r x\ndeal: !deal {hands: [[Ac]]}\nmoves: []\n");
    CHECK(g.ruleset == "x");
  }

  TEST_CASE("limits: nesting depth") {
    ReadLimits limits;
    limits.max_depth = 5;
    // record(1) > moves(2) > move(3) > melds(4) > meld(5) fits; one more level does not.
    CHECK(read_text(record_with("  - {seat: 0, take: Ac, melds: [[Ac, 2c, 3c]]}\n"), limits)[0].record);
    const std::string deep = record_with("  - {seat: 0, take: Ac, melds: [[[Ac]]]}\n");
    const auto items = read_text(deep + "---\n" + record_with("  []\n"), limits);
    REQUIRE(items.size() == 2);
    REQUIRE(items[0].error.has_value());
    CHECK(contains(items[0].error->message, "max_depth"));
    CHECK(items[0].error->mark.line == 6);
    REQUIRE(items[1].record.has_value());
    CHECK(items[1].record->index == 2);
  }

  TEST_CASE("limits: 100,000 levels of nesting are refused quickly and the next game is read") {
    const auto started = std::chrono::steady_clock::now();
    // Under an unknown key: the key is reported, and skipping the value must not crawl
    // (libyaml slows down quadratically with flow nesting, so the reader must not skip
    // through it event by event).
    for (const char* open : {"[", "{", "[\n", "{a: "}) {
      CAPTURE(open);
      std::string text = record_with("  []\n", "id: deep\n") + "x: ";
      for (int i = 0; i < 100000; ++i) text += open;
      text += "\n---\n" + record_with("  []\n", "id: next\n");
      const auto items = read_text(text);
      REQUIRE(items.size() == 2);
      REQUIRE(items[0].error.has_value());
      CHECK(items[0].error->id == "deep");
      CHECK(contains(items[0].error->message, "games.yaml:8:1: key 'x' is not a record key"));
      REQUIRE(items[1].record.has_value());
      CHECK(items[1].record->id == "next");
      CHECK(items[1].record->index == 2);
    }
    // Where lists belong: with the default limits the schema refuses the nesting first (a
    // list where a card belongs); the depth limit guards the skipping after it.
    for (const std::string open : {"[", "{", "[\n"}) {
      for (const bool closed : {false, true}) {
        CAPTURE(open);
        CAPTURE(closed);
        std::string text = record_with("  - {seat: 0, take: Ac, lay: ");
        for (int i = 0; i < 100000; ++i) text += open;
        if (closed) {
          if (open[0] == '{') text += "a";
          for (int i = 0; i < 100000; ++i) text += open[0] == '[' ? "]" : "}";
          text += "}";
        }
        text += "\n---\n" + record_with("  []\n", "id: next\n");
        const auto items = read_text(text);
        REQUIRE(items.size() == 2);
        REQUIRE(items[0].error.has_value());
        CAPTURE(items[0].error->message);
        CHECK((contains(items[0].error->message, "moves[0].lay[0]: expected a card token, found a list") ||
               contains(items[0].error->message, "moves[0].lay: expected a list of card tokens, found a mapping")));
        CHECK(items[1].record.has_value());
      }
    }
    // With a depth limit below the schema's own depth, the limit is what speaks.
    ReadLimits shallow;
    shallow.max_depth = 4;  // record > deal > hands > hand just fits
    std::string text = record_with("  - {seat: 0, take: Ac, lay: ");
    for (int i = 0; i < 100000; ++i) text += "[";
    text += "\n---\n" + record_with("  []\n", "id: next\n");
    const auto items = read_text(text, shallow);
    REQUIRE(items.size() == 2);
    CHECK(contains(items[0].error->message,
                   "games.yaml:6:31: moves[0].lay[0]: nested more than 4 levels deep (max_depth)"));
    CHECK(items[1].record.has_value());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    CHECK(seconds < 5.0);
  }

  TEST_CASE("limits: moves per game") {
    ReadLimits limits;
    limits.max_moves = 5;
    std::string moves;
    for (int i = 0; i < 5; ++i) moves += "  - {seat: 0, pass: Ac}\n";
    CHECK(read_text(record_with(moves), limits)[0].record);
    moves += "  - {seat: 1, pass: Ac}\n";
    const auto e = only_error(record_with(moves), limits);
    CHECK(contains(e.message, "games.yaml:11:5: moves[5]: more than 5 moves (max_moves)"));

    // A million moves with the default limit: refused, bounded, and the next game is read.
    std::string many = record_with("");
    many.reserve(many.size() + 1'000'000 * 24);
    for (int i = 0; i < 1'000'000; ++i) many += "- {seat: 0, pass: Ac}\n";
    many += "---\n" + record_with("  []\n");
    const auto items = read_text(many);
    REQUIRE(items.size() == 2);
    REQUIRE(items[0].error.has_value());
    CHECK(contains(items[0].error->message, "more than 100000 moves (max_moves)"));
    CHECK(items[1].record.has_value());
  }

  TEST_CASE("limits: cards per list") {
    ReadLimits limits;
    limits.max_cards_per_list = 3;
    CHECK(read_text(record_with("  []\n"), limits)[0].record);
    const auto e = only_error(record_with("  - {seat: 0, take: Ac, lay: [Ac, 2c, 3c, 4c]}\n"), limits);
    CHECK(contains(e.message, "moves[0].lay[3]: more than 3 entries in one list (max_cards_per_list)"));
    const auto e2 = only_error(
        "format: conquian-record/1\nruleset: x\ndeal: {hands: [[Ac], [2c], [3c], [4c]]}\nmoves: []\n", limits);
    CHECK(contains(e2.message, "deal.hands[3]: more than 3 entries"));
  }

  TEST_CASE("limits: scalar length and card token length") {
    ReadLimits limits;
    limits.max_scalar_bytes = 20;
    const auto e = only_error(record_with("  []\n", "id: " + std::string(21, 'x') + "\n"), limits);
    CHECK(contains(e.message, "games.yaml:5:5: id: a scalar of 21 bytes is longer than max_scalar_bytes (20)"));
    CHECK(e.index == 1);

    // A 100 MB line with the default limits: refused, and the message stays short.
    std::string huge = record_with("  []\n") + "id: ";
    huge.append(100u << 20, 'x');
    huge += "\n";
    const auto e2 = only_error(huge);
    CHECK(contains(e2.message, "is longer than max_scalar_bytes (4096)"));
    CHECK(e2.message.size() < 200);

    const auto e3 = only_error(record_with("  - {seat: 0, pass: ABCDEFGHI}\n"));
    CHECK(contains(e3.message, "card token 'ABCDEFGHI' is longer than 8 characters"));
    CHECK(only_record(record_with("  - {seat: 0, pass: ABCDEFGH}\n")).moves[0].card.text == "ABCDEFGH");
  }

  TEST_CASE("limits: file size") {
    ReadLimits limits;
    limits.max_file_bytes = 64;
    const auto e = only_error(record_with("  []\n"), limits);
    CHECK(e.index == 0);
    CHECK(contains(e.message, "more than max_file_bytes (64)"));

    const auto path = std::filesystem::temp_directory_path() / "conquian_record_reader_big.yaml";
    { std::ofstream(path) << record_with("  []\n"); }
    std::vector<ReadItem> items;
    read_record_file(
        path.string(), [&](ReadItem&& item) { items.push_back(std::move(item)); }, limits);
    std::filesystem::remove(path);
    REQUIRE(items.size() == 1);
    REQUIRE(items[0].error.has_value());
    CHECK(items[0].error->index == 0);
    CHECK(contains(items[0].error->message, "bytes, more than max_file_bytes (64)"));
  }

  TEST_CASE("files: read from disk, unopenable, a directory") {
    const auto dir = std::filesystem::temp_directory_path();
    const auto path = dir / "conquian_record_reader_test.yaml";
    { std::ofstream(path) << kFullRecord << "---\n" << kFullRecord; }
    std::vector<ReadItem> items;
    const auto sink = [&](ReadItem&& item) { items.push_back(std::move(item)); };
    read_record_file(path.string(), sink);
    std::filesystem::remove(path);
    REQUIRE(items.size() == 2);
    REQUIRE(items[1].record.has_value());
    CHECK(items[1].record->file == path.string());
    CHECK(items[1].record->index == 2);
    CHECK(items[1].record->moves.size() == 11);

    items.clear();
    read_record_file((dir / "conquian-no-such-file.yaml").string(), sink);
    REQUIRE(items.size() == 1);
    REQUIRE(items[0].error.has_value());
    CHECK(items[0].error->index == 0);
    CHECK(items[0].error->file == (dir / "conquian-no-such-file.yaml").string());
    CHECK(contains(items[0].error->message, "conquian-no-such-file.yaml: cannot open: No such file or directory"));

    items.clear();
    read_record_file(dir.string(), sink);
    REQUIRE(items.size() == 1);
    CHECK(items[0].error->index == 0);
    CHECK(contains(items[0].error->message, "Is a directory"));

    items.clear();
    const auto empty = dir / "conquian_record_reader_empty.yaml";
    { std::ofstream{empty}; }
    read_record_file(empty.string(), sink);
    std::filesystem::remove(empty);
    REQUIRE(items.size() == 1);
    CHECK(items[0].error->file == empty.string());
    CHECK(items[0].error->message ==
          empty.string() + ": no game: the file holds no YAML document (it is empty or only comments)");
  }

  TEST_CASE("bytes YAML refuses: blamed on their own document, earlier games kept") {
    // A bad byte well inside libyaml's 16 KiB read-ahead must not cost the games before it.
    std::string text;
    for (int i = 0; i < 20; ++i) text += "---\n" + record_with("  - {seat: 0, turn: 5h}\n");
    const std::string tail = "---\n" + record_with("  - {seat: 0, turn: 5h}\n", "id: x\xff\n");
    const auto items = read_text(text + tail + "---\n" + record_with("  []\n"));
    REQUIRE(items.size() == 21);
    for (int i = 0; i < 20; ++i) CHECK(items[i].record.has_value());
    REQUIRE(items[20].error.has_value());
    const RecordError& e = *items[20].error;
    CHECK(e.index == 21);
    CHECK(e.mark.line == 20 * 7 + 6);
    CHECK(e.mark.column == 6);
    CHECK(contains(e.message, "invalid UTF-8 (byte 0xff)"));
    CHECK(contains(e.message, "the rest of the file is not read"));

    SUBCASE("a NUL byte") {
      const auto nul = read_text(record_with("  []\n") + "---\n" + record_with("  []\n", std::string("id: a\0b\n", 8)));
      REQUIRE(nul.size() == 2);
      CHECK(nul[0].record.has_value());
      REQUIRE(nul[1].error.has_value());
      CHECK(nul[1].error->index == 2);
      CHECK(contains(nul[1].error->message, "games.yaml:12:6: control character U+0000 is not allowed"));
    }
    SUBCASE("a bad byte on the document marker line belongs to the new document") {
      const auto mk = read_text(record_with("  []\n") + "--- \x80\n" + record_with("  []\n"));
      REQUIRE(mk.size() == 2);
      CHECK(mk[0].record.has_value());
      CHECK(mk[1].error->index == 2);
    }
    SUBCASE("a bad byte inside a flow list that spans lines") {
      const auto fl = read_text(record_with("  []\n") + "---\n" + record_with("  - {seat: 0,\n     turn: \xc3\x28}\n"));
      REQUIRE(fl.size() == 2);
      CHECK(fl[0].record.has_value());
      CHECK(fl[1].error->index == 2);
      CHECK(contains(fl[1].error->message, "games.yaml:14:12: invalid UTF-8 (byte 0xc3)"));
    }
    SUBCASE("binary garbage") {
      std::string garbage;
      for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919 + 13) % 256);
      const auto g = read_text(garbage);
      REQUIRE(g.size() == 1);
      CHECK(g[0].error->index == 0);
    }
    SUBCASE("valid UTF-8 is fine") {
      const GameRecord g = only_record(record_with("  []\n", "players: [José, Zoë, 李]\n"));
      CHECK(g.players[2] == "李");
    }
  }

  TEST_CASE("CRLF line ends and a byte order mark keep lines and columns right") {
    std::string text = "\xef\xbb\xbf" + record_with("  - {seat: 0, tunr: 5h}\n");
    std::string crlf;
    for (const char c : text) {
      if (c == '\n') crlf += '\r';
      crlf += c;
    }
    const auto e = only_error(crlf);
    CHECK(e.mark.line == 6);
    CHECK(e.mark.column == 15);
  }

  TEST_CASE("after a limit breach the reader restarts at the next `---` line") {
    ReadLimits limits;
    limits.max_cards_per_list = 4;
    // The rest of the oversized document is not parsed (not even its broken YAML); the next
    // document is read normally.
    const std::string text =
        "format: conquian-record/1\nruleset: x\nid: big\n"
        "deal: {hands: [[Ac, 2c, 3c, 4c, 5c, 6c]]}\nmoves: [{seat: 0, turn: [}\n"
        "---\n" +
        record_with("  []\n", "id: after\n");
    std::vector<ReadItem> items;
    read_record_text(
        text, "games.yaml", [&](ReadItem&& item) { items.push_back(std::move(item)); }, limits);
    REQUIRE(items.size() == 2);
    REQUIRE(items[0].error.has_value());
    CHECK(items[0].error->id == "big");
    CHECK(contains(items[0].error->message, "games.yaml:4:33: deal.hands[0][4]: more than 4 entries"));
    REQUIRE(items[1].record.has_value());
    CHECK(items[1].record->id == "after");
    CHECK(items[1].record->index == 2);
    CHECK(items[1].record->mark.line == 6);
    CHECK(items[1].record->moves.empty());
  }

  TEST_CASE("a sink that throws leaves nothing behind") {
    struct Stop {};
    const std::string text = record_with("  []\n") + "---\n" + record_with("  []\n");
    CHECK_THROWS_AS(read_record_text(text, "games.yaml", [](ReadItem&&) { throw Stop{}; }), Stop);
  }

}  // TEST_SUITE

// The byte scan before libyaml passes runs of plain bytes over 16 at a time: a bad byte is
// found at every place within and across those runs, and what is fine stays fine there.
TEST_CASE("the text scan finds a bad byte at every place of a run of plain bytes") {
  using conquian::record::detail::find_text_problem;
  const std::string plain = "moves: [{seat: 0, turn: 5h}, {seat: 1, pass: 5h}]";  // 49 bytes
  for (std::size_t at = 0; at < plain.size(); ++at) {
    CAPTURE(at);
    for (const char bad : {'\0', '\x01', '\x1f', '\x7f', '\x80', '\xff'}) {
      std::string text = plain;
      text[at] = bad;
      const auto problem = find_text_problem(text);
      CHECK(problem.found);
      CHECK(problem.offset == at);
    }
    for (const char fine : {'\t', '\n', '\r', ' ', '~'}) {
      std::string text = plain;
      text[at] = fine;
      CHECK_FALSE(find_text_problem(text).found);
    }
    std::string accented = plain;
    accented.insert(at, "\xc3\xa9");  // é, two bytes of UTF-8
    CHECK_FALSE(find_text_problem(accented).found);
  }
}
