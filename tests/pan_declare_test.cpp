// Panguingue's declarations by the built-in players: strong drops a hopeless hand when the
// drop costs only the ante, and plays a strong hand (solve/pan_estimate.h weighs the two);
// greedy's rule drops more often where the forfeit is cheaper.
#include <doctest/doctest.h>

#include "batch/pan_players.h"
#include "cards/shuffle.h"
#include "pan/engine.h"
#include "solve/pan_greedy.h"
#include "test_util.h"

using namespace conquian;

namespace {

CardCounts declare_cards(const Ruleset& r, const std::string& tokens) {
  CardCounts c;
  for (const auto& w : testing::words(tokens)) c.add(testing::card(r.deck, w));
  return c;
}

// Six seats, seat 5 dealing: seat 0 (the eldest, first to declare) holds `hand`, the other
// hands and the stock are the rest of the pack shuffled by `seed`.
pan::Position with_hand(const Ruleset& rules, const std::string& hand, std::uint64_t seed) {
  std::vector<CardCounts> hands = {declare_cards(rules, hand)};
  REQUIRE(hands[0].size() == 10);
  CardCounts rest = pan::pack(rules);
  rest -= hands[0];
  std::vector<Card> order = pan::listed(rest);
  Rng rng(seed);
  shuffle_cards(order, rng);
  std::size_t next = 0;
  for (int s = 1; s < 6; ++s) {
    CardCounts h;
    for (int i = 0; i < 10; ++i) h.add(order[next++]);
    hands.push_back(h);
  }
  const std::vector<Card> stock(order.begin() + static_cast<std::ptrdiff_t>(next), order.end());
  return pan::start(rules, hands, 5, stock, true);
}

// Not a card of it melds with another: every rank once, and no two of a suit within two ranks.
constexpr const char* kHopeless = "Ac 4c 7c Kc 2d 5d Jd 3h 6h Qh";
// Four cards with a partner (A 2 of clubs, 5 6 of hearts), six without: a hand greedy's old
// rule (four cards with a partner) played, whose playouts lose several chips more than a drop.
constexpr const char* kWeak = "Ac 2c 5h 6h 4d 7c Js Qh Kd 3s";
// Three groups laid already, and a fourth card to one of them.
constexpr const char* kStrong = "Ac Ac Ac Kd Kd Kd 5h 5h 5h 6h";

pan::MoveKind declared(batch::PanPlayer& player, const pan::Position& p) {
  std::vector<pan::Move> legal;
  pan::legal_moves(p, legal);
  REQUIRE(pan::to_act(p) == 0);
  REQUIRE(legal.size() == 2);
  Rng rng(3);
  return legal[player.choose(p, legal, rng)].kind;
}

}  // namespace

TEST_CASE("pan strong: drops a hopeless hand when a drop costs only the ante, plays a strong one") {
  const auto no_forfeit = testing::shared_ruleset("panguingue-no-forfeit");
  REQUIRE(no_forfeit->pan.drop_forfeit == 0);
  REQUIRE(solve::pan_paired_cards(with_hand(*no_forfeit, kWeak, 1), 0) == 4);
  auto strong = batch::make_pan_player("strong");
  for (std::uint64_t seed : {1, 2, 3}) {
    CHECK(declared(*strong, with_hand(*no_forfeit, kHopeless, seed)) == pan::MoveKind::Drop);
    CHECK(declared(*strong, with_hand(*no_forfeit, kWeak, seed)) == pan::MoveKind::Drop);
    CHECK(declared(*strong, with_hand(*no_forfeit, kStrong, seed)) == pan::MoveKind::Play);
  }
}

TEST_CASE("pan greedy: drops a weak hand where the forfeit is cheap, plays it where it is dear") {
  const auto book = testing::shared_ruleset("panguingue");
  const auto no_forfeit = testing::shared_ruleset("panguingue-no-forfeit");
  // Five cards with a partner (the clubs A 2 3, the hearts 5 6), five without.
  const char* weak = "Ac 2c 3c 5h 6h 4d 7c Js Qh Kd";
  const pan::Position at_book = with_hand(*book, weak, 1);
  REQUIRE(solve::pan_paired_cards(at_book, 0) == 5);
  auto greedy = batch::make_pan_player("greedy");
  CHECK(declared(*greedy, at_book) == pan::MoveKind::Play);
  CHECK(declared(*greedy, with_hand(*no_forfeit, weak, 1)) == pan::MoveKind::Drop);
  // A hand of melds plays under either.
  CHECK(declared(*greedy, with_hand(*no_forfeit, kStrong, 1)) == pan::MoveKind::Play);
  CHECK(declared(*greedy, with_hand(*book, kStrong, 1)) == pan::MoveKind::Play);
}
