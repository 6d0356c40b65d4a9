// Dominance at a take: laying, with a take, extra cards of the hand that
// form melds on their own is NOT always at least as good as keeping them, even without any
// forcing. Found by comparing every such pair of take moves with plain expectimax
// (chance_reference.h) on random American endgames; the search must not prune such takes.
#include <doctest/doctest.h>

#include "position_text.h"
#include "record/position_file.h"
#include "replay/position_setup.h"
#include "solve/chance_reference.h"

using namespace conquian;

namespace {

// The value (seat 0's expected score times n!) after the take of `table`'s cards with
// discard `discard`, by plain expectimax; the take must be legal.
solve::Int128 value_after_take(const Position& p, const std::string& table, const std::string& discard) {
  const CardSet want = conquian::testing::cards(p.rules->deck, table);
  const Card thrown = conquian::testing::card(p.rules->deck, discard);
  std::vector<Move> legal;
  legal_moves(p, legal);
  for (const Move& m : legal)
    if (m.kind == MoveKind::Take && m.table == want && m.discard == thrown) {
      Position child = p;
      apply(child, m);
      return solve::PlainExpectimax().value(child).expected;
    }
  FAIL("no such take: " << table << " discarding " << discard);
  return 0;
}

}  // namespace

TEST_CASE("laying a self-contained meld with a take can be worse than keeping it (no forcing at all)") {
  auto rules = load_ruleset("american-noforce");
  // Seat 0 turned 5s; it holds a set of fives (5c 5d 5h) and 6s 7s. Taking 5s into 5s 6s 7s
  // and throwing Js, keeping the fives in hand: -1/6; laying them too: -1/2. Kept, the fives
  // still serve other melds (4d 5d with 6d, say), which laid they no longer can.
  const std::string text = conquian::testing::position_text(
      *rules, {{"5c 4d 5d Kd 2h 5h As 6s 7s Js", ""}, {"2c 7d Qd", "[[Ad, 2d, 3d], [6h, 7h, Jh, Qh]]"}}, "3c 6d Jd Qs",
      "face_up: {card: 5s, turned: 0}\nto_act: 0\n");
  INFO(text);
  const Position p = forget_stock(position_from_file(record::read_position_text(text, "dominance.yaml"), *rules));
  REQUIRE(p.stock_left() == 4);
  const solve::Int128 kept = value_after_take(p, "5s 6s 7s", "Js");
  const solve::Int128 laid = value_after_take(p, "5c 5d 5h 5s 6s 7s", "Js");
  CHECK(solve::to_string(kept) == "-4");   // -4/24
  CHECK(solve::to_string(laid) == "-12");  // -12/24
  CHECK(laid < kept);                      // seat 0 maximises: keeping is strictly better
}
