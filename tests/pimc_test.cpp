// PIMC over one seat's worlds (solve/pimc.*), held to endgames as extensive-form games
// (solve/endgame_game.*) solved by CFR+ (solve/cfr.*).
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "cards/shuffle.h"
#include "endgames.h"
#include "engine/seat_view.h"
#include "replay/position_setup.h"
#include "solve/answer.h"
#include "solve/cfr.h"
#include "solve/chance.h"
#include "solve/endgame_game.h"
#include "solve/pimc.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::shared_ruleset;
namespace efg = conquian::solve::efg;

namespace {

// Small american endgames from greedy deals (tests/support/endgames.h), every one solvable fast.
std::vector<Position> small_endgames(int want) {
  auto rules = shared_ruleset("american");
  testing::EndgamePick pick;
  pick.max_public_deals = 80;
  pick.max_stock = 2;
  std::vector<Position> out;
  for (std::uint64_t d = 0; d < 400 && static_cast<int>(out.size()) < want; ++d)
    if (auto p = testing::endgame_of_deal(*rules, 7, d, pick)) out.push_back(*p);
  return out;
}

}  // namespace

TEST_CASE("pimc: exact on every enumerated world; equal to EPIMC with horizon 1; CFR converges on endgames") {
  std::vector<Position> endgames = small_endgames(testing::scaled(6));
  REQUIRE(!endgames.empty());
  solve::Options co;
  co.table_bits = 16;
  solve::ChanceSolver leaf(co);
  solve::PimcOptions po;
  po.table_bits = 16;
  solve::PimcSolver pimc(po);
  for (const Position& p : endgames) {
    const int seat = to_act(p);
    solve::PimcResult r = pimc.solve(view_of(p, seat));
    CHECK(r.enumerated);
    CHECK(r.exact);
    CHECK(r.worlds == static_cast<int>(r.world_count));
    for (const auto& m : r.moves) {
      CHECK(m.win + m.draw + m.loss == doctest::Approx(1));
      CHECK(m.lo == m.expected);  // enumerated and exact: no sampling error
      CHECK(m.hi == m.expected);
    }
    // PIMC is the horizon-1 game of the seat's worlds: the seat chooses not knowing the
    // world, and each world's position after its move is valued with both hands known.
    solve::EndgameOptions one;
    one.deal = solve::DealModel::Seat;
    one.horizon = 1;
    auto g1 = solve::build_endgame(p, seat, one, leaf);
    REQUIRE(g1.has_value());
    // No decision but the seat's: its action values need no strategy at all.
    std::vector<double> v1 = efg::action_values(g1->game, efg::uniform_profile(g1->game), g1->root_infoset);
    for (const auto& m : r.moves) {
      std::size_t i = 0;
      while (i < g1->actions.size() && !solve::same_public_move(g1->actions[i], m.move)) ++i;
      REQUIRE(i < g1->actions.size());
      CHECK(v1[i] == doctest::Approx(m.expected).epsilon(1e-9));
    }
    // The exact game: CFR+ reaches 1e-4, and the best responses bracket the value.
    solve::EndgameOptions exact;
    exact.max_nodes = 300'000;
    auto g = solve::build_endgame(p, seat, exact, leaf);
    if (!g) continue;
    efg::Cfr cfr(g->game);
    for (std::uint32_t set : g->seat_root_infosets) cfr.tremble(set, 1e-6);
    CHECK(cfr.solve(1e-4, 20000) <= 1e-4);
    std::vector<double> v = efg::action_values(g->game, cfr.average(), g->root_infoset);
    CHECK(v.size() == r.moves.size());
    for (double x : v) CHECK(std::abs(x) <= 1 + 1e-9);
  }
}

TEST_CASE("pimc: one world is no hidden information: PIMC is the exact game's value") {
  // Seat worlds = 1: the other hand is known (every unseen card is in it, or none is).
  auto rules = shared_ruleset("american");
  testing::EndgamePick pick;
  pick.max_public_deals = 200;
  pick.max_stock = 2;
  pick.min_seat_worlds = 1;
  solve::Options co;
  co.table_bits = 16;
  solve::ChanceSolver leaf(co);
  int found = 0;
  for (std::uint64_t d = 0; d < 2000 && found < testing::scaled(3); ++d) {
    auto p = testing::endgame_of_deal(*rules, 11, d, pick);
    if (!p || world_count(view_of(*p, to_act(*p))) != 1) continue;
    ++found;
    const int seat = to_act(*p);
    solve::PimcResult r = solve::solve_view(view_of(*p, seat), {});
    solve::EndgameOptions eo;
    eo.deal = solve::DealModel::Seat;  // one deal: both hands known to both seats
    auto g = solve::build_endgame(*p, seat, eo, leaf);
    REQUIRE(g.has_value());
    CHECK(g->deals == 1);
    efg::Cfr cfr(g->game);
    for (std::uint32_t set : g->seat_root_infosets) cfr.tremble(set, 1e-7);
    CHECK(cfr.solve(1e-5, 20000) <= 1e-5);
    std::vector<double> v = efg::action_values(g->game, cfr.average(), g->root_infoset);
    for (const auto& m : r.moves) {
      std::size_t i = 0;
      while (i < g->actions.size() && !solve::same_public_move(g->actions[i], m.move)) ++i;
      REQUIRE(i < g->actions.size());
      CHECK(v[i] == doctest::Approx(m.expected).epsilon(1e-4));
    }
  }
  CHECK(found > 0);
}

TEST_CASE("search progress: the best root move so far the searches publish ends as the answer's best") {
  // `conquian engine`'s info lines carry it (solve::SearchProgress). Once a search has
  // finished, the last move it published must be its answer's best (PIMC, the exact search)
  // or a move of the root's value (the stock unknown, where ties may be broken otherwise).
  std::vector<Position> endgames = small_endgames(testing::scaled(6));
  REQUIRE(!endgames.empty());
  auto same = [](const Move& a, const Move& b) {
    return a.kind == b.kind && a.seat == b.seat && a.card == b.card && a.discard == b.discard && a.other == b.other &&
           a.table == b.table;
  };
  int chance_checked = 0;
  for (const Position& p : endgames) {
    const int seat = to_act(p);
    solve::SearchProgress pimc_report;
    solve::PimcOptions po;
    po.table_bits = 16;
    po.report = &pimc_report;
    solve::PimcResult r = solve::PimcSolver(po).solve(view_of(p, seat));
    REQUIRE(pimc_report.best().has_value());
    CHECK(solve::same_public_move(pimc_report.best()->move, r.moves.front().move));
    CHECK(!pimc_report.best()->proved);  // an estimate
    CHECK(pimc_report.best()->value ==
          doctest::Approx(seat == 0 ? r.moves.front().expected : -r.moves.front().expected));
    CHECK(pimc_report.nodes.load() == r.nodes);

    solve::SearchProgress exact_report;
    solve::Options eo;
    eo.table_bits = 16;
    eo.report = &exact_report;
    solve::Result e = solve::Solver(eo).solve(p);
    REQUIRE(e.solved);
    REQUIRE(e.best.has_value());
    REQUIRE(exact_report.best().has_value());
    CHECK(same(exact_report.best()->move, *e.best));
    CHECK(exact_report.best()->proved);
    CHECK(exact_report.best()->value == (e.value.kind == Outcome::Kind::Draw ? 0
                                         : e.value.winner == 0               ? 1
                                                                             : -1));  // the root's value

    solve::SearchProgress chance_report;
    solve::Options co = eo;
    co.report = &chance_report;
    const Position q = forget_stock(p);
    solve::ChanceResult c = solve::ChanceSolver(co).solve(q);
    REQUIRE(c.solved);
    // None when the root's value was known without a search of its moves (a certain winner).
    if (!chance_report.best()) continue;
    // The last best published is a move of the root's value, and carries that value.
    CHECK(chance_report.best()->value == doctest::Approx(c.value.value()).epsilon(1e-12));
    if (!c.best || solve::is_blind_turn(chance_report.best()->move)) continue;
    Position child = q;
    apply(child, chance_report.best()->move);
    solve::Options plain;
    plain.table_bits = 16;
    CHECK(solve::ChanceSolver(plain).value(child).value() == doctest::Approx(c.value.value()).epsilon(1e-12));
    ++chance_checked;
  }
  CHECK(chance_checked > 0);
}

TEST_CASE("the seat's view with a time budget: spends it, and samples more when PIMC finishes early") {
  auto rules = shared_ruleset("american");
  // A deal's first decision: most cards unseen, no world solvable exactly in the time. The
  // answer comes at 95 % of the budget, not at PIMC's share of it.
  Rng rng = deal_rng(5, 0);
  const std::vector<Card> order = shuffled_deck(rules->deck.size(), rng);
  Position first = deal(*rules, order, 0);
  std::vector<Move> legal;
  for (legal_moves(first, legal); legal.size() == 1; legal_moves(first, legal)) apply(first, legal[0]);
  REQUIRE(legal.size() > 1);
  solve::PimcOptions o;
  o.table_bits = 16;
  const solve::ViewAnswer a = solve::answer_view(view_of(first, to_act(first)), o, 0.5, solve::EstimateOptions{});
  // (How many worlds fit depends on the build: a sanitized one may finish none.)
  CHECK(a.pimc.seconds >= 0.45);  // the deadline is the clock's: a loaded machine answers no sooner
  CHECK(a.pimc.seconds < 0.5);

  // Small endgames whose worlds PIMC samples (none enumerated): five worlds in the probe, five
  // more, sampled afresh, for the time left; the two merged, every interval about its mean.
  for (const Position& p : small_endgames(2)) {
    solve::PimcOptions s;
    s.table_bits = 16;
    s.max_worlds = 0;
    s.samples = 5;
    const solve::ViewAnswer b = solve::answer_view(view_of(p, to_act(p)), s, 2.0, solve::EstimateOptions{});
    CHECK(!b.quick);
    CHECK(b.pimc.worlds + b.pimc.unsolved == 10);
    for (const solve::PimcMove& m : b.pimc.moves) {
      CHECK(m.lo <= m.expected + 1e-12);
      CHECK(m.expected <= m.hi + 1e-12);
      CHECK(m.expected == doctest::Approx(m.win - m.loss));
    }
    for (std::size_t i = 1; i < b.pimc.moves.size(); ++i)
      CHECK(b.pimc.moves[i - 1].expected >= b.pimc.moves[i].expected);
  }
}
