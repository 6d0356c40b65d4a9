// Panguingue's moves estimated from one seat's view (solve/pan_estimate.h): a drop's chips
// known exactly (an interval of zero width), the worlds those the seat cannot tell apart, and
// the deadline honoured after the few worlds every estimate has.
#include <doctest/doctest.h>

#include <chrono>

#include "batch/pan_simulate.h"
#include "pan/engine.h"
#include "pan/world.h"
#include "solve/pan_estimate.h"
#include "test_util.h"

using namespace conquian;

namespace {

// A 6-seat deal of `rules`, seat 5 dealing, at the eldest's declaration.
pan::Position dealt(const Ruleset& rules, std::uint64_t seed) {
  Rng rng(seed);
  return pan::deal(rules, 6, batch::shuffled_pack(rules, rng), 5);
}

std::vector<pan::Move> declarations(const pan::Position& p) {
  std::vector<pan::Move> legal;
  pan::legal_moves(p, legal);
  return legal;
}

}  // namespace

TEST_CASE("pan estimate: a drop's chips are exact, the ante and the forfeit, with zero width") {
  for (const char* name : {"panguingue", "panguingue-no-forfeit"}) {
    const auto rules = testing::shared_ruleset(name);
    const pan::Position p = dealt(*rules, 3);
    REQUIRE(p.phase == pan::Phase::Declare);
    const int seat = pan::to_act(p);
    const std::vector<pan::Move> moves = declarations(p);
    REQUIRE(moves.size() == 2);
    solve::PanEstimateOptions how;
    how.worlds = 12;
    Rng rng(5);
    const solve::PanEstimate e = solve::estimate_pan_moves(p, seat, moves, how, rng);
    CHECK(e.worlds == 12);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const solve::PanMoveEstimate& m = e.moves[i];
      CHECK(m.lo <= m.mean);
      CHECK(m.mean <= m.hi);
      if (moves[i].kind == pan::MoveKind::Drop) {
        const double exact = -(rules->pan.ante + rules->pan.drop_forfeit);
        CHECK(m.mean == exact);
        CHECK(m.lo == exact);
        CHECK(m.hi == exact);
      } else {
        CHECK(m.hi > m.lo);  // a hand played: its chips vary with the worlds
      }
    }
  }
}

TEST_CASE("pan estimate: the same numbers in every deal the seat cannot tell apart") {
  const auto rules = testing::shared_ruleset("panguingue");
  pan::Position p = dealt(*rules, 9);
  const std::vector<pan::Move> moves = declarations(p);
  const int seat = pan::to_act(p);
  Rng other_rng(77);
  const pan::Position other = pan::sample_world_with_stock(p, seat, other_rng);
  REQUIRE(other.hand[seat] == p.hand[seat]);
  REQUIRE(!(other.hand[(seat + 1) % 6] == p.hand[(seat + 1) % 6]));
  solve::PanEstimateOptions how;
  how.worlds = 6;
  Rng a(21), b(21);
  const solve::PanEstimate x = solve::estimate_pan_moves(p, seat, moves, how, a);
  const solve::PanEstimate y = solve::estimate_pan_moves(other, seat, moves, how, b);
  CHECK(x.chips == y.chips);
}

TEST_CASE("pan estimate: a deadline past stops it after the fewest worlds") {
  const auto rules = testing::shared_ruleset("panguingue");
  const pan::Position p = dealt(*rules, 4);
  solve::PanEstimateOptions how;
  how.worlds = 0;  // as many as the time allows
  how.deadline = std::chrono::steady_clock::now();
  Rng rng(1);
  const solve::PanEstimate e = solve::estimate_pan_moves(p, pan::to_act(p), declarations(p), how, rng);
  CHECK(e.worlds == how.min_worlds);
  for (const auto& row : e.chips) CHECK(row.size() == how.min_worlds);
}
