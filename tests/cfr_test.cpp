// CFR+ with exact exploitability (solve/cfr.*), on games small enough to know by hand.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "solve/cfr.h"

namespace efg = conquian::solve::efg;

namespace {

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
