#include <doctest/doctest.h>

#include "test_scale.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "brute_force.h"
#include "cards/melds.h"
#include "prove/partition_z3.h"
#include "test_util.h"

using namespace conquian;
using conquian::prove::Z3Partition;
using conquian::testing::cards;
using Answer = Z3Partition::Answer;

namespace {

bool naive_is_meld(const Deck& deck, const MeldRules& rules, CardSet meld) {
  return testing::naive_is_meld(deck, rules, testing::naive_cards(deck, rules, meld));
}

// Every card of `s` in exactly one meld, and every meld legal by the naive checker.
// `split`: a MeldList or a std::vector<CardSet>.
template <class Melds>
bool valid_split(const Deck& deck, const MeldRules& rules, CardSet s, const Melds& split) {
  CardSet seen;
  for (CardSet m : split) {
    if (m.empty() || seen.intersects(m) || !naive_is_meld(deck, rules, m)) return false;
    seen |= m;
  }
  return seen == s;
}

// A split as a sorted list of melds, so that two splits compare as sets of melds.
std::vector<CardSet> canonical(const MeldList& split) {
  std::vector<CardSet> melds(split.begin(), split.end());
  std::sort(melds.begin(), melds.end());
  return melds;
}

std::vector<std::vector<CardSet>> z3_splits(const Deck& deck, const MeldRules& rules, CardSet s) {
  std::vector<std::vector<CardSet>> all;
  std::size_t count = prove::z3_all_partitions(deck, rules, s, [&](const MeldList& split) {
    all.push_back(canonical(split));
    return true;
  });
  CHECK(count == all.size());
  std::sort(all.begin(), all.end());
  return all;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

TEST_CASE("z3 partition: 7 and J are neighbours, nothing wraps") {
  auto deck = *Deck::named("french-40");
  MeldRules rules;
  auto yes = prove::z3_partition(deck, rules, cards(deck, "6h 7h Jh"));
  REQUIRE(yes.answer == Answer::Yes);
  CHECK(yes.split.count == 1);
  CHECK(yes.split.melds[0] == cards(deck, "6h 7h Jh"));
  CHECK(prove::z3_partition(deck, rules, cards(deck, "5h 6h 7h Jh Qh")).answer == Answer::Yes);

  auto wrap = prove::z3_partition(deck, rules, cards(deck, "Qh Kh Ah"));
  CHECK(wrap.answer == Answer::No);
  CHECK(has(wrap.core, "a run has at least as many cards as the ranks it spans"));
  CHECK(prove::z3_partition(deck, rules, cards(deck, "Kh Ah 2h")).answer == Answer::No);
  CHECK(prove::z3_partition(deck, rules, cards(deck, "7h Jh Qh 7c 7d")).answer == Answer::No);

  // 3-4-5-6 of hearts lends its 6 to the sixes; without the third six it cannot.
  auto lend = prove::z3_partition(deck, rules, cards(deck, "3h 4h 5h 6h 6c 6s"));
  REQUIRE(lend.answer == Answer::Yes);
  CHECK(lend.split.count == 2);
  CHECK(valid_split(deck, rules, cards(deck, "3h 4h 5h 6h 6c 6s"), lend.split));
  CHECK(prove::z3_partition(deck, rules, cards(deck, "3h 4h 5h 6h 6c")).answer == Answer::No);

  auto empty = prove::z3_partition(deck, rules, CardSet{});
  CHECK(empty.answer == Answer::Yes);
  CHECK(empty.split.count == 0);
}

TEST_CASE("z3 partition: unsplittable sets and their cores") {
  auto deck = *Deck::named("french-40");
  MeldRules rules;
  // The aces can lend only one of themselves: Ac2c3c + Ad2d3d leaves Ah As.
  auto aces = prove::z3_partition(deck, rules, cards(deck, "Ac Ad Ah As 2c 3c 2d 3d"));
  CHECK(aces.answer == Answer::No);
  CHECK(aces.split.count == 0);
  CHECK_FALSE(aces.core.empty());
  auto pair = prove::z3_partition(deck, rules, cards(deck, "5c 5d"));
  CHECK(pair.answer == Answer::No);
  CHECK(has(pair.core, "a set has 3 to 4 cards"));
  // Four fives make a set, a fifth card of no neighbour cannot be placed: the core names it.
  auto stray = prove::z3_partition(deck, rules, cards(deck, "5c 5d 5h 5s Kd"));
  CHECK(stray.answer == Answer::No);
  CHECK(has(stray.core, "card Kd is in a meld"));
  // A set cannot outgrow the suits, even with room in set_max and a wild card to fill it.
  MeldRules big_sets;
  big_sets.set_max = 6;
  big_sets.wild = cards(deck, "2d");
  CHECK(prove::z3_partition(deck, big_sets, cards(deck, "5c 5d 5h 2d")).answer == Answer::Yes);
  CHECK(prove::z3_partition(deck, big_sets, cards(deck, "5c 5d 5h 5s 2d")).answer == Answer::No);
  CHECK(z3_splits(deck, big_sets, cards(deck, "5c 5d 5h 5s")).size() == 1);
}

TEST_CASE("z3 partition: the wild two of coins") {
  auto deck = *Deck::named("spanish-40");
  MeldRules rules;
  rules.wild = cards(deck, "2o");
  auto ten = prove::z3_partition(deck, rules, cards(deck, "7c 11c 2o"));  // 2o stands for 10c
  REQUIRE(ten.answer == Answer::Yes);
  CHECK(ten.split.count == 1);
  CHECK(prove::z3_partition(deck, rules, cards(deck, "6c 7c 2o")).answer == Answer::Yes);
  CHECK(prove::z3_partition(deck, rules, cards(deck, "1o 2o 3o")).answer == Answer::Yes);
  CHECK(prove::z3_partition(deck, rules, cards(deck, "5c 5e 2o")).answer == Answer::Yes);
  CHECK(prove::z3_partition(deck, rules, cards(deck, "5c 7c 11c 2o")).answer == Answer::No);
  CHECK(prove::z3_partition(deck, rules, cards(deck, "12c 1c 2o")).answer == Answer::No);
  CardSet mixed = cards(deck, "3c 4c 6c 2o 7e 7b 7o");
  auto split = prove::z3_partition(deck, rules, mixed);
  REQUIRE(split.answer == Answer::Yes);
  CHECK(valid_split(deck, rules, mixed, split.split));
  // 5c 5e 5b 2o: only the set of four (the three fives alone would leave the wild alone).
  CHECK(z3_splits(deck, rules, cards(deck, "5c 5e 5b 2o")).size() == 1);
  // Without the wild rule the 2o is an ordinary card.
  CHECK(prove::z3_partition(deck, MeldRules{}, cards(deck, "7c 11c 2o")).answer == Answer::No);
}

TEST_CASE("z3 partition: a run cap of 8") {
  auto deck = *Deck::named("french-40");
  MeldRules capped{3, 4, 3, 8, {}};
  CardSet hearts = cards(deck, "Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh");
  // Ten in a row: 10 | 3+7 7+3 4+6 6+4 5+5 | 3+3+4 3+4+3 4+3+3; the cap drops the 10.
  CHECK(z3_splits(deck, MeldRules{}, hearts).size() == 9);
  auto with_cap = z3_splits(deck, capped, hearts);
  CHECK(with_cap.size() == 8);
  for (const auto& split : with_cap)
    for (CardSet m : split) CHECK(m.size() <= 8);
  // A wild seven bridges 6h and Jh, but the run it makes is 9 cards long.
  MeldRules capped_wild = capped;
  capped_wild.wild = cards(deck, "7c");
  CardSet bridged = cards(deck, "Ah 2h 3h 4h 5h 6h 7c Jh Qh");
  CHECK(prove::z3_partition(deck, MeldRules{3, 4, 3, 0, capped_wild.wild}, bridged).answer == Answer::Yes);
  MeldRules tight = capped_wild;
  tight.run_min = 5;  // no way to cut the nine cards into runs of 5..8
  CHECK(prove::z3_partition(deck, tight, bridged).answer == Answer::No);
  tight.run_max = 9;
  CHECK(prove::z3_partition(deck, tight, bridged).answer == Answer::Yes);
}

TEST_CASE("z3 partition: a resource limit gives unknown with Z3's reason, never yes or no") {
  auto deck = *Deck::named("french-40");
  MeldRules rules;
  const prove::Z3Limits starved{0, 1};
  auto one = prove::z3_partition(deck, rules, cards(deck, "3h 4h 5h 6h 6c 6s"), starved);
  CHECK(one.answer == Answer::Unknown);
  CHECK_FALSE(one.reason_unknown.empty());
  CHECK(one.split.count == 0);
  std::string why;
  auto count = prove::z3_all_partitions(
      deck, rules, cards(deck, "Ac Ad Ah 2c 3c 2d 3d 2h 3h"), [](const MeldList&) { return true; }, starved, &why);
  CHECK(count == 0);
  CHECK_FALSE(why.empty());
  // A time budget already spent before the check: unknown at once.
  auto late = prove::z3_partition(*Deck::named("french-52"), rules, Deck::named("french-52")->all(), {1, 0});
  CHECK(late.answer == Answer::Unknown);
  CHECK(late.reason_unknown.find("timeout") != std::string::npos);
}

TEST_CASE("z3 partition: timeouts and early stops") {
  auto deck = *Deck::named("french-52");
  MeldRules rules;
  // The whole deck splits (13 sets of four, for one); with a 1 ms budget Z3 may give up,
  // but it must never say No.
  auto whole = prove::z3_partition(deck, rules, deck.all(), {1});
  CHECK(whole.answer != Answer::No);
  if (whole.answer == Answer::Unknown) CHECK_FALSE(whole.reason_unknown.empty());
  auto full = prove::z3_partition(deck, rules, deck.all());
  REQUIRE(full.answer == Answer::Yes);
  CHECK(valid_split(deck, rules, deck.all(), full.split));
  // `visit` returning false stops the enumeration after one split.
  int visited = 0;
  std::string why;
  auto count = prove::z3_all_partitions(
      deck, rules, deck.all(),
      [&](const MeldList&) {
        ++visited;
        return false;
      },
      {}, &why);
  CHECK(count == 1);
  CHECK(visited == 1);
  CHECK(why.empty());
  // The deck has far too many splits to list in 100 ms: the enumeration says it stopped.
  prove::z3_all_partitions(
      deck, rules, deck.all(), [](const MeldList&) { return true; }, {100}, &why);
  CHECK_FALSE(why.empty());  // "timeout"
  CHECK_THROWS_AS(prove::z3_all_partitions(deck, rules, deck.all(), [](const MeldList&) { return true; }, {20}),
                  std::runtime_error);
}

namespace {

// Calls f(i) for i in [0, n) on every core: Z3 wants one context per query and per
// thread, which z3_partition and z3_all_partitions give. The checks run afterwards, on the
// main thread, because doctest's assertions are not thread-safe.
template <class F>
void parallel_for(std::size_t n, F&& f) {
  std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
  auto work = [&](std::size_t first) {
    for (std::size_t i = first; i < n; i += threads) f(i);
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& t : pool) t.join();
}

std::vector<CardSet> random_sets(const MeldIndex& idx, int count, int max_size, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<CardSet> sets;
  for (int i = 0; i < count; ++i) {
    int size = 3 + static_cast<int>(rng() % static_cast<unsigned>(max_size - 2));  // 3..max_size
    sets.push_back(testing::random_set(idx, rng, size));
  }
  return sets;
}

// The four answers for one set of cards.
struct Verdicts {
  Z3Partition z3;
  bool fast = false, ranks = false, slow = false;
};

void cross_check_four_deciders(const Deck& deck, const MeldRules& rules, int count, std::uint64_t seed,
                               bool dense = false) {
  MeldIndex idx(deck, rules);
  std::vector<CardSet> sets = random_sets(idx, count, 11, seed);
  if (dense) {  // crowded into a few ranks, where sets and runs compete (the hostile shapes)
    std::mt19937_64 rng(seed);
    for (std::size_t i = 0; i < sets.size(); i += 2)
      sets[i] = testing::dense_set(idx, rng, 3 + static_cast<int>(rng() % 9));
  }
  std::vector<Verdicts> verdicts(sets.size());
  parallel_for(sets.size(), [&](std::size_t i) {
    verdicts[i].z3 = prove::z3_partition(deck, rules, sets[i]);
    verdicts[i].fast = idx.can_partition_by_cover(sets[i]);
    verdicts[i].ranks = idx.can_partition_by_ranks(sets[i]);
    verdicts[i].slow = testing::naive_partition(deck, rules, testing::naive_cards(deck, rules, sets[i]));
  });
  int yes = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const Verdicts& v = verdicts[i];
    bool z3_yes = v.z3.answer == Answer::Yes;
    if (v.z3.answer == Answer::Unknown || z3_yes != v.fast || v.fast != v.slow || v.ranks != v.slow ||
        (z3_yes && !valid_split(deck, rules, sets[i], v.z3.split))) {
      CAPTURE(deck.tokens(sets[i]));
      CAPTURE(v.z3.reason_unknown);
      CHECK(v.z3.answer != Answer::Unknown);
      CHECK(z3_yes == v.fast);
      CHECK(v.fast == v.slow);
      CHECK(v.ranks == v.slow);
      CHECK((!z3_yes || valid_split(deck, rules, sets[i], v.z3.split)));
      return;
    }
    if (v.fast) ++yes;
  }
  MESSAGE(deck.name() << ": Z3, the exact cover, the rank program and brute force agree on " << count << " sets, "
                      << yes << " partitionable");
  CHECK(yes > count / 10);
  CHECK(yes < count * 9 / 10);
}

// Every split, as a sorted list of canonical splits.
using Splits = std::vector<std::vector<CardSet>>;

// Both enumerations on `count` random sets: the same splits, each once, each valid.
void compare_enumerations(const Deck& deck, const MeldRules& rules, int count, std::uint64_t seed) {
  MeldIndex idx(deck, rules);
  std::vector<CardSet> sets = random_sets(idx, count, 12, seed);
  std::vector<Splits> from_z3(sets.size());
  std::vector<std::size_t> counted(sets.size());
  parallel_for(sets.size(), [&](std::size_t i) {
    counted[i] = prove::z3_all_partitions(deck, rules, sets[i], [&](const MeldList& split) {
      from_z3[i].push_back(canonical(split));
      return true;
    });
  });
  std::size_t splits = 0;
  int splittable = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    Splits fast;
    idx.for_each_partition(sets[i], [&](const MeldList& split) {
      fast.push_back(canonical(split));
      return true;
    });
    std::sort(fast.begin(), fast.end());
    Splits& z3 = from_z3[i];
    bool all_valid = true;
    for (const auto& split : z3) all_valid = all_valid && valid_split(deck, rules, sets[i], split);
    std::sort(z3.begin(), z3.end());
    bool once = std::adjacent_find(z3.begin(), z3.end()) == z3.end();
    if (counted[i] != fast.size() || z3 != fast || !all_valid || !once) {
      CAPTURE(deck.tokens(sets[i]));
      CHECK(counted[i] == fast.size());
      CHECK(z3 == fast);
      CHECK(all_valid);
      CHECK(once);
      return;
    }
    splits += counted[i];
    if (counted[i] > 0) ++splittable;
  }
  MESSAGE(deck.name() << ": the same " << splits << " splits of " << count << " sets (" << splittable
                      << " splittable)");
  CHECK(splittable > count / 10);
}

}  // namespace

TEST_CASE("z3 partition agrees with the rank program, the exact cover and brute force on hostile shapes") {
  // Custom decks as large as the limits allow, sets and runs of two, caps, wild cards.
  auto d16x4 = testing::custom_deck(16, 4), d32x2 = testing::custom_deck(32, 2), d13x4 = testing::custom_deck(13, 4);
  MeldRules twos{2, 4, 2, 0, {}};
  MeldRules capped_wilds{2, 4, 2, 3, {}};
  capped_wilds.wild = CardSet::of(d16x4.card(0, 15)).with(d16x4.card(1, 15));
  MeldRules pairs_wilds{2, 2, 2, 0, {}};
  for (int i = 0; i < 4; ++i) pairs_wilds.wild.insert(d32x2.card(i % 2, 31 - i / 2));
  MeldRules long_runs{3, 4, 5, 7, {}};
  long_runs.wild = CardSet::of(d13x4.card(2, 12)).with(d13x4.card(3, 12)).with(d13x4.card(3, 11));
  cross_check_four_deciders(d16x4, twos, conquian::testing::scaled(500), 31, true);
  cross_check_four_deciders(d16x4, capped_wilds, conquian::testing::scaled(500), 32, true);
  cross_check_four_deciders(d32x2, pairs_wilds, conquian::testing::scaled(500), 33, true);
  cross_check_four_deciders(d13x4, long_runs, conquian::testing::scaled(500), 34, true);
}

TEST_CASE("z3 partition agrees with the exact cover and brute force") {
  auto f40 = *Deck::named("french-40");
  auto f52 = *Deck::named("french-52");
  auto s40 = *Deck::named("spanish-40");
  MeldRules wild;
  wild.wild = CardSet::of(*s40.parse("2o"));
  cross_check_four_deciders(f40, MeldRules{}, conquian::testing::scaled(3'000), 11);
  cross_check_four_deciders(f40, MeldRules{3, 4, 3, 8, {}}, conquian::testing::scaled(3'000), 12);
  cross_check_four_deciders(f52, MeldRules{}, conquian::testing::scaled(3'000), 13);
  cross_check_four_deciders(s40, wild, conquian::testing::scaled(3'000), 14);
}

TEST_CASE("z3 enumeration finds exactly the splits of the exact cover, each once") {
  auto f40 = *Deck::named("french-40");
  auto s40 = *Deck::named("spanish-40");
  auto f52 = *Deck::named("french-52");
  MeldRules wild;
  wild.wild = CardSet::of(*s40.parse("2o"));
  MeldRules two_wilds;
  two_wilds.wild = CardSet::of(*f40.parse("2d")).with(*f40.parse("Ks"));
  compare_enumerations(f40, MeldRules{}, conquian::testing::scaled(300), 21);
  compare_enumerations(f40, MeldRules{3, 4, 3, 8, {}}, conquian::testing::scaled(300), 22);
  compare_enumerations(f52, MeldRules{}, conquian::testing::scaled(300), 23);
  compare_enumerations(s40, wild, conquian::testing::scaled(300), 24);
  compare_enumerations(f40, two_wilds, conquian::testing::scaled(300), 25);
}
