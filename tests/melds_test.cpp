#include <doctest/doctest.h>

#include <random>

#include "brute_force.h"
#include "cards/melds.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::cards;

TEST_CASE("decks: tokens, order and neighbours") {
  auto deck = *Deck::named("french-40");
  CHECK(deck.size() == 40);
  CHECK(deck.token(0) == "Ac");
  CHECK(deck.parse("Jh").has_value());
  CHECK_FALSE(deck.parse("8h").has_value());
  CHECK_FALSE(deck.parse("jh").has_value());  // tokens are case-sensitive
  CHECK_FALSE(deck.parse("Xx").has_value());
  auto spanish = *Deck::named("spanish-40");
  CHECK(spanish.parse("10o") == spanish.card(0, 7));
  CHECK(spanish.parse("12b") == spanish.card(3, 9));
  std::string why;
  CHECK_FALSE(Deck::custom(std::vector<std::string>(17, "x"), {"a", "b", "c", "d"}, &why));
  CHECK_FALSE(Deck::custom({"A", "AA"}, {"Ax", "x"}, &why));  // "A"+"Ax" = "AA"+"x"
  CHECK(why.find("ambiguous") != std::string::npos);
  auto old = Deck::custom({"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}, {"c", "d", "h", "s"}, &why);
  REQUIRE(old);
  CHECK(old->parse("10s") == old->card(3, 9));
  // At most four suits (specs/limits.md): 32 suits of two ranks would be 2^32 sets a rank.
  CHECK_FALSE(Deck::custom({"A", "B"}, {"a", "b", "c", "d", "e"}, &why));
  CHECK(why == "a deck may have at most 4 suits; this one has 5");
}

TEST_CASE("melds: sets, runs, the 7-J neighbours, no wrap") {
  auto deck = *Deck::named("french-40");
  MeldIndex idx(deck, MeldRules{});
  CHECK(idx.is_meld(cards(deck, "6h 7h Jh")));
  CHECK(idx.is_meld(cards(deck, "5c 5d 5s")));
  CHECK(idx.is_meld(cards(deck, "5c 5d 5s 5h")));
  CHECK_FALSE(idx.is_meld(cards(deck, "Qh Kh Ah")));  // nothing wraps
  CHECK_FALSE(idx.is_meld(cards(deck, "5c 5d")));
  CHECK_FALSE(idx.is_meld(cards(deck, "5c 6c 7d")));
  CHECK(idx.is_meld(cards(deck, "Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh")));  // no cap
  MeldIndex capped(deck, MeldRules{3, 4, 3, 8, {}});
  CHECK_FALSE(capped.is_meld(cards(deck, "Ah 2h 3h 4h 5h 6h 7h Jh Qh")));
  CHECK(capped.is_meld(cards(deck, "Ah 2h 3h 4h 5h 6h 7h Jh")));
}

TEST_CASE("partition: hand-worked splits") {
  auto deck = *Deck::named("french-40");
  MeldIndex idx(deck, MeldRules{});
  // 3-4-5-6 of hearts lends its 6 to the sixes (seed 003's example).
  CHECK(idx.can_partition(cards(deck, "3h 4h 5h 6h 6c 6s")));
  CHECK_FALSE(idx.can_partition(cards(deck, "3h 4h 5h 6h 6c")));
  MeldList out;
  REQUIRE(idx.find_partition(cards(deck, "3h 4h 5h 6h 6c 6s"), out));
  CHECK(out.count == 2);
  int splits = 0;
  idx.for_each_partition(cards(deck, "Ac Ad Ah As 2c 3c 2d 3d"), [&](const MeldList&) {
    ++splits;
    return true;
  });
  CHECK(splits == 0);  // the aces can only lend one: Ac2c3c + Ad2d3d leaves Ah As
  idx.for_each_partition(cards(deck, "Ac Ad Ah 2c 3c 2d 3d 2h 3h"), [&](const MeldList&) {
    ++splits;
    return true;
  });
  CHECK(splits == 2);  // three runs, or three sets of A, 2, 3
  CHECK(idx.can_partition(CardSet{}));
}

TEST_CASE("partition: the yes/no search splits long melds; every split is still found") {
  auto deck = *Deck::named("french-52");
  MeldIndex idx(deck, MeldRules{});
  const CardSet suit = cards(deck, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh");
  CHECK(idx.can_partition(suit));
  MeldList out;
  REQUIRE(idx.find_partition(suit, out));
  CHECK(out.cards() == suit);
  int splits = 0;
  bool whole = false;
  idx.for_each_partition(suit, [&](const MeldList& m) {
    ++splits;
    whole = whole || m.count == 1;
    return true;
  });
  CHECK(whole);         // the enumeration still has the whole suit as one run
  CHECK(splits == 28);  // the compositions of 13 into parts of 3 or more
  CHECK(idx.can_partition(cards(deck, "Ah 2h 3h 4h 5h 6h 7h 7c 7d")));  // 6 + set, or 3 + 3 + ...
  CHECK_FALSE(idx.can_partition(cards(deck, "Ah 2h 3h 4h 5h 6h 7h 8c")));
  MeldIndex capped(deck, MeldRules{3, 4, 3, 5, {}});
  CHECK(capped.can_partition(cards(deck, "Ah 2h 3h 4h 5h 6h 7h")));  // 3 + 4 within the cap of 5
  CHECK(capped.can_partition(cards(deck, "Ah 2h 3h 4h 5h")));
  CHECK_FALSE(capped.is_meld(cards(deck, "Ah 2h 3h 4h 5h 6h")));
  MeldIndex pairs(deck, MeldRules{2, 4, 3, 0, {}});
  CHECK(pairs.can_partition(cards(deck, "5c 5d 5h 5s")));  // one set of four, or two pairs
  CHECK_FALSE(pairs.can_partition(cards(deck, "5c 5d 5h 6s")));
}

TEST_CASE("partition: wild two of coins") {
  auto deck = *Deck::named("spanish-40");
  MeldRules rules;
  rules.wild = cards(deck, "2o");
  MeldIndex idx(deck, rules);
  CHECK(idx.is_meld(cards(deck, "5c 5e 2o")));
  CHECK(idx.is_meld(cards(deck, "6c 7c 2o")));   // 2o stands for 10c (or 5c)
  CHECK(idx.is_meld(cards(deck, "7c 11c 2o")));  // 2o stands for 10c, the 7's neighbour
  CHECK(idx.is_meld(cards(deck, "1o 2o 3o")));   // the wild may stand for itself
  CHECK_FALSE(idx.is_meld(cards(deck, "5c 7c 11c 2o")));
  CHECK(idx.can_partition(cards(deck, "3c 4c 6c 2o 7e 7b 7o")));
  int splits = 0;
  idx.for_each_partition(cards(deck, "5c 5e 5b 2o"), [&](const MeldList& m) {
    CHECK(m.count == 1);
    ++splits;
    return true;
  });
  CHECK(splits == 1);
}

TEST_CASE("melds_containing lists each meld once") {
  auto deck = *Deck::named("french-40");
  MeldIndex idx(deck, MeldRules{});
  auto found = idx.melds_containing(cards(deck, "5c 5d 5s 5h 4c 6c"), *deck.parse("5c"));
  // sets: 5c with two of {5d,5s,5h} (3) or all three (1); runs: 4-5-6c (1)
  CHECK(found.size() == 5);
}

namespace {

void cross_check_meld_index(const Deck& deck, const MeldRules& rules, int count, std::uint64_t seed) {
  MeldIndex idx(deck, rules);
  std::mt19937_64 rng(seed);
  int yes = 0;
  count = conquian::testing::scaled(count);
  for (int i = 0; i < count; ++i) {
    int size = 3 + static_cast<int>(rng() % 9);  // 3..11 cards
    CardSet s = conquian::testing::random_set(idx, rng, size);
    bool fast = idx.can_partition(s);
    bool slow = conquian::testing::naive_partition(deck, rules, conquian::testing::naive_cards(deck, rules, s));
    bool cover = idx.can_partition_by_cover(s), ranks = idx.can_partition_by_ranks(s);
    if (fast != slow || cover != slow || ranks != slow) {
      CAPTURE(deck.tokens(s));
      CHECK(fast == slow);
      CHECK(cover == slow);
      CHECK(ranks == slow);
      return;
    }
    MeldList split, by_ranks;
    CHECK(idx.find_partition(s, split) == fast);
    CHECK(idx.find_partition_by_ranks(s, by_ranks) == fast);
    if (fast) {
      ++yes;
      CHECK(split.cards() == s);
      for (CardSet m : split) CHECK(idx.is_meld(m));
      CHECK(by_ranks.cards() == s);
      for (CardSet m : by_ranks) CHECK(idx.is_meld(m));
    }
  }
  MESSAGE(deck.name() << ": " << yes << " of " << count << " sets partitionable");
  CHECK(yes > count / 10);
  CHECK(yes < count * 9 / 10);
}

}  // namespace

TEST_CASE("the exact cover, the rank program and brute force agree on 100,000 random sets per deck") {
  auto f40 = *Deck::named("french-40");
  auto f52 = *Deck::named("french-52");
  auto s40 = *Deck::named("spanish-40");
  cross_check_meld_index(f40, MeldRules{}, 100'000, 1);
  cross_check_meld_index(f40, MeldRules{3, 4, 3, 8, {}}, 100'000, 2);
  cross_check_meld_index(f52, MeldRules{}, 100'000, 3);
  MeldRules wild;
  wild.wild = CardSet::of(*s40.parse("2o"));
  cross_check_meld_index(s40, wild, 100'000, 4);
  MeldRules two_wilds;
  two_wilds.wild = CardSet::of(*f40.parse("2d")).with(*f40.parse("Ks"));
  cross_check_meld_index(f40, two_wilds, 30'000, 5);
}

namespace {

// The shapes of `conquian_bench partition-hostile` and more: custom decks of up to 64
// cards, sets and runs of two, caps, and wild cards (which the loader allows up to 8).
struct HostileShape {
  int ranks, suits;
  MeldRules rules;
  int wilds;  // the wild cards: the first card of each of the `wilds` highest ranks' suits
};

MeldRules with_wilds(const Deck& deck, MeldRules rules, int wilds) {
  for (int i = 0; i < wilds; ++i)
    rules.wild.insert(deck.card(i % deck.suit_count(), deck.rank_count() - 1 - i / deck.suit_count()));
  return rules;
}

const HostileShape kHostile[] = {
    {16, 4, {3, 4, 3, 0, {}}, 0}, {16, 4, {2, 4, 2, 0, {}}, 0}, {16, 4, {3, 3, 3, 3, {}}, 0},
    {32, 2, {2, 2, 2, 0, {}}, 0}, {64, 1, {2, 2, 3, 0, {}}, 0}, {16, 4, {2, 4, 2, 3, {}}, 2},
    {16, 4, {2, 3, 4, 6, {}}, 4}, {13, 4, {3, 4, 3, 0, {}}, 8}, {21, 3, {2, 3, 2, 4, {}}, 3},
    {32, 2, {2, 2, 5, 0, {}}, 8}, {16, 4, {4, 4, 7, 9, {}}, 1},
};

}  // namespace

TEST_CASE("the rank program on hostile shapes: brute force, the exact cover and Z3-free splits agree") {
  for (const HostileShape& shape : kHostile) {
    Deck deck = conquian::testing::custom_deck(shape.ranks, shape.suits);
    MeldRules rules = with_wilds(deck, shape.rules, shape.wilds);
    MeldIndex idx(deck, rules);
    CAPTURE(shape.ranks);
    CAPTURE(shape.suits);
    CAPTURE(shape.wilds);
    std::mt19937_64 rng(static_cast<std::uint64_t>(shape.ranks * 100 + shape.wilds));
    int yes = 0, count = conquian::testing::scaled(3000);
    for (int i = 0; i < count; ++i) {
      // Small tables against brute force; larger ones against the exact cover alone.
      const bool small = i % 3 != 0;
      const int size = small ? 3 + static_cast<int>(rng() % 9) : 12 + static_cast<int>(rng() % 7);
      CardSet s = i % 2 ? conquian::testing::dense_set(idx, rng, size) : conquian::testing::random_set(idx, rng, size);
      bool ranks = idx.can_partition_by_ranks(s);
      bool truth = small
                       ? conquian::testing::naive_partition(deck, rules, conquian::testing::naive_cards(deck, rules, s))
                       : idx.can_partition_by_cover(s);
      MeldList split;
      bool found = idx.find_partition_by_ranks(s, split);
      if (ranks != truth || idx.can_partition(s) != truth || found != truth) {
        CAPTURE(deck.tokens(s));
        CHECK(ranks == truth);
        CHECK(idx.can_partition(s) == truth);
        CHECK(found == truth);
        return;
      }
      if (found) {
        ++yes;
        CHECK(split.cards() == s);
        for (CardSet m : split) CHECK(idx.is_meld(m));
      }
    }
    MESSAGE(shape.ranks << "x" << shape.suits << " with " << shape.wilds << " wilds: " << yes << " of " << count
                        << " splittable");
    CHECK(yes > 0);
    CHECK(yes < count);
  }
}

TEST_CASE("the 33-card tables of the largest rulesets: every answer past the cover's budget is a real split or none") {
  // The hybrid (can_partition, find_partition) answers from the cover when it finishes
  // within its budget and from the rank program when not; on these tables both happen.
  for (const HostileShape& shape : kHostile) {
    Deck deck = conquian::testing::custom_deck(shape.ranks, shape.suits);
    MeldRules rules = with_wilds(deck, shape.rules, shape.wilds);
    MeldIndex idx(deck, rules);
    std::mt19937_64 rng(99);
    for (int i = 0; i < conquian::testing::scaled(200); ++i) {
      CardSet s = conquian::testing::dense_set(idx, rng, 33);
      bool ranks = idx.can_partition_by_ranks(s);
      MeldList split;
      bool found = idx.find_partition(s, split);
      if (idx.can_partition(s) != ranks || found != ranks) {
        CAPTURE(deck.tokens(s));
        CHECK(idx.can_partition(s) == ranks);
        CHECK(found == ranks);
        return;
      }
      if (found) {
        CHECK(split.cards() == s);
        for (CardSet m : split) CHECK(idx.is_meld(m));
      }
    }
  }
}
