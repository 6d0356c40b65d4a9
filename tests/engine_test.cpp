#include <doctest/doctest.h>

#include "test_util.h"

using namespace conquian;
using namespace conquian::testing;

namespace {

std::shared_ptr<const Ruleset> rules(const std::string& name) { return load_ruleset(name); }

int count_kind(const std::vector<Move>& moves, MoveKind kind) {
  int n = 0;
  for (const auto& m : moves) n += m.kind == kind;
  return n;
}

}  // namespace

TEST_CASE("turn order: non-dealer turns, a refused card dies, the next seat turns") {
  auto r = rules("american");
  Position p = deal(*r, {"Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc", "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd"}, "Ah 2h");
  CHECK(p.phase == Phase::Turn);
  CHECK(to_act(p) == 1);  // dealer 0: seat 1 turns first
  CHECK(verdict_code(p, "{seat: 0, turn: Ah}") == "not-your-turn");
  CHECK(verdict_code(p, "{seat: 1, turn: 2h}") == "wrong-card");
  play(p, "{seat: 1, turn: Ah}");
  CHECK(to_act(p) == 1);  // a turned card is offered first to the seat that turned it
  play(p, "{seat: 1, pass: Ah}");
  CHECK(to_act(p) == 0);
  play(p, "{seat: 0, pass: Ah}");
  CHECK(p.dead.has(card(r->deck, "Ah")));
  CHECK(p.phase == Phase::Turn);
  CHECK(to_act(p) == 0);  // the seat after the one that turned it
  CHECK(verdict_code(p, "{seat: 0, take: 2h, lay: [Ac, 2c]}") == "not-allowed");
}

TEST_CASE("takes: every table and discard, golden counts") {
  auto r = rules("american");
  // Seat 0 holds 5c 5d and three queens; 5s comes up.
  Position p = deal(*r, {"5c 5d Qc Qd Qh Ac 3d 7h Jh Ks", "Ad 2d 4d 6d 7d Jd Kd 2c 3c 4c"}, "5s", 1);
  play(p, "{seat: 0, turn: 5s}");
  std::vector<Move> moves;
  legal_moves(p, moves);
  // Laid {5c,5d}: 8 cards left, 8 discards; laid {5c,5d,Qc,Qd,Qh}: 5 discards; laid
  // {5c,5d,7h,Jh,Qh} (the 7 and the jack are neighbours): 5 discards; and a pass.
  CHECK(count_kind(moves, MoveKind::Take) == 18);
  CHECK(count_kind(moves, MoveKind::Pass) == 1);
  CHECK(moves.size() == 19);
  for (const auto& m : moves) CHECK(judge(p, m).ok());
  // Without extra melds only the 5s meld may be laid.
  auto strict = load_ruleset_text("base: american\nextra_melds: false\n", "strict", "strict.yaml");
  Position q = deal(*strict, {"5c 5d Qc Qd Qh Ac 3d 7h Jh Ks", "Ad 2d 4d 6d 7d Jd Kd 2c 3c 4c"}, "5s", 1);
  play(q, "{seat: 0, turn: 5s}");
  legal_moves(q, moves);
  CHECK(count_kind(moves, MoveKind::Take) == 8);
  CHECK(verdict_code(q, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d], [Qc, Qd, Qh]], discard: Ac}") == "not-allowed");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d], [Qc, Qd, Qh]], discard: Ac}") == "ok");
}

TEST_CASE("take faults: each code where it belongs") {
  auto r = rules("american");
  Position p = deal(*r, {"5c 5d Qc Qd Qh Ac 3d 7h Jh Ks", "Ad 2d 4d 6d 7d Jd Kd 2c 3c 4c"}, "5s", 1);
  play(p, "{seat: 0, turn: 5s}");
  CHECK(verdict_code(p, "{seat: 0, take: 5h, melds: [[5h, 5c, 5d]], discard: Ac}") == "wrong-card");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5c, 5d, Ac]], discard: Ks}") == "card-unused");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d, 5h]], discard: Ac}") == "table-mismatch");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, lay: [5c, 5h], discard: Ac}") == "not-in-hand");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5s, 5c, Ac]], discard: Ks}") == "illegal-meld");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, lay: [5c, Ac], discard: Ks}") == "illegal-meld");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]]}") == "no-discard");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: 5c}") == "bad-discard");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Kd}") == "not-in-hand");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac, onto: 1}") == "not-allowed");
  CHECK(verdict_code(p, "{seat: 1, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac}") == "not-your-turn");
  CHECK(verdict_code(p, "{seat: 0, take: 5s, lay: [5c, 5d], discard: Ac}") == "ok");
}

TEST_CASE("regrouping: a run lends its end to a set (seed 003's example)") {
  // Seat 0 lays 3h 4h 5h 6h first, then is offered 6c, which it may take into 6h 6c 6s.
  auto offered_6c = [](const Ruleset& rules) {
    Position p = deal(rules, {"3h 4h 5h 6s Ac 2d 3s Jc Qd Kd", "Ad 4d 5d 6d 7d Jd 2c 3c 4c Kh"}, "6h 6c", 1);
    play_all(p, {"{seat: 0, turn: 6h}", "{seat: 0, take: 6h, melds: [[3h, 4h, 5h, 6h]], discard: Ac}",
                 "{seat: 1, pass: Ac}", "{seat: 1, turn: 6c}", "{seat: 1, pass: 6c}"});
    return p;
  };
  auto american = rules("american");
  Position p = offered_6c(*american);
  // 6c fits seat 0's table alone? 3h-6h plus 6c: no (a set needs three sixes). So no window.
  CHECK(p.phase == Phase::Offer);
  CHECK(verdict_code(p, "{seat: 0, take: 6c, melds: [[3h, 4h, 5h], [6h, 6c, 6s]], discard: 2d}") == "ok");
  // Without rearranging, the laid run keeps its 6h.
  auto fixed = load_ruleset_text("base: american\nrearrange: false\n", "fixed", "fixed.yaml");
  Position q = offered_6c(*fixed);  // a position points to its ruleset: `fixed` outlives it
  CHECK(verdict_code(q, "{seat: 0, take: 6c, melds: [[3h, 4h, 5h], [6h, 6c, 6s]], discard: 2d}") == "not-allowed");
  CHECK(verdict_code(q, "{seat: 0, take: 6c, lay: [6s], discard: 2d}") == "not-allowed");
  CHECK(verdict_code(q, "{seat: 0, take: 6c, lay: [Jc], discard: 2d}") == "illegal-meld");
}

TEST_CASE("decline forcing: a refused card that fits can be forced, and the forced seat must take") {
  auto r = rules("american");
  Position p = deal(*r, {"5c 5d Ac 2d 3s 7h Jh Qc Kd Ks", "Ad 4d 6d 7d Jd 2c 3c 4c Kh Qh"}, "5s 5h", 1);
  play_all(p, {"{seat: 0, turn: 5s}", "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac}", "{seat: 1, pass: Ac}",
               "{seat: 1, turn: 5h}", "{seat: 1, pass: 5h}"});
  play(p, "{seat: 0, pass: 5h}");  // 5h fits seat 0's set of fives
  CHECK(p.phase == Phase::ForceWindow);
  CHECK(verdict_code(p, "{seat: 0, force: 1}") == "not-allowed");
  play(p, "{seat: 1, force: 0}");
  CHECK(p.phase == Phase::Forced);
  CHECK(verdict_code(p, "{seat: 0, pass: 5h}") == "must-take");
  CHECK(verdict_code(p, "{seat: 0, take: 5h, melds: [[5s, 5c, 5d, 5h], [Jh, Qh, Kh]], discard: 2d}") != "ok");
  // forced_extra_melds is off: the forced seat only adds the card.
  play(p, "{seat: 0, take: 5h, melds: [[5s, 5c, 5d, 5h]], discard: 2d}");
  CHECK(p.phase == Phase::Offer);
  CHECK(to_act(p) == 1);

  auto noforce = rules("american-noforce");
  Position q = deal(*noforce, {"5c 5d Ac 2d 3s 7h Jh Qc Kd Ks", "Ad 4d 6d 7d Jd 2c 3c 4c Kh Qh"}, "5s 5h", 1);
  play_all(q, {"{seat: 0, turn: 5s}", "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac}", "{seat: 1, pass: Ac}",
               "{seat: 1, turn: 5h}", "{seat: 1, pass: 5h}", "{seat: 0, pass: 5h}"});
  CHECK(q.phase == Phase::Turn);
  CHECK(verdict_code(q, "{seat: 1, force: 0}") == "not-allowed");  // no forcing in this ruleset
}

TEST_CASE("going out: the eleventh card wins with no discard; an empty hand waits") {
  auto r = rules("american");
  // Seat 0 can lay everything: three runs of three plus a pair waiting for the tenth card.
  Position p = deal(*r, {"Ac 2c 3c Ad 2d 3d Ah 2h 3h 4h", "As 2s 3s 4s 5s 6s 7s Js Qs Ks"}, "5h 4c", 1);
  play(p, "{seat: 0, turn: 5h}");
  // Lay all ten with 5h: Ac2c3c Ad2d3d Ah2h3h4h5h = 11 cards: a win, no discard owed.
  CHECK(
      verdict_code(p, "{seat: 0, take: 5h, melds: [[Ac, 2c, 3c], [Ad, 2d, 3d], [Ah, 2h, 3h, 4h, 5h]], discard: Ac}") ==
      "bad-discard");
  play(p, "{seat: 0, take: 5h, melds: [[Ac, 2c, 3c], [Ad, 2d, 3d], [Ah, 2h, 3h, 4h, 5h]]}");
  CHECK(p.result.kind == Outcome::Kind::Win);
  CHECK(p.result.winner == 0);
  CHECK(verdict_code(p, "{seat: 1, turn: 4c}") == "after-end");

  Position w = deal(*r, {"Ac 2c 3c Ad 2d 3d Ah 2h 3h Kh", "As 2s 3s 4s 5s 6s 7s Js Qs Ks"}, "4h 4c 4d", 1);
  play(w, "{seat: 0, turn: 4h}");
  play(w, "{seat: 0, take: 4h, melds: [[Ac, 2c, 3c], [Ad, 2d, 3d], [Ah, 2h, 3h, 4h]], discard: Kh}");
  CHECK(w.hand[0].empty());
  CHECK(w.table[0].size() == 10);  // ten down, nothing to throw, no victory yet
  play_all(w, {"{seat: 1, pass: Kh}", "{seat: 1, turn: 4c}", "{seat: 1, pass: 4c}",
               "{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c], [Ad, 2d, 3d], [Ah, 2h, 3h, 4h]]}"});
  CHECK(w.result.winner == 0);
}

TEST_CASE("the draw: a turn is needed and the stock is empty") {
  auto r = load_ruleset_text("base: american\nseats: 2\nhand: 10\n", "x", "x.yaml");
  // Play a whole deal of passes: 20 stock cards, nobody takes (hands of unrelated cards).
  Position p = deal(*r, {"Ac 3c 5c 7c Qc Ad 3d 5d 7d Qd", "2c 4c 6c Jc Kc 2d 4d 6d Jd Kd"}, "");
  int guard = 0;
  while (!p.result.over() && guard++ < 200) {
    std::vector<Move> moves;
    legal_moves(p, moves);
    REQUIRE(!moves.empty());
    const Move* choice = &moves.back();
    for (const auto& m : moves)
      if (m.kind == MoveKind::Pass || m.kind == MoveKind::Turn || m.kind == MoveKind::Waive) choice = &m;
    if (choice->kind == MoveKind::Take) break;
    apply(p, *choice);
  }
  // Takes may have been possible; if the deal ended it ended drawn, with the stock spent.
  if (p.result.over()) {
    CHECK(p.result.kind == Outcome::Kind::Draw);
    CHECK(p.stock_left() == 0);
  }
}

TEST_CASE("the swap: one card each, chosen before any is seen, passed to the next seat") {
  auto r = rules("nine-card");
  Position p = deal(*r, {"1o 2o 3o 4o 5o 6o 7o 10o 11o", "1c 2c 3c 4c 5c 6c 7c 10c 11c"}, "", 0);
  CHECK(p.phase == Phase::Swap);
  CHECK(to_act(p) == 1);
  CHECK(verdict_code(p, "{seat: 1, turn: 12o}") == "not-allowed");
  CHECK(verdict_code(p, "{seat: 1, swap: 1o}") == "not-in-hand");
  play(p, "{seat: 1, swap: 1c}");
  play(p, "{seat: 0, swap: 1o}");
  CHECK(p.hand[0].has(card(r->deck, "1c")));
  CHECK(p.hand[1].has(card(r->deck, "1o")));
  CHECK(p.phase == Phase::Turn);
  CHECK(to_act(p) == 1);
  CHECK(verdict_code(p, "{seat: 0, swap: 2o}") == "not-allowed");
}

TEST_CASE("offer forcing (004): force the facing card onto a seat whose table it fits") {
  auto r = rules("nine-card");
  Position p = deal(*r, {"5o 5c 1e 2e 4b 6b 10b 11c 12c", "1o 2o 3o 7c 10c 3b 3e 7e 12e"}, "5e 4o 12o", 0);
  play_all(p, {"{seat: 1, swap: 12e}", "{seat: 0, swap: 12c}", "{seat: 1, turn: 5e}"});
  CHECK(verdict_code(p, "{seat: 1, force: 0}") == "not-allowed");  // seat 0 has no table yet
  play_all(p, {"{seat: 1, pass: 5e}", "{seat: 0, take: 5e, melds: [[5o, 5c, 5e]], discard: 12e}",
               "{seat: 1, pass: 12e}", "{seat: 1, turn: 4o}"});
  // 4o does not fit seat 0's fives; seat 1 could take it with 1o 2o 3o.
  CHECK(verdict_code(p, "{seat: 1, force: 0}") == "not-allowed");
  play_all(p, {"{seat: 1, take: 4o, melds: [[1o, 2o, 3o, 4o]], discard: 7c}", "{seat: 0, pass: 7c}",
               "{seat: 0, turn: 12o}", "{seat: 0, pass: 12o}"});
  CHECK(to_act(p) == 1);
}

TEST_CASE("hit forcing (002): the discard onto another table, then that seat throws") {
  auto r = rules("hit");
  Position p = deal(*r, {"5c 5d Ac 2d 3s 7h Jh Qc Kd Ks", "Ad 4d 6d 7d Jd 2c 3c 4c Kh 5h"}, "5s Jc", 1);
  play(p, "{seat: 0, turn: 5s}");
  play(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac}");
  // Seat 1 takes Ac into a run and, instead of throwing its discard to seat 0, hits seat 0's
  // set of fives with 5h (002: "the card laid off counting as his discard for that turn").
  const std::string hit = "{seat: 1, take: Ac, melds: [[Ac, 2c, 3c, 4c]], discard: 5h, onto: 0}";
  CHECK(verdict_code(p, "{seat: 1, take: Ac, melds: [[Ac, 2c, 3c, 4c]], discard: Kh, onto: 0}") == "bad-discard");
  CHECK(verdict_code(p, "{seat: 1, take: Ac, melds: [[Ac, 2c, 3c, 4c]], discard: 5h, onto: 1}") == "not-allowed");
  {  // the same hit under american, which has no hit forcing
    auto plain = rules("american");
    Position q = deal(*plain, {"5c 5d Ac 2d 3s 7h Jh Qc Kd Ks", "Ad 4d 6d 7d Jd 2c 3c 4c Kh 5h"}, "5s Jc", 1);
    play(q, "{seat: 0, turn: 5s}");
    play(q, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d]], discard: Ac}");
    CHECK(verdict_code(q, hit) == "not-allowed");
  }
  play(p, hit);
  // The discard is on seat 0's table; seat 0 was hit and must throw (it holds one card more
  // than a hand until then). No card is face up.
  CHECK(p.phase == Phase::Throw);
  CHECK(to_act(p) == 0);
  CHECK(p.up == kNoCard);
  CHECK(p.table[0] == cards(r->deck, "5c 5d 5s 5h"));
  CHECK(p.table[1] == cards(r->deck, "Ac 2c 3c 4c"));
  CHECK(p.hand[0] == cards(r->deck, "2d 3s 7h Jh Qc Kd Ks"));
  CHECK(p.hand[1] == cards(r->deck, "Ad 4d 6d 7d Jd Kh"));
  CHECK(p.hand[0].size() + p.table[0].size() == r->hand + 1);
  std::vector<Move> moves;
  legal_moves(p, moves);
  CHECK(moves.size() == 7);  // a throw of each card in seat 0's hand, nothing else
  CHECK(count_kind(moves, MoveKind::Throw) == 7);
  CHECK(verdict_code(p, "{seat: 1, turn: Jc}") == "not-your-turn");
  CHECK(verdict_code(p, "{seat: 0, turn: Jc}") == "not-allowed");
  CHECK(verdict_code(p, "{seat: 0, throw: Ac}") == "not-in-hand");
  play(p, "{seat: 0, throw: Ks}");
  // The throw is face up, offered round the table from the seat after the thrower.
  CHECK(p.phase == Phase::Offer);
  CHECK(p.up == card(r->deck, "Ks"));
  CHECK(to_act(p) == 1);
  CHECK(p.hand[0].size() + p.table[0].size() == r->hand);
  play(p, "{seat: 1, pass: Ks}");
  // Refused by every seat: dead, and the seat after the thrower turns the next card.
  CHECK(p.dead.has(card(r->deck, "Ks")));
  CHECK(p.phase == Phase::Turn);
  CHECK(to_act(p) == 1);
  CHECK(p.stock[p.stock_top] == card(r->deck, "Jc"));
}

TEST_CASE("big hands with a wild card: every take judge() accepts is generated") {
  // The generator once cut the hand to its 20 lowest cards by deck index before looking for
  // extra melds with wild cards, so 9s Ts Js (high indices) were never laid.
  auto r = load_ruleset_text("deck: french-52\nhand: 24\ntarget: 25\nwild: [2d]\n", "big-wild", "big-wild.yaml");
  Position p = deal(*r,
                    {"5c 5d 9s Ts Js Ac 3c 7c 9c Jc Kc 4d 6d 8d Td Qd Ah 3h 5h 7h 9h Jh Kh 2s",
                     "2c 4c 6c 8c Tc Qc Ad 2d 3d 7d 9d Jd Kd 2h 4h 6h 8h Th Qh As 3s 4s 6s 7s"},
                    "5s 8s Qs Ks", 1);
  play(p, "{seat: 0, turn: 5s}");
  Move wanted = move(p, "{seat: 0, take: 5s, melds: [[5s, 5c, 5d], [9s, Ts, Js]], discard: Ac}");
  REQUIRE(judge(p, wanted).ok());
  std::vector<Move> moves;
  legal_moves(p, moves);
  bool listed = false;
  for (const auto& m : moves)
    listed = listed || (m.kind == MoveKind::Take && m.table == wanted.table && m.discard == wanted.discard);
  CHECK(listed);
  for (const auto& m : moves) CHECK(judge(p, m).ok());
}
