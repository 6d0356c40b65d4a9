// judge() and legal_moves() must agree: every listed move is judged legal, and every move
// judged legal is listed. Checked on random positions of every shipped ruleset, with
// random candidate takes (any subset of the hand laid, any discard, any `onto`).
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "cards/shuffle.h"
#include "engine/engine.h"
#include "replay/move_words.h"
#include "rules/ruleset.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;

namespace {

// A move as a key; without rearrange the grouping is part of the move (it is state), as a
// sorted list of melds.
using Key = std::tuple<int, int, int, std::uint64_t, int, int, std::vector<std::uint64_t>>;

Key key_of(const Move& m) {
  std::uint64_t table = (m.kind == MoveKind::Take || m.kind == MoveKind::Lay) ? m.table.bits() : 0;
  std::vector<std::uint64_t> melds;
  for (CardSet meld : m.grouping) melds.push_back(meld.bits());
  std::sort(melds.begin(), melds.end());
  return {static_cast<int>(m.kind), m.seat, m.card, table, m.discard, m.other, melds};
}

Position random_deal(const Ruleset& r, Rng& rng) {
  auto deck = shuffled_deck(r.deck.size(), rng);
  return deal(r, deck, static_cast<int>(rng.below(static_cast<std::uint64_t>(r.seats))));
}

// Cards laid from the hand that make melds with the face-up card: a meld of the card, then
// a few more melds from the hand (disjoint), as a player would lay them. On big hands a
// random subset is almost never legal, so these are the candidates that test "judged
// legal, therefore listed".
CardSet meld_laid(const Position& p, CardSet hand, Rng& rng) {
  const MeldIndex& idx = p.rules->meld_index();
  CardSet laid, left = hand;
  auto some_meld = [&](CardSet within, Card card) {
    std::vector<CardSet> melds = idx.melds_containing(within, card);
    return melds.empty() ? CardSet{} : melds[rng.below(melds.size())];
  };
  laid |= some_meld(left.with(p.up), p.up).without(p.up);
  left -= laid;
  for (int extra = static_cast<int>(rng.below(4)); extra > 0 && !left.empty(); --extra) {
    std::vector<Card> cards;
    for (Card c : left) cards.push_back(c);
    CardSet m = some_meld(left, cards[rng.below(cards.size())]);
    laid |= m;
    left -= m;
  }
  return laid;
}

// Candidate takes that judge() will rule on: random laid subsets, laid melds, every discard
// choice.
std::vector<Move> candidate_takes(const Position& p, Rng& rng) {
  std::vector<Move> out;
  int s = p.actor;
  CardSet hand = p.hand[s];
  for (int t = 0; t < 24; ++t) {
    CardSet laid;
    for (Card c : hand)
      if (rng.below(3) == 0) laid.insert(c);
    if (t == 0) laid = CardSet{};
    if (t % 2 == 1) laid = meld_laid(p, hand, rng);
    Move m;
    m.kind = MoveKind::Take;
    m.seat = static_cast<std::uint8_t>(s);
    m.card = p.up;
    m.table = p.table[s] | laid | CardSet::of(p.up);
    CardSet left = hand - laid;
    if (left.empty()) {
      out.push_back(m);
      continue;
    }
    for (Card d : left) {
      m.discard = d;
      m.other = 0xFF;
      out.push_back(m);
      if (p.rules->forcing.hit)
        for (int o = 0; o < p.seats(); ++o)
          if (o != s) {
            m.other = static_cast<std::uint8_t>(o);
            out.push_back(m);
          }
    }
  }
  return out;
}

}  // namespace

struct UnderTest {
  std::string name;
  std::shared_ptr<const Ruleset> rules;
  int games;  // random deals played (before CONQUIAN_TEST_SCALE)
};

// Every shipped ruleset, variants that exercise the keys no shipped ruleset turns on, and
// hands of 20 to 30 cards with wild cards (the generator once looked for extra
// melds among the 20 lowest cards of the hand only). Big hands list thousands of takes per
// position, so they play fewer deals.
std::vector<UnderTest> rulesets_under_test() {
  std::vector<UnderTest> out;
  for (const auto& name : testing::conquian_ruleset_names()) out.push_back({name, load_ruleset(name), 100});
  const char* variants[] = {
      "base: american\nrearrange: false\n",
      "base: american\nextra_melds: false\n",
      "base: american\nrearrange: false\nextra_melds: false\nforcing: [decline, offer, hit]\n",
      "base: american\nmeld_timing: turn\n",
      "base: american\ncompulsory_take: true\nforcing: [offer]\n",
      "base: three-seat\nfirst_upcard: dealer\nfirst_offer: next\nforcing: [decline, offer, hit, forced_extra_melds]\n",
      "base: nine-card\nstock_out: fewest_in_hand\nwild: [2o, 12b]\n",
      "base: american\nmelds: {set: [3, 3], run: [4, 5]}\nrearrange: false\nmeld_timing: turn\n",
      // auto_take (a house rule) and claim_priority (004's "me sirve"), with the keys they meet.
      "base: american\nauto_take: true\n",
      "base: three-seat-swap\nclaim_priority: previous\nauto_take: true\nforcing: [offer]\n",
      "base: me-sirve\nclaim_priority: previous\nfirst_upcard: dealer\nfirst_offer: next\n",
  };
  const char* big_hands[] = {
      "deck: french-52\nhand: 24\ntarget: 25\nwild: [2d]\n",
      "deck: french-52\nhand: 20\ntarget: 21\nwild: [2d, 2h, Ks]\nforcing: [decline, offer]\n",
      // With sets and runs of three a 30-card hand has up to millions of legal takes in one
      // position (seconds to list and judge); sets of four and runs of four or five keep it
      // to thousands.
      "deck: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, L, M, N], suits: [c, d, h, s]}\nhand: 30\n"
      "target: 31\nmelds: {set: [4, 4], run: [4, 5]}\nwild: [Nc, Nd]\n",
      "deck: french-52\nhand: 22\ntarget: 23\nwild: [2d]\nextra_melds: false\nmeld_timing: turn\n",
  };
  int i = 0;
  for (const char* text : variants) {
    std::string name = "variant-" + std::to_string(++i);
    out.push_back({name + ": " + text, load_ruleset_text(text, name, name + ".yaml"), 100});
  }
  for (const char* text : big_hands) {
    std::string name = "big-hand-" + std::to_string(++i);
    out.push_back({name + ": " + text, load_ruleset_text(text, name, name + ".yaml"), 6});
  }
  return out;
}

TEST_CASE("judge and legal_moves agree on random positions of every shipped ruleset, big hands and wild cards") {
  for (const auto& [name, rules, games] : rulesets_under_test()) {
    CAPTURE(name);
    Rng rng(1234);
    std::vector<Move> legal;
    int positions = 0, checked = 0, accepted = 0;
    for (int game = 0; game < conquian::testing::scaled(games); ++game) {
      Position p = random_deal(*rules, rng);
      for (int ply = 0; ply < 400 && !p.result.over(); ++ply) {
        legal_moves(p, legal);
        REQUIRE_MESSAGE(!legal.empty(), "no legal move in a live position");
        std::set<Key> listed, listed_tables;  // the second without groupings
        for (const auto& m : legal) {
          Verdict v = judge(p, m);
          if (!v.ok()) {
            CAPTURE(move_text(p, m));
            CHECK_MESSAGE(v.ok(), code_name(v.code) << ": " << v.message);
          }
          listed.insert(key_of(m));
          Move table_only = m;
          table_only.grouping = MeldList{};
          listed_tables.insert(key_of(table_only));
        }
        CHECK(listed.size() == legal.size());  // no move listed twice
        if (p.phase == Phase::Offer || p.phase == Phase::Forced) {
          ++positions;
          for (const auto& m : candidate_takes(p, rng)) {
            ++checked;
            bool ok = judge(p, m).ok();
            accepted += ok;
            bool in_list = listed_tables.count(key_of(m)) > 0;
            if (ok != in_list) {
              CAPTURE(move_text(p, m));
              CHECK(ok == in_list);
            }
          }
        }
        apply(p, legal[rng.below(legal.size())]);
      }
    }
    MESSAGE(name << ": " << positions << " positions, " << checked << " candidate takes judged, " << accepted
                 << " of them legal");
    CHECK(accepted > 0);  // the candidates reach the "judged legal, so listed" side too
  }
}
