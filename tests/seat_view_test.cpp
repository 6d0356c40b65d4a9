// What one seat knows (engine/seat_view.*): its worlds counted, enumerated and sampled.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <map>
#include <set>

#include "engine/seat_view.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::shared_ruleset;

TEST_CASE("seat view: worlds counted, enumerated once each, sampled consistently") {
  auto rules = shared_ruleset("tiny");
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
  auto rules = shared_ruleset("nine-card");
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
  Position q = testing::deal(*shared_ruleset("american"),
                             {"Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc", "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd"}, "");
  CHECK(view_of(q, 1).known(0).empty());
}

TEST_CASE("seat view: a card laid face down in the swap is in its passer's hand in every world") {
  // Three seats: the dealer's left passes first. All choose before any is seen: while the swap
  // goes on, only the passer knows its card, the receiver no more than the third seat. A world
  // picks the unseen swap card from the passer's hand, so that the swap, once every seat has
  // passed, moves a card the world has.
  auto rules = shared_ruleset("three-seat-swap");
  REQUIRE(rules->swap);
  Position p =
      testing::deal(*rules, {"Ac 2c 3c 4c 5c 6c 7c Jc", "Ad 2d 3d 4d 5d 6d 7d Jd", "Ah 2h 3h 4h 5h 6h 7h Jh"}, "");
  const int first = to_act(p);
  const char* laid[] = {"Jc", "Jd", "Jh"};
  testing::play(p, fmt::format("{{seat: {}, swap: {}}}", first, laid[first]));
  const int receiver = (first + 1) % 3, other = (first + 2) % 3;
  SeatView seen = view_of(p, receiver);
  CHECK(seen.swap_unknown[first]);
  CHECK(!seen.known(first).has(testing::card(rules->deck, laid[first])));
  CHECK(seen.pos.swap_card[first] == kNoCard);
  CHECK(view_of(p, first).pos.swap_card[first] == testing::card(rules->deck, laid[first]));
  SeatView unseen = view_of(p, other);
  CHECK(unseen.swap_unknown[first]);
  CHECK(unseen.pos.swap_card[first] == kNoCard);  // what a seat does not see is not in its view
  CHECK(why_impossible(unseen) == "");
  Rng rng(9);
  for (int i = 0; i < 40; ++i) {
    Position w = sample_world(unseen, rng);
    REQUIRE(w.swap_card[first] != kNoCard);
    CHECK(w.hand[first].has(w.swap_card[first]));
    // The other two seats pass (the receiver one of the cards the world gave it); every card
    // is still in one place.
    Position after = w;
    const Card any = *w.hand[receiver].begin();  // the receiver's hand is the world's
    testing::play(after, fmt::format("{{seat: {}, swap: {}}}", receiver, rules->deck.token(any)));
    testing::play(after, fmt::format("{{seat: {}, swap: {}}}", other, laid[other]));
    int cards = after.dead.size() + after.unseen().size();
    for (int s = 0; s < 3; ++s) cards += after.hand[s].size() + after.table[s].size();
    CHECK(cards == rules->deck.size());
  }
  const std::uint64_t n = world_count(unseen);
  for (std::uint64_t i = 0; i < 20; ++i) {
    Position w = world_at(unseen, i * (n / 20));
    CHECK(w.hand[first].has(w.swap_card[first]));
  }
}

TEST_CASE("seat view: impossible views are named") {
  auto rules = shared_ruleset("tiny");
  Position p = testing::deal(*rules, {"Ac 2c 3c", "Ad 2d 3d"}, "");
  SeatView v = view_of(p, 0);
  SeatView more = v;
  more.hand_count[1] = 13;
  CHECK(why_impossible(more).find("only 12 cards are unseen") != std::string::npos);
  SeatView twice = v;
  twice.pos.hand[1].insert(testing::card(rules->deck, "Ac"));
  CHECK(why_impossible(twice).find("Ac is both in") != std::string::npos);
}

TEST_CASE("seat view: a swap's card is seen by its receiver only with the last swap, which ends the swap") {
  // All choose before any is seen: the first passer's card reaches its receiver's eyes only
  // when every seat has passed (004's swap; specs/referee.md, observe).
  auto rules = shared_ruleset("three-seat-swap");
  Position p =
      testing::deal(*rules, {"Ac 2c 3c 4c 5c 6c 7c Jc", "Ad 2d 3d 4d 5d 6d 7d Jd", "Ah 2h 3h 4h 5h 6h 7h Jh"}, "");
  const char* laid[] = {"Jc", "Jd", "Jh"};
  for (int k = 0; k < 3; ++k) {
    const int mover = to_act(p);
    const int receiver = (mover + 1) % 3, third = (mover + 2) % 3;
    Move swap;
    swap.kind = conquian::MoveKind::Swap;  // not record::MoveKind, which a unity batch may see
    swap.seat = static_cast<std::uint8_t>(mover);
    swap.card = testing::card(rules->deck, laid[mover]);
    CHECK(ends_swap(p, mover) == (k == 2));
    CHECK(seen_by(p, swap, mover).card == swap.card);
    CHECK(seen_by(p, swap, third).card == kNoCard);
    CHECK(seen_by(p, swap, receiver).card == (k == 2 ? swap.card : kNoCard));
    testing::play(p, fmt::format("{{seat: {}, swap: {}}}", mover, laid[mover]));
  }
  CHECK(p.phase != Phase::Swap);
}
