// Tests for one seat's view: what a seat knows (engine/seat_view.*), PIMC over its worlds
// (solve/pimc.*), CFR+ with exact exploitability (solve/cfr.*) and endgames as
// extensive-form games (solve/endgame_game.*).
#include <doctest/doctest.h>

#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "batch/endgames.h"
#include "cli_run.h"
#include "engine/seat_view.h"
#include "solve/cfr.h"
#include "solve/chance.h"
#include "solve/endgame_game.h"
#include "solve/pimc.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;
namespace efg = conquian::solve::efg;

namespace {

std::shared_ptr<const Ruleset> rules_named(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  auto& r = cache[name];
  if (!r) r = load_ruleset(name);
  return r;
}

// Kuhn poker (three cards, one bet), whose value for the first player is -1/18.
efg::Game kuhn() {
  efg::Game g;
  g.nodes.emplace_back();
  g.nodes[0].kind = efg::Node::Chance;
  std::map<std::pair<std::string, int>, std::uint32_t> sets;
  auto set = [&](const std::string& history, int card, int player) {
    auto [it, fresh] = sets.try_emplace({history, card}, 0u);
    if (fresh) it->second = g.add_infoset(player, 2);
    return it->second;
  };
  auto decide = [&](std::uint32_t node, int player, std::uint32_t infoset) {
    g.nodes[node].kind = efg::Node::Decision;
    g.nodes[node].player = static_cast<std::uint8_t>(player);
    g.nodes[node].infoset = infoset;
    return g.add_children(node, 2);
  };
  auto end = [&](std::uint32_t node, double v) {
    g.nodes[node].kind = efg::Node::Terminal;
    g.nodes[node].value = v;
  };
  std::uint32_t deal = g.add_children(0, 6);
  int k = 0;
  for (int c0 = 0; c0 < 3; ++c0)
    for (int c1 = 0; c1 < 3; ++c1) {
      if (c0 == c1) continue;
      const double show = c0 > c1 ? 1 : -1;
      std::uint32_t root = deal + static_cast<std::uint32_t>(k++);
      std::uint32_t a = decide(root, 0, set("", c0, 0));  // check, bet
      std::uint32_t b = decide(a, 1, set("c", c1, 1));    // after check: check, bet
      end(b, show);
      std::uint32_t c = decide(b + 1, 0, set("cb", c0, 0));  // after check-bet: fold, call
      end(c, -1);
      end(c + 1, 2 * show);
      std::uint32_t d = decide(a + 1, 1, set("b", c1, 1));  // after bet: fold, call
      end(d, 1);
      end(d + 1, 2 * show);
    }
  return g;
}

// A simultaneous choice of heads or tails; player 0 wins 1 on a match, loses 1 otherwise.
efg::Game matching_pennies(std::uint32_t& second_set) {
  efg::Game g;
  g.nodes.emplace_back();
  const std::uint32_t first_set = g.add_infoset(0, 2);
  second_set = g.add_infoset(1, 2);
  g.nodes[0].kind = efg::Node::Decision;
  g.nodes[0].infoset = first_set;
  std::uint32_t a = g.add_children(0, 2);
  for (std::uint32_t i = 0; i < 2; ++i) {
    g.nodes[a + i].kind = efg::Node::Decision;
    g.nodes[a + i].player = 1;
    g.nodes[a + i].infoset = second_set;  // player 1 does not see the choice
    std::uint32_t b = g.add_children(a + i, 2);
    for (std::uint32_t j = 0; j < 2; ++j) {
      g.nodes[b + j].kind = efg::Node::Terminal;
      g.nodes[b + j].value = i == j ? 1 : -1;
    }
  }
  return g;
}

// Small american endgames from greedy deals (batch/endgames.h), every one solvable fast.
std::vector<Position> small_endgames(int want) {
  auto rules = rules_named("american");
  batch::EndgamePick pick;
  pick.max_public_deals = 80;
  pick.max_stock = 2;
  std::vector<Position> out;
  for (std::uint64_t d = 0; d < 400 && static_cast<int>(out.size()) < want; ++d)
    if (auto p = batch::endgame_of_deal(*rules, 7, d, pick)) out.push_back(*p);
  return out;
}

}  // namespace

TEST_CASE("cfr: Kuhn poker to an exploitability of 1e-4, its value -1/18") {
  efg::Game g = kuhn();
  efg::Cfr cfr(g);
  double e = cfr.solve(1e-4, 100000);
  CHECK(e <= 1e-4);
  efg::BestResponse br = efg::best_responses(g, cfr.average());
  // Each best response brackets the value: player 0's from above, player 1's from below.
  const double v = -1.0 / 18;
  CHECK(br.value0 >= v - 1e-12);
  CHECK(-br.value1 <= v + 1e-12);
  CHECK(br.value0 - v <= 2e-4);
  CHECK(v + br.value1 <= 2e-4);
  // The uniform strategy is far from an equilibrium.
  CHECK(efg::best_responses(g, efg::uniform_profile(g)).exploitability() > 0.1);
}

TEST_CASE("cfr: exploitability and action values by hand (matching pennies)") {
  std::uint32_t second = 0;
  efg::Game g = matching_pennies(second);
  efg::Profile p = efg::uniform_profile(g);
  CHECK(efg::best_responses(g, p).exploitability() == doctest::Approx(0));
  p[0] = 0.7, p[1] = 0.3;  // player 0 plays heads 70% of the time
  efg::BestResponse br = efg::best_responses(g, p);
  CHECK(br.value0 == doctest::Approx(0));    // against a uniform second player, nothing to gain
  CHECK(br.value1 == doctest::Approx(0.4));  // tails: player 0 matches 30% of the time
  CHECK(br.exploitability() == doctest::Approx(0.2));
  std::vector<double> v = efg::action_values(g, p, second);  // player 1's side
  REQUIRE(v.size() == 2);
  CHECK(v[0] == doctest::Approx(-0.4));
  CHECK(v[1] == doctest::Approx(0.4));
}

TEST_CASE("cfr: strategy fusion by hand: a later guess the seat cannot make knowing the world") {
  // Chance picks world A or B. The seat takes 0.2 now ("safe"), or goes on ("gamble") to
  // guess the world later: right it wins 1, wrong it loses 1. Knowing the world (as PIMC
  // assumes in each world), gambling is worth 1; not knowing it, 0, and safe is best.
  efg::Game g;
  g.nodes.emplace_back();
  g.nodes[0].kind = efg::Node::Chance;
  const std::uint32_t now = g.add_infoset(0, 2), later = g.add_infoset(0, 2);
  const std::uint32_t worlds = g.add_children(0, 2);
  for (std::uint32_t w = 0; w < 2; ++w) {
    g.nodes[worlds + w].kind = efg::Node::Decision;
    g.nodes[worlds + w].infoset = now;
    const std::uint32_t a = g.add_children(worlds + w, 2);
    g.nodes[a].kind = efg::Node::Terminal;
    g.nodes[a].value = 0.2;
    g.nodes[a + 1].kind = efg::Node::Decision;
    g.nodes[a + 1].infoset = later;
    const std::uint32_t guess = g.add_children(a + 1, 2);
    for (std::uint32_t k = 0; k < 2; ++k) {
      g.nodes[guess + k].kind = efg::Node::Terminal;
      g.nodes[guess + k].value = k == w ? 1 : -1;
    }
  }
  efg::Cfr cfr(g);
  CHECK(cfr.solve(1e-6, 10000) <= 1e-6);
  std::vector<double> v = efg::action_values(g, cfr.average(), now);
  CHECK(v[0] == doctest::Approx(0.2));
  CHECK(v[1] == doctest::Approx(0.0));
}

TEST_CASE("seat view: worlds counted, enumerated once each, sampled consistently") {
  auto rules = rules_named("tiny");
  Position p = testing::deal(*rules, {"Ac 2c 3c", "Ad 2d 3d"}, "");
  SeatView v = view_of(p, 0);
  CHECK(v.hidden(1) == 3);
  CHECK(v.stock_count() == 9);
  CHECK(v.unseen().size() == 12);
  CHECK(why_impossible(v) == "");
  REQUIRE(world_count(v) == 220);  // C(12, 3)
  std::set<std::uint64_t> hands;
  for (std::uint64_t i = 0; i < 220; ++i) {
    Position w = world_at(v, i);
    CHECK(w.hand[0] == p.hand[0]);
    CHECK(w.hand[1].size() == 3);
    CHECK(v.unseen().contains(w.hand[1]));
    CHECK(w.unseen().size() == w.stock_left());
    hands.insert(w.hand[1].bits());
  }
  CHECK(hands.size() == 220);
  Rng rng(3);
  for (int i = 0; i < 50; ++i) {
    Position w = sample_world(v, rng);
    CHECK(w.hand[1].size() == 3);
    CHECK(v.unseen().contains(w.hand[1]));
  }
  // The public view deals both hands: every deal of the tiny deck (as --whole-deck counts).
  CHECK(world_count(view_of(p, -1)) == 100100);
}

TEST_CASE("seat view: the card passed in the swap is known until it is seen") {
  auto rules = rules_named("nine-card");
  REQUIRE(rules->swap);
  // Spanish deck: ranks 1-7, 10-12; suits o, c, e, b.
  std::vector<std::string> hands = {"1o 2o 3o 4o 5o 6o 7o 10o 11o", "1c 2c 3c 4c 5c 6c 7c 10c 11c"};
  Position p = testing::deal(*rules, hands, "");
  const int first = to_act(p);
  testing::play(p, fmt::format("{{seat: {}, swap: {}}}", first, first == 0 ? "11o" : "11c"));
  testing::play(p, fmt::format("{{seat: {}, swap: {}}}", 1 - first, first == 0 ? "11c" : "11o"));
  SeatView v = view_of(p, 0);
  CHECK(v.known(1) == testing::cards(rules->deck, "11o"));
  CHECK(v.hidden(1) == 8);
  CHECK(v.pos.hand[0].has(testing::card(rules->deck, "11c")));
  CHECK(why_impossible(v) == "");
  CHECK(world_count(v) == 5852925);  // C(30, 8): 40 - 9 own - 1 known = 30 unseen, 8 of them hidden
  for (std::uint64_t i = 0; i < 5; ++i) CHECK(world_at(v, i).hand[1].has(testing::card(rules->deck, "11o")));
  // Without the swap nothing is known of the other hand.
  Position q =
      testing::deal(*rules_named("american"), {"Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc", "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd"}, "");
  CHECK(view_of(q, 1).known(0).empty());
}

TEST_CASE("seat view: impossible views are named") {
  auto rules = rules_named("tiny");
  Position p = testing::deal(*rules, {"Ac 2c 3c", "Ad 2d 3d"}, "");
  SeatView v = view_of(p, 0);
  SeatView more = v;
  more.hand_count[1] = 13;
  CHECK(why_impossible(more).find("only 12 cards are unseen") != std::string::npos);
  SeatView twice = v;
  twice.pos.hand[1].insert(testing::card(rules->deck, "Ac"));
  CHECK(why_impossible(twice).find("Ac is both in") != std::string::npos);
}

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
  auto rules = rules_named("american");
  batch::EndgamePick pick;
  pick.max_public_deals = 200;
  pick.max_stock = 2;
  pick.min_seat_worlds = 1;
  solve::Options co;
  co.table_bits = 16;
  solve::ChanceSolver leaf(co);
  int found = 0;
  for (std::uint64_t d = 0; d < 2000 && found < testing::scaled(3); ++d) {
    auto p = batch::endgame_of_deal(*rules, 11, d, pick);
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

namespace {

struct ViewFiles {
  std::filesystem::path dir;
  ViewFiles() : dir(std::filesystem::temp_directory_path() / ("conquian-view-test-" + std::to_string(getpid()))) {
    std::filesystem::create_directories(dir);
  }
  ~ViewFiles() { std::filesystem::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

// Seat 0's view of a tiny deal: seat 1 turned 4c and refused it; seat 0 may take it into
// 2c 3c 4c. Seat 1's three cards are any three of the ten unseen ones.
std::string tiny_view(const std::string& own, const std::string& other, const std::string& dead,
                      const std::string& extra = "view: 0\n") {
  return "format: conquian-position/1\nruleset: tiny\n" + extra + "seats:\n  - hand: " + own +
         "\n    table: []\n  - hand: " + other + "\n    table: []\nstock: unknown\ndead: " + dead +
         "\nface_up: {card: 4c, turned: 1}\nrefused: [1]\nto_act: 0\n";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("conquian solve --view: JSON as specs/solve.md gives it, enumerated and exact") {
  ViewFiles files;
  std::string f = files.write("view.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]"));
  auto run = testing::run_cli("solve " + f + " --json --threads 2");
  REQUIRE(run.status == 0);
  auto j = nlohmann::json::parse(run.out);
  CHECK(j["view"] == 0);
  CHECK(j["worlds"] == 120);  // C(10, 3)
  CHECK(j["exact"] == true);
  CHECK(j["enumerated"] == true);
  CHECK(j["weights"] == "uniform");
  REQUIRE(j["moves"].size() == 2);  // take 4c (throwing 4d), or pass
  CHECK(j["best"] == j["moves"][0]["move"]);
  for (const auto& m : j["moves"]) {
    CHECK(m["win"].get<double>() + m["draw"].get<double>() + m["loss"].get<double>() == doctest::Approx(1));
    CHECK(m["expected"].get<double>() == doctest::Approx(m["win"].get<double>() - m["loss"].get<double>()));
    CHECK(m["ci95"][0] == m["expected"]);
    CHECK(m["ci95"][1] == m["expected"]);
  }
  // Keys in the spec's order.
  CHECK(run.out.rfind("{\"view\":0,\"worlds\":120,\"exact\":true,\"best\":", 0) == 0);
  // Sampled worlds: not exact, an interval around the estimate.
  auto sampled = nlohmann::json::parse(testing::run_cli("solve " + f + " --json --max-worlds 10 --samples 30").out);
  CHECK(sampled["worlds"] == 30);
  CHECK(sampled["exact"] == false);
  CHECK(sampled["enumerated"] == false);
  for (const auto& m : sampled["moves"]) CHECK(m["ci95"][0].get<double>() <= m["expected"].get<double>());
}

TEST_CASE("conquian solve --view: a record's view is the file's view") {
  // Game 1 of simulated-american after move 51, seat 1 to act (the file writes seat 0's
  // hand of three as hidden).
  const std::string corpus = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal/simulated-american.yaml";
  ViewFiles files;
  std::string f = files.write("record-view.yaml", R"(format: conquian-position/1
ruleset: american
view: 1
seats:
  - hand: {count: 3}
    table: [[Qc, Qd, Qh, Qs], [2s, 3s, 4s]]
  - hand: [2d, 4h, As, Ks]
    table: [[6c, 6d, 6h], [6s, 7s, Js]]
stock: unknown
dead: [Ac, 2c, 3c, 5c, 7c, Jc, Kc, 3d, 5d, 7d, Ah, 3h, 5h, 7h, Kh]
face_up: {card: 5s, turned: 1}
to_act: 1
)");
  auto from_record = testing::run_cli("solve " + corpus + " --after 51 --view 1 --json");
  auto from_file = testing::run_cli("solve " + f + " --json");
  REQUIRE(from_record.status == 0);
  REQUIRE(from_file.status == 0);
  auto r = nlohmann::json::parse(from_record.out), v = nlohmann::json::parse(from_file.out);
  CHECK(r["worlds"] == 35);
  for (auto* j : {&r, &v}) j->erase("nodes"), j->erase("seconds");
  CHECK(r == v);
}

TEST_CASE("conquian solve --view: impossible views are refused with file:line, exit 2") {
  ViewFiles files;
  struct Case {
    std::string name, text, args, line, says;
  };
  const std::vector<Case> cases = {
      {"more-hidden.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah, Ad, 2d, 3d, 5d, 2h, 3h, 4h, 5h]"), "",
       ":7:", "3 hidden cards, but only 2 unseen cards are left"},
      {"seen-and-hidden.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3, known: [4d]}", "[Ah]"), "",
       ":7:", "4d is listed twice"},
      {"own-hidden.yaml", tiny_view("{count: 3}", "{count: 3}", "[Ah]"), "", ":5:", "sees its own hand"},
      {"other-listed.yaml", tiny_view("[2c, 3c, 4d]", "[Ad, 2d, 3d]", "[Ah]"), "", ":7:", "is hidden from seat 0"},
      {"no-view.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]", ""), "", ":6:", "needs 'view: SEAT'"},
      {"wrong-count.yaml", tiny_view("[2c, 3c, 4d]", "{count: 4}", "[Ah]"), "", ":7:", "holds 4 cards in hand"},
      {"known-count.yaml", tiny_view("[2c, 3c, 4d]", "{count: 1, known: [Ad, 2d]}", "[Ah]"), "",
       ":7:", "count 1 but 2 known cards"},
      {"other-seat.yaml", tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]"), "--view 1", ":3:", "seat 0's view"},
      {"not-to-act.yaml", tiny_view("{count: 3}", "[Ad, 2d, 3d]", "[Ah]", "view: 1\n"), "", "", "seat 0's decision"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::string f = files.write(c.name, c.text);
    auto run = testing::run_cli("solve " + f + " " + c.args, true);
    CHECK(run.status == 2);
    CHECK_MESSAGE(has(run.out, c.name + c.line), run.out);
    CHECK_MESSAGE(has(run.out, c.says), run.out);
  }
  // A listed stock cannot be a seat's view.
  std::string listed = tiny_view("[2c, 3c, 4d]", "{count: 3}", "[Ah]");
  listed.replace(listed.find("stock: unknown"), 14, "stock: [Ac, Ad, 2d, 3d, 5c, 5d, 2h, 3h, 4h, 5h]");
  auto run = testing::run_cli("solve " + files.write("stock.yaml", listed), true);
  CHECK(run.status == 2);
  CHECK(has(run.out, "stock.yaml:9:"));
  CHECK(has(run.out, "write 'stock: unknown'"));
}
