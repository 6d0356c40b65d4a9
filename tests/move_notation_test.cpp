// replay/move_notation.h: moves in words (specs/notation.md), symbols for pages and the
// record's letters for plain text, each move of a replayed record worded in its position.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "record/record_reader.h"
#include "replay/move_notation.h"
#include "replay/replay.h"
#include "replay/ruleset_cache.h"

using namespace conquian;

namespace {

// american-win of corpus/legal/american-win.yaml: a take with an extra meld, a dead card,
// a take that empties the hand.
const std::string kAmericanWin =
    "format: conquian-record/1\nruleset: american\nid: w\ndealer: 0\ndeal:\n"
    "  hands:\n    - [Ac, 2c, 3c, 5d, 5h, 5s, 7d, Jd, Qd, Kc]\n"
    "    - [2d, 3h, 4s, 6c, 6h, Jc, Qh, Ks, 2s, 3d]\n"
    "  stock: [4c, 2h, Kd, 5c, 7c, Qc, Ad, 4d, 6d, Ah, 4h, 7h, Jh, Kh, As, 3s, 6s, 7s, Js, Qs]\n"
    "moves:\n"
    "  - {seat: 1, turn: 4c}\n"
    "  - {seat: 1, pass: 4c}\n"
    "  - {seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s]], discard: Kc}\n"
    "  - {seat: 1, pass: Kc}\n"
    "  - {seat: 1, turn: 2h}\n"
    "  - {seat: 1, pass: 2h}\n"
    "  - {seat: 0, pass: 2h}\n"
    "  - {seat: 0, turn: Kd}\n"
    "  - {seat: 0, take: Kd, melds: [[Ac, 2c, 3c, 4c], [5d, 5h, 5s], [7d, Jd, Qd, Kd]]}\n";

std::vector<std::string> words_of_game(const std::string& text, SuitStyle style) {
  std::optional<record::GameRecord> rec;
  record::read_record_text(text, "game.yaml", [&](record::ReadItem&& item) { rec = std::move(item.record); });
  REQUIRE(rec.has_value());
  RulesetCache cache;
  auto rules = cache.get(rec->ruleset, "");
  std::vector<std::string> words;
  const Replay r = replay(*rec, *rules, rec->moves.size(), [&](const Position& before, const Move& move) {
    if (move.kind != conquian::MoveKind::Waive) words.push_back(move_words(before, move, style));
  });
  REQUIRE(r.fault.ok());
  return words;
}

}  // namespace

TEST_CASE("moves in words: each kind, the new melds of a take, symbols for pages, letters for text") {
  const std::vector<std::string> text = words_of_game(kAmericanWin, SuitStyle::Letters);
  REQUIRE(text.size() == 9);
  CHECK(text[0] == "seat 1 turns 4c");
  CHECK(text[1] == "seat 1 passes 4c");
  CHECK(text[2] == "seat 0 takes 4c: Ac 2c 3c 4c and 5d 5h 5s, throws Kc");
  // Only the meld the taken card makes is named: the two already on the table are not.
  CHECK(text[8] == "seat 0 takes Kd: 7d Jd Qd Kd, going out");
  const std::vector<std::string> page = words_of_game(kAmericanWin, SuitStyle::Symbols);
  CHECK(page[0] == "seat 1 turns 4\u2663");
  CHECK(page[2] == "seat 0 takes 4\u2663: A\u2663 2\u2663 3\u2663 4\u2663 and 5\u2666 5\u2665 5\u2660, throws K\u2663");
}

TEST_CASE("card words: French suits as symbols, other decks keep their letters") {
  const Deck french = *Deck::named("french-40");
  const Deck spanish = *Deck::named("spanish-40");
  CHECK(card_words(french, "Qs", SuitStyle::Symbols) == "Q\u2660");
  CHECK(card_words(french, "Qs", SuitStyle::Letters) == "Qs");
  CHECK(card_words(spanish, "12o", SuitStyle::Symbols) == "12o");
}
