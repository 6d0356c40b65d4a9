// replay/: the one replay loop (replay()), records cut for --after (position_after), and
// check_file, which judges every document of a file through them.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "check/check_file.h"
#include "check/check_record.h"
#include "record/input_error.h"
#include "record/record_reader.h"
#include "replay/game_words.h"
#include "replay/move_notation.h"
#include "replay/position_setup.h"
#include "replay/replay.h"
#include "replay/ruleset_cache.h"
#include "sample_records.h"

using namespace conquian;

namespace {

// Seat 1 turns 5c and refuses it; seat 0 takes it onto 2c 3c 4c and has four melded cards,
// the target of the tiny ruleset: seat 0 wins at move 3.
const std::string kWonAtThree =
    "format: conquian-record/1\nruleset: tiny\nid: won-at-three\ndealer: 0\ndeal:\n"
    "  hands: [[2c, 3c, 4c], [Ad, 2d, Ah]]\n"
    "  stock: [5c, 3d, 4d, Ac, 5d, 2h, 3h, 4h, 5h]\n"
    "moves:\n"
    "  - {seat: 1, turn: 5c}\n"
    "  - {seat: 1, pass: 5c}\n"
    "  - {seat: 0, take: 5c, melds: [[2c, 3c, 4c, 5c]]}\n";

record::GameRecord read(const std::string& text) {
  std::optional<record::GameRecord> rec;
  record::read_record_text(text, "game.yaml", [&](record::ReadItem&& item) {
    REQUIRE_MESSAGE(item.record.has_value(), (item.error ? item.error->message : std::string("?")));
    rec = std::move(item.record);
  });
  REQUIRE(rec.has_value());
  return *rec;
}

}  // namespace

TEST_CASE("replay: the deal and the moves asked for, stopping at the first fault with its move") {
  auto rules = load_ruleset("tiny");
  record::GameRecord rec = read(kWonAtThree + "result: {winner: 0}\n");

  Replay two = replay(rec, *rules, 2);
  CHECK(two.fault.ok());
  CHECK(two.moves == 2);
  CHECK(two.position.phase == Phase::Offer);
  CHECK(to_act(two.position) == 0);

  Replay all = replay(rec, *rules, 100);  // more than the record holds: every move
  CHECK(all.fault.ok());
  CHECK(all.moves == 3);
  CHECK(all.position.result.kind == Outcome::Kind::Win);
  CHECK(all.position.result.winner == 0);

  record::GameRecord wrong = read(kWonAtThree + "  - {seat: 1, turn: 3d}\n");  // the deal is over
  Replay after = replay(wrong, *rules, wrong.moves.size());
  CHECK(after.moves == 3);
  CHECK(after.fault.code == Code::AfterEnd);
  CHECK(after.move_text.empty());

  record::GameRecord refused = read(conquian::testing::kTinyTakeNotOffered);
  Replay bad = replay(refused, *rules, refused.moves.size());
  CHECK(bad.moves == 2);
  CHECK(bad.fault.code == Code::WrongCard);
  CHECK(!bad.in_deal);
  CHECK(bad.move_text.find("5d") != std::string::npos);  // judge() refused it: the engine's words

  record::GameRecord short_hand = read(
      "format: conquian-record/1\nruleset: tiny\ndealer: 0\ndeal:\n  hands: [[2c, 3c], [Ad, 2d, Ah]]\nmoves: []\n");
  Replay deal = replay(short_hand, *rules, 0);
  CHECK(deal.in_deal);
  CHECK(deal.fault.code == Code::BadDeal);
  CHECK(deal.position.rules == nullptr);
}

TEST_CASE("replay: check and --after see the same first fault, a move after the end even with unknown words") {
  auto rules = load_ruleset("tiny");
  record::GameRecord rec = read(kWonAtThree + "  - {seat: 1, turn: Zz}\nresult: {winner: 0}\n");
  check::GameVerdict v = check::check_record(rec, *rules);
  CHECK(v.judgement == check::Judgement::Illegal);
  CHECK(v.move == 4);
  CHECK(v.code == Code::AfterEnd);
  CHECK(position_after(rec, *rules, 3).result.winner == 0);
  try {
    position_after(rec, *rules, 4);
    FAIL("no error");
  } catch (const record::InputError& e) {
    CHECK(std::string(e.what()).find("move 4 of won-at-three is illegal") != std::string::npos);
    CHECK(std::string(e.what()).find("after-end") != std::string::npos);
  }
}

TEST_CASE("check_file: one verdict per game and ruleset, a malformed document once, an unreadable file once") {
  const std::string text = kWonAtThree + "result: {winner: 0}\n---\nformat: conquian-record/1\nruleset: [\n";
  std::vector<check::GameVerdict> seen;
  auto keep = [&](check::GameVerdict&& v) { seen.push_back(std::move(v)); };

  check::check_text(text, "two.yaml", keep);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].judgement == check::Judgement::Legal);
  CHECK(seen[0].ruleset == "tiny");
  CHECK(seen[1].judgement == check::Judgement::Malformed);
  CHECK(seen[1].index == 2);

  seen.clear();
  check::CheckFileOptions under;
  under.under = {load_ruleset("tiny"), load_ruleset("american")};
  check::check_text(text, "two.yaml", keep, under);
  REQUIRE(seen.size() == 3);  // the game under each ruleset, in order; the broken document once
  CHECK(seen[0].ruleset == "tiny");
  CHECK(seen[1].ruleset == "american");
  CHECK(seen[1].judgement == check::Judgement::Illegal);  // tiny's cards are a bad deal for american
  CHECK(seen[1].move == 0);
  CHECK(seen[2].judgement == check::Judgement::Malformed);

  seen.clear();
  RulesetCache shipped(RulesetCache::Sources::ShippedOnly);
  std::string named = kWonAtThree;
  named.replace(named.find("ruleset: tiny"), 13, "ruleset: rules/tiny.yaml");
  check::check_text(named, "path.yaml", keep, {.cache = &shipped, .under = {}});
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].judgement == check::Judgement::Malformed);
  CHECK(seen[0].message.find("ruleset 'rules/tiny.yaml': not a shipped ruleset") == 0);

  seen.clear();
  check::check_file("/nonexistent/conquian-no-such-file.yaml", keep);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].judgement == check::Judgement::Malformed);
  CHECK(seen[0].index == 0);
  CHECK(seen[0].id == "/nonexistent/conquian-no-such-file.yaml");
}

TEST_CASE("replay: a Panguingue take by no seat of the deal is refused and named as written, with no figure") {
  // The verdict writes the refused move to name it; a take's `collect` is worked out from its
  // seat's table, so a seat the deal does not have gets none. Worked out all the same, it
  // reads past the deal's seats: the move text shows a figure, and the sanitized build stops.
  auto rules = load_ruleset("panguingue");
  const record::GameRecord rec = read(
      "format: conquian-record/1\nruleset: panguingue\ndealer: 1\ndeal:\n  hands:\n"
      "    - [5h, 5h, Ks, Kd, 2c, 3c, 4c, Qd, Jh, 6s]\n    - [Ac, 2d, 3h, 4s, 6d, 7h, Jc, Qs, 2s, 3s]\n"
      "moves:\n  - {seat: 0, play: true}\n  - {seat: 1, play: true}\n  - {seat: 1, turn: 5h}\n"
      "  - {seat: 40, take: 5h, melds: [[5h, 5h, 5h]], discard: Qd}\n");
  const check::GameVerdict v = check::check_record(rec, *rules);
  CHECK(v.judgement == check::Judgement::Illegal);
  CHECK(v.move == 4);
  CHECK(v.code == Code::NotYourTurn);
  CHECK(v.message.find("there is no seat 40") != std::string::npos);
  CHECK(v.move_text == "{seat: 40, take: 5h, melds: [[5h, 5h, 5h]], discard: Qd}");
  // The same move in words, as `show --after 3` names the record's next move: by the record's
  // words alone (the seat has no table to compare with).
  const auto played = replay_game<PanGame>(rec, *rules, 3, [](const pan::Position&, const pan::Move&) {});
  REQUIRE(played.fault.ok());
  const auto next = RecordWords<PanGame>::move(played.position, rec.moves[3]);
  REQUIRE(next.fault.ok());
  CHECK(move_words(played.position, next.move) == "seat 40 takes 5h: 5h 5h 5h, throws Qd");
}
