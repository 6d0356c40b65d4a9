// Tests for the solvers (src/solve/), position files (record/position_file.*) and their
// conversion to engine positions (replay/position_setup.*).
#include <doctest/doctest.h>

#include <map>

#include "cards/shuffle.h"
#include "contains.h"
#include "position_text.h"
#include "record/input_error.h"
#include "record/position_file.h"
#include "replay/position_setup.h"
#include "sample_records.h"
#include "solve/answer.h"
#include "solve/chance.h"
#include "solve/solver.h"
#include "solve/transposition.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::cards;
using conquian::testing::shared_ruleset;

namespace {

using testing::position_text;
using testing::SeatText;

Position from_text(const std::string& text, std::shared_ptr<const Ruleset>& keep) {
  record::PositionFile pf = record::read_position_text(text, "test.yaml");
  keep = shared_ruleset(pf.ruleset);
  return position_from_file(pf, *keep);
}

// The InputError a position text gives (fails the test if it reads cleanly).
std::string position_error(const std::string& text) {
  try {
    std::shared_ptr<const Ruleset> keep;
    from_text(text, keep);
  } catch (const record::InputError& e) { return e.what(); }
  FAIL_CHECK("no error for:\n" << text);
  return "";
}

using conquian::testing::has;

solve::Options small_table() {
  solve::Options o;
  o.table_bits = 16;
  return o;
}

int sign_of(const solve::Value& v) { return v.kind == Outcome::Kind::Draw ? 0 : v.winner == 0 ? 1 : -1; }

// A random deal of `rules` played `moves` random moves (fewer if it ends).
Position random_position(const Ruleset& rules, Rng& rng, int moves) {
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  Position p = deal(rules, deck, static_cast<int>(rng.below(2)));
  std::vector<Move> legal;
  for (int i = 0; i < moves && !p.result.over(); ++i) {
    legal_moves(p, legal);
    apply(p, legal[rng.below(legal.size())]);
  }
  return p;
}

}  // namespace

TEST_CASE("solver agrees with plain minimax on random tiny positions") {
  auto r = shared_ruleset("tiny");
  Rng rng(20261130);
  solve::Solver full(small_table());
  solve::Options o = small_table();
  o.fastest_win = false;
  solve::Solver any_win(o);
  o = small_table();
  o.transposition = false;
  solve::Solver no_table(o);
  o = small_table();
  o.ordering = false;
  solve::Solver no_order(o);
  int compared = 0, wins = 0, draws = 0;
  for (int i = 0; i < 3000; ++i) {
    Position p = random_position(*r, rng, static_cast<int>(rng.below(30)));
    std::uint64_t nodes = 0;
    int plain_score = solve::plain_minimax_score(p, &nodes);
    int plain_value = solve::plain_minimax(p);
    CAPTURE(i);
    CHECK(full.score(p) == plain_score);
    CHECK(no_table.score(p) == plain_score);
    CHECK(no_order.score(p) == plain_score);
    int any = any_win.score(p);
    CHECK((any > 0 ? 1 : any < 0 ? -1 : 0) == plain_value);
    solve::Result res = full.solve(p);
    REQUIRE(res.solved);
    CHECK(sign_of(res.value) == plain_value);
    // The line is legal and ends as the value says, as fast as the score says.
    Position q = p;
    for (const Move& m : res.line) {
      REQUIRE(judge(q, m).ok());
      apply(q, m);
    }
    CHECK(q.result.over());
    CHECK(solve::score_of_outcome(q.result) == (plain_value > 0   ? solve::kWinScore
                                                : plain_value < 0 ? -solve::kWinScore
                                                                  : 0));
    if (plain_value != 0) CHECK(static_cast<int>(res.line.size()) == solve::kWinScore - std::abs(plain_score));
    ++compared;
    (plain_value == 0 ? draws : wins)++;
  }
  CHECK(compared == 3000);
  CHECK(wins > 100);  // real games: both outcomes are common
  CHECK(draws > 100);
}

TEST_CASE("exact chance values: with and without the table, and against orders when one card is left") {
  auto r = shared_ruleset("tiny");
  Rng rng(77);
  solve::Options o = small_table();
  solve::ChanceSolver with_table(o);
  o.transposition = false;
  solve::ChanceSolver without(o);
  int compared = 0;
  for (int i = 0; i < 300; ++i) {
    Position known = random_position(*r, rng, 8 + static_cast<int>(rng.below(25)));
    if (known.result.over() || known.stock_left() > 5) continue;
    Position p = forget_stock(known);
    solve::Chances a = with_table.value(p);
    solve::Chances b = without.value(p);
    CAPTURE(i);
    CHECK(a.win0 == doctest::Approx(b.win0).epsilon(1e-5));
    CHECK(a.win1 == doctest::Approx(b.win1).epsilon(1e-5));
    CHECK(a.win0 + a.draw + a.win1 == doctest::Approx(1.0).epsilon(1e-5));
    if (known.stock_left() <= 1) {  // no hidden order: the same as the known-stock value
      solve::Solver s(small_table());
      int v = s.score(known);
      CHECK(a.value() == doctest::Approx(v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0));
    }
    ++compared;
  }
  CHECK(compared > 50);
}

TEST_CASE("hand-checked: one move from a win") {
  std::shared_ptr<const Ruleset> keep;
  auto r = shared_ruleset("tiny");
  // Seat 0 holds 2c 3c 4c; 5c is face up, thrown by seat 1: taking it lays all four.
  Position p = from_text(
      position_text(*r, {{"2c 3c 4c", ""}, {"Ad 2d Ah", ""}}, "3d 4d", "face_up: {card: 5c, thrown: 1}\nto_act: 0\n"),
      keep);
  solve::Solver s(small_table());
  solve::Result res = s.solve(p, true);
  REQUIRE(res.solved);
  CHECK(res.value.kind == Outcome::Kind::Win);
  CHECK(res.value.winner == 0);
  CHECK(res.value.plies == 1);
  REQUIRE(res.best.has_value());
  CHECK(res.best->kind == conquian::MoveKind::Take);
  CHECK(res.best->table == cards(r->deck, "2c 3c 4c 5c"));
  REQUIRE(res.moves.size() == 3);  // the winning take, 3c 4c 5c throwing 2c, and the pass
  CHECK(res.moves[0].move.kind == conquian::MoveKind::Take);
  CHECK(res.moves[0].value.plies == 1);
}

TEST_CASE("answer: the search each position needs, and its line step by step") {
  std::shared_ptr<const Ruleset> keep;
  auto r = shared_ruleset("tiny");
  // Seat 1 turns 5h, the last card, and refuses it (it is offered to the turner first);
  // seat 0 takes it and wins.
  Position p = from_text(position_text(*r, {{"2h 3h 4h", ""}, {"Ad 2d Ac", ""}}, "5h", "to_act: 1\n"), keep);
  solve::Question q{small_table(), true, 0, 1, {}, 0, {}};

  solve::Answer exact = solve::answer(p, q);
  CHECK(exact.kind == solve::Answer::Kind::Exact);
  REQUIRE(exact.solved());
  CHECK(exact.exact.value.winner == 0);
  CHECK_FALSE(exact.force_declined());
  REQUIRE(exact.line.size() == exact.exact.line.size());
  REQUIRE(exact.line.size() == 3);  // turn 5h, pass, take
  Position walk = p;
  for (const auto& step : exact.line) {
    CHECK(step.before.hash() == walk.hash());  // each move with the position it is played in
    apply(walk, step.move);
  }
  CHECK(walk.result.winner == 0);

  solve::Answer over = solve::answer(walk, q);
  CHECK(over.kind == solve::Answer::Kind::Over);
  CHECK(over.over.winner == 0);

  Position unknown = forget_stock(p);
  solve::Answer chance = solve::answer(unknown, q);
  CHECK(chance.kind == solve::Answer::Kind::Chance);
  REQUIRE(chance.solved());
  CHECK(chance.chance.value.certain().has_value());  // one unseen card: no chance left
  CHECK(chance.chance.value.certain()->winner == 0);

  q.samples = 5;
  std::vector<std::uint64_t> orders_done;  // the progress: each stock order as it is solved
  q.progress = [&](std::uint64_t done) { orders_done.push_back(done); };
  solve::Answer sampled = solve::answer(unknown, q);
  CHECK(sampled.kind == solve::Answer::Kind::Sampled);
  CHECK(sampled.estimate.samples + sampled.estimate.unsolved == 5);
  CHECK(orders_done == std::vector<std::uint64_t>{1, 2, 3, 4, 5});
  CHECK(sampled.estimate.low() <= sampled.estimate.mean);
  CHECK(sampled.estimate.high() <= 1.0);
}

TEST_CASE("hand-checked: a forced loss") {
  std::shared_ptr<const Ruleset> keep;
  auto r = shared_ruleset("tiny");
  // Seat 0 turns 5d, the last card: seat 1 holds 2d 3d 4d and goes out with it; seat 0 can
  // neither use it nor keep it from seat 1.
  Position p = from_text(position_text(*r, {{"Ac Ah 2c", ""}, {"2d 3d 4d", ""}}, "5d", "to_act: 0\n"), keep);
  CHECK(p.phase == Phase::Turn);
  solve::Solver s(small_table());
  solve::Result res = s.solve(p);
  REQUIRE(res.solved);
  CHECK(res.value.kind == Outcome::Kind::Win);
  CHECK(res.value.winner == 1);
  CHECK(res.value.plies == 3);  // turn, pass, take
  CHECK(solve::plain_minimax(p) == -1);
}

TEST_CASE("hand-checked: a draw by exhaustion") {
  std::shared_ptr<const Ruleset> keep;
  auto r = shared_ruleset("tiny");
  // Nobody can use Ah or 5c; once both are refused the stock is empty.
  Position p = from_text(position_text(*r, {{"2c 3d 4h", ""}, {"2d 3h 4c", ""}}, "Ah 5c", "to_act: 1\n"), keep);
  solve::Solver s(small_table());
  solve::Result res = s.solve(p);
  REQUIRE(res.solved);
  CHECK(res.value.kind == Outcome::Kind::Draw);
  Position q = p;
  for (const Move& m : res.line) apply(q, m);
  CHECK(q.result.kind == Outcome::Kind::Draw);
  CHECK(q.stock_left() == 0);
}

TEST_CASE("hand-checked: a win through forcing (decline), a draw without it") {
  // Seat 0 turned the last card, 5d, which fits its set of fives. Taking it or being forced
  // to take it, seat 0 must throw its last card Jc, and Jc Qc Kc wins for seat 1. Refusing
  // it is safe only if seat 1 cannot force.
  const std::vector<SeatText> seats = {{"Jc", "[[5h, 5c, 5s], [Ac, 2c, 3c], [Ah, 2h, 3h]]"},
                                       {"Qc Kc", "[[6s, 7s, Js, Qs, Ks], [7d, 7h, 7c]]"}};
  const std::string rest = "face_up: {card: 5d, turned: 0}\nto_act: 0\n";
  std::shared_ptr<const Ruleset> keep;
  Position p = from_text(position_text(*shared_ruleset("american"), seats, "", rest), keep);
  solve::Solver s(small_table());
  solve::Result res = s.solve(p, true);
  REQUIRE(res.solved);
  CHECK(res.value.kind == Outcome::Kind::Win);
  CHECK(res.value.winner == 1);
  bool forced = false;
  for (const Move& m : res.line) forced = forced || m.kind == conquian::MoveKind::Force;
  CHECK(forced);  // the shortest win refuses nothing to chance: pass, force, take, take
  CHECK(res.line.size() == 4);

  std::string noforce = position_text(*shared_ruleset("american-noforce"), seats, "", rest);
  Position q = from_text(noforce, keep);
  solve::Result res2 = s.solve(q);
  REQUIRE(res2.solved);
  CHECK(res2.value.kind == Outcome::Kind::Draw);
}

TEST_CASE("position files: phases follow from the keys") {
  auto r = shared_ruleset("american");
  std::shared_ptr<const Ruleset> keep;
  const std::vector<SeatText> seats = {{"Jc Qc 4d 6h", "[[5h, 5c, 5s], [Ac, 2c, 3c]]"},
                                       {"Ad 2d 3d Kd Qd Jd 4s 6s Qh Kh", ""}};
  // Turned by seat 1, refused by seat 1: offered to seat 0.
  Position p =
      from_text(position_text(*r, seats, "Ks 7c", "face_up: {card: Kc, turned: 1}\nrefused: [1]\nto_act: 0\n"), keep);
  CHECK(p.phase == Phase::Offer);
  CHECK(to_act(p) == 0);
  // Seat 0 refused 5d, which fits its fives: seat 1 decides whether to force.
  p = from_text(position_text(*r, seats, "Ks 7c", "face_up: {card: 5d, turned: 0}\nrefused: [0]\nto_act: 1\n"), keep);
  CHECK(p.phase == Phase::ForceWindow);
  CHECK(to_act(p) == 1);
  p = from_text(
      position_text(*r, seats, "Ks 7c", "face_up: {card: 5d, turned: 0}\nrefused: [0]\nforced: 0\nto_act: 0\n"), keep);
  CHECK(p.phase == Phase::Forced);
  std::vector<Move> legal;
  legal_moves(p, legal);
  for (const Move& m : legal) CHECK(m.kind == conquian::MoveKind::Take);
  // Empty stock and nothing face up: the deal is drawn.
  p = from_text(position_text(*r, seats, "", "to_act: 1\n"), keep);
  CHECK(p.result.kind == Outcome::Kind::Draw);
  // An unknown stock: the unseen cards.
  std::string text = position_text(*r, seats, "Ks 7c", "to_act: 1\n");
  text.replace(text.find("stock: [Ks, 7c]"), 15, "stock: unknown");
  text.replace(text.find("dead: ["), 7, "dead: [Ks, 7c, ");
  text.replace(text.find("Ks, 7c, "), 8, "");
  p = from_text(text, keep);
  CHECK_FALSE(p.stock_known);
  CHECK(p.stock_left() == 2);
}

TEST_CASE("position files: faults are InputErrors with the line") {
  auto r = shared_ruleset("tiny");
  const std::string ok = position_text(*r, {{"2c 3c 4c", ""}, {"Ad 2d Ah", ""}}, "3d 4d", "to_act: 1\n");
  std::shared_ptr<const Ruleset> keep;
  CHECK_NOTHROW(from_text(ok, keep));
  auto with = [&](std::vector<std::pair<std::string, std::string>> edits) {
    std::string t = ok;
    for (const auto& [from, to] : edits) {
      auto at = t.find(from);
      REQUIRE_MESSAGE(at != std::string::npos, from);
      t.replace(at, from.size(), to);
    }
    return t;
  };
  // unknown card
  std::string e = position_error(with({{"hand: [2c, 3c, 4c]", "hand: [2c, 3c, 9c]"}}));
  CHECK(has(e, "'9c' is not a card"));
  CHECK(has(e, "test.yaml:4:"));
  // card twice
  e = position_error(with({{"hand: [Ad, 2d, Ah]", "hand: [Ad, 2d, 2c]"}}));
  CHECK(has(e, "2c is listed twice"));
  e = position_error(with({{"hand: [2c, 3c, 4c]", "hand: [2c, 3c, 4c, 3d]"}}));
  CHECK(has(e, "3d is listed twice"));
  e = position_error(with({{"to_act: 1", "to_act: 1\nface_up: {card: 3d, thrown: 0}"}}));
  CHECK(has(e, "3d is listed twice"));
  // illegal table
  e = position_error(with({{"hand: [2c, 3c, 4c]\n    table: []", "hand: []\n    table: [[2c, 3c, Ad]]"}}));
  CHECK(has(e, "not a legal meld"));
  CHECK(has(e, "test.yaml:5:"));
  // a card missing while the stock is listed
  e = position_error(with({{"stock: [3d, 4d]", "stock: [3d]"}}));
  CHECK(has(e, "4d is nowhere"));
  // bad counts: hand + table must stay the hand size
  e = position_error(with({{"hand: [2c, 3c, 4c]", "hand: [3c, 4c]"}, {"stock: [3d, 4d]", "stock: [3d, 4d, 2c]"}}));
  CHECK(has(e, "seat 0 holds 2 cards in hand and 0 on its table"));
  e = position_error(with({{"hand: [2c, 3c, 4c]\n    table: []", "hand: [2c, 3c, 4c]\n    table: [[5h, 4h, 3h]]"},
                           {"2h, 3h, 4h, 5h", "2h"}}));
  CHECK(has(e, "holds 3 cards in hand and 3 on its table"));
  // seats and turn order
  e = position_error(with({{"to_act: 1", "to_act: 5"}}));
  CHECK(has(e, "no seat 5"));
  e = position_error(with(
      {{"stock: [3d, 4d]", "stock: [4d]"}, {"to_act: 1", "to_act: 1\nface_up: {card: 3d, thrown: 0}\nrefused: [0]"}}));
  CHECK(has(e, "offered in the order [1]"));
  e = position_error(
      with({{"stock: [3d, 4d]", "stock: [4d]"}, {"to_act: 1", "to_act: 1\nface_up: {card: 3d, thrown: 1}"}}));
  CHECK(has(e, "it is seat 0's decision, not seat 1's"));
  e = position_error(with(
      {{"stock: [3d, 4d]", "stock: [4d]"}, {"to_act: 1", "to_act: 1\nface_up: {card: 3d, thrown: 1}\nforced: 0"}}));
  CHECK(has(e, "cannot have been forced"));
  e = position_error(with({{"to_act: 1", "to_act: 1\nhit: 0"}}));
  CHECK_MESSAGE(has(e, "no 'hit' forcing"), e);
  e = position_error(with({{"seats:", "seats:\n  - hand: []\n    table: []"}}));
  CHECK(has(e, "3 seats are listed"));
}

TEST_CASE("position files: strict keys") {
  auto r = shared_ruleset("tiny");
  const std::string ok = position_text(*r, {{"2c 3c 4c", ""}, {"Ad 2d Ah", ""}}, "3d 4d", "to_act: 1\n");
  std::string e = position_error(ok + "colour: red\n");
  CHECK(has(e, "unknown key 'colour'"));
  e = position_error("format: conquian-record/1\nruleset: tiny\n");
  CHECK(has(e, "--after"));
  e = position_error(ok + "face_up: {card: 3d}\n");
  CHECK(has(e, "turned"));
}

TEST_CASE("--after: a record cut after N moves, an illegal prefix names the move") {
  auto r = shared_ruleset("tiny");
  std::string doc = conquian::testing::kTinyTakeNotOffered;
  std::optional<record::GameRecord> rec;
  record::read_record_text(doc, "game.yaml", [&](record::ReadItem&& item) { rec = item.record; });
  REQUIRE(rec.has_value());
  Position p = position_after(*rec, *r, 2);
  CHECK(p.phase == Phase::Offer);
  CHECK(to_act(p) == 0);
  solve::Solver s(small_table());
  solve::Result res = s.solve(p);
  CHECK(res.value.winner == 0);
  CHECK(res.value.plies == 1);
  try {
    position_after(*rec, *r, 3);
    FAIL("no error");
  } catch (const record::InputError& e) {
    CHECK(has(e.what(), "move 3"));
    CHECK(has(e.what(), "game.yaml:10"));
    CHECK(has(e.what(), "wrong-card"));
  }
  CHECK_THROWS_AS(position_after(*rec, *r, 4), record::InputError);
}

TEST_CASE("refused: three seats, a forced seat, an unknown stock") {
  auto r = shared_ruleset("three-seat");
  std::vector<CardSet> hands = {cards(r->deck, "Ac 2c 3c 4c 5c 6c 7c Jc"), cards(r->deck, "Ad 2d 3d 4d 5d 6d 7d Jd"),
                                cards(r->deck, "Ah 2h 3h 4h 5h 6h 7h Jh")};
  Position p = start(*r, hands, 0, {}, false);
  CHECK(has(solve::why_unsolvable(p), "two seats"));
  auto tiny = shared_ruleset("tiny");
  Position q = testing::deal(*tiny, {"2c 3c 4c", "Ad 2d Ah"}, "");
  CHECK(solve::why_unsolvable(q).empty());
  Position u = forget_stock(q);
  CHECK_FALSE(u.stock_known);
  CHECK(u.stock_left() == q.stock_left());
  CHECK(u.unseen() == q.unseen());
}

TEST_CASE("state keys: equal for the same state, different when anything differs") {
  auto r = shared_ruleset("tiny");
  Rng rng(5);
  for (int i = 0; i < 200; ++i) {
    Position p = random_position(*r, rng, static_cast<int>(rng.below(20)));
    Position q = p;
    q.plies = 99;  // not part of the state
    CHECK(solve::state_key(p) == solve::state_key(q));
    if (p.result.over()) continue;
    std::vector<Move> legal;
    legal_moves(p, legal);
    for (const Move& m : legal) {
      Position c = p;
      apply(c, m);
      CHECK_FALSE(solve::state_key(c) == solve::state_key(p));
    }
  }
}

TEST_CASE("solver agrees with plain minimax on american and hit endgames") {
  // Kept groupings (no rearrange) put the melds into the table's key.
  auto kept =
      load_ruleset_text("base: american\nrearrange: false\nextra_melds: false\n", "kept-melds", "kept-melds.yaml");
  for (const char* name : {"american", "hit", "american-noforce", "kept-melds"}) {
    auto r = std::string(name) == "kept-melds" ? kept : shared_ruleset(name);
    Rng rng(4242);
    solve::Solver full(small_table());
    int compared = 0;
    for (int i = 0; i < 40; ++i) {
      Position p = random_position(*r, rng, 0);
      std::vector<Move> legal;
      // Mostly refusals, so that the deal lasts until the stock is nearly out.
      while (!p.result.over() && !(p.phase == Phase::Turn && p.stock_left() <= 4)) {
        legal_moves(p, legal);
        std::size_t pick = rng.below(legal.size());
        if (rng.below(4) != 0)
          for (std::size_t k = 0; k < legal.size(); ++k)
            if (legal[k].kind == conquian::MoveKind::Pass || legal[k].kind == conquian::MoveKind::Waive) pick = k;
        apply(p, legal[pick]);
      }
      CAPTURE(name);
      CAPTURE(i);
      CHECK(full.score(p) == solve::plain_minimax_score(p));
      ++compared;
    }
    CHECK(compared == 40);
  }
}

TEST_CASE("whole deck: renaming suits and reversing ranks keeps a tiny deal's value") {
  // solve_whole_deck solves one deal of each such family; check that they are equal.
  auto r = shared_ruleset("tiny");
  const Deck& d = r->deck;
  Rng rng(99);
  solve::ChanceSolver solver(small_table());
  for (int i = 0; i < 20; ++i) {
    std::vector<Card> deck = shuffled_deck(d.size(), rng);
    std::array<CardSet, 2> hands{}, mapped{};
    for (int k = 0; k < 6; ++k) hands[static_cast<std::size_t>(k / 3)].insert(deck[static_cast<std::size_t>(k)]);
    std::array<int, 3> perm{0, 1, 2};
    for (int k = 2; k > 0; --k)
      std::swap(perm[static_cast<std::size_t>(k)], perm[rng.below(static_cast<std::uint64_t>(k) + 1)]);
    const bool reverse = rng.below(2) == 1;
    for (int s = 0; s < 2; ++s)
      for (Card c : hands[static_cast<std::size_t>(s)]) {
        int rank = reverse ? d.rank_count() - 1 - d.rank_of(c) : d.rank_of(c);
        mapped[static_cast<std::size_t>(s)].insert(d.card(perm[static_cast<std::size_t>(d.suit_of(c))], rank));
      }
    solve::Chances a = solver.value(start(*r, hands, 0, {}, false));
    solve::Chances b = solver.value(start(*r, mapped, 0, {}, false));
    CAPTURE(i);
    CHECK(a.win0 == doctest::Approx(b.win0).epsilon(1e-9));
    CHECK(a.win1 == doctest::Approx(b.win1).epsilon(1e-9));
  }
}
