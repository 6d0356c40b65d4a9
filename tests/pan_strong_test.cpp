// Panguingue's "strong" player: in a scripted position it keeps from the next seat the card
// that lets it go out, which greedy throws; and it decides from its seat's view alone (the
// same choice in worlds that agree on that view, however the other hands and the stock lie).
#include <doctest/doctest.h>

#include "batch/pan_players.h"
#include "batch/pan_simulate.h"
#include "pan/engine.h"
#include "pan/partition.h"
#include "pan/world.h"
#include "test_util.h"

using namespace conquian;

namespace {

CardCounts pan_cards(const Ruleset& r, const std::string& tokens) {
  CardCounts c;
  for (const auto& w : testing::words(tokens)) c.add(testing::card(r.deck, w));
  return c;
}

// Lays `melds` (one string of tokens each) from seat's hand onto its table, their conditions
// already collected.
void lay(pan::Position& p, int seat, const std::vector<std::string>& melds) {
  for (const auto& tokens : melds) {
    pan::Meld m;
    for (const auto& w : testing::words(tokens)) {
      const Card c = testing::card(p.rules->deck, w);
      REQUIRE_MESSAGE(p.hand[seat].count(c) > 0, "seat " << seat << " holds no " << w);
      p.hand[seat].remove(c);
      m.add(c);
    }
    p.table[seat].add(m);
  }
  p.high_value[seat] = pan::table_value(*p.rules, p.table[seat]);
}

// Six seats, seat 5 the dealer, everyone in. Seat 1 is flat (ten cards on its table, a group
// of kings among them): any king goes out. Seat 0 is offered A♠, which its aces take; it must
// then throw one of K♠ 2♣ 3♦ 4♥, and K♠ (the card with no partner in its hand, greedy's
// throw) goes to seat 1, which goes out with it.
pan::Position kings_trap(const Ruleset& rules) {
  const std::vector<std::string> hands = {
      "Ac Ad Ah Ks 2c 2c 3d 3d 4h 4h",  // seat 0: the strong seat
      "Kc Kd Kh 5h 5h 5h 5h 6d 7d Jd",  // seat 1: to be laid flat
      "6c 6c 7c 7d Qh Qh Jc 2h 2d 3h", "6d 6d 7h 7h Qc Qc Js 2s 4c 4d",
      "6h 6h 5c 5c Jh Jh Qs 3c 3s 4s", "5d 5d 7s 6s Qs Js 2s 3s 4c 4d",
  };
  std::vector<CardCounts> dealt;
  CardCounts rest = pan::pack(rules);
  for (const auto& h : hands) {
    dealt.push_back(pan_cards(rules, h));
    REQUIRE(dealt.back().size() == 10);
    rest -= dealt.back();
  }
  rest.remove(testing::card(rules.deck, "As"));
  std::vector<Card> stock = {testing::card(rules.deck, "As")};
  for (Card c : pan::listed(rest)) stock.push_back(c);
  pan::Position p = pan::start(rules, dealt, 5, stock, true);
  for (int s = 0; s < 6; ++s) {
    pan::Move play;
    play.kind = pan::MoveKind::Play;
    play.seat = static_cast<std::uint8_t>(s);
    pan::apply(p, play);
  }
  lay(p, 0, {"Ac Ad Ah"});
  lay(p, 1, {"Kc Kd Kh", "5h 5h 5h 5h", "6d 7d Jd"});
  p.stock_top++;  // A♠ comes up as if seat 5 had thrown it
  turn::offer(p, testing::card(rules.deck, "As"), 5, false);
  return p;
}

// What seat 0 cannot see: the other hands and the stock, together.
CardCounts hidden_from_seat0(const pan::Position& p) {
  CardCounts c;
  for (int s = 1; s < p.seats(); ++s) c += p.hand[s];
  for (int i = p.stock_top; i < p.stock_end; ++i) c.add(p.stock[i]);
  return c;
}

}  // namespace

TEST_CASE("pan strong: keeps from a flat next seat the king that goes out, which greedy throws") {
  const auto rules = testing::shared_ruleset("panguingue");
  const pan::Position p = kings_trap(*rules);
  REQUIRE(p.phase == pan::Phase::Offer);
  REQUIRE(pan::to_act(p) == 0);
  const Card king = testing::card(rules->deck, "Ks");
  REQUIRE(pan::fits(p, 1, king));
  std::vector<pan::Move> legal;
  pan::legal_moves(p, legal);
  Rng rng(7);
  auto greedy = batch::make_pan_player("greedy");
  const pan::Move& g = legal[greedy->choose(p, legal, rng)];
  CHECK(g.kind == pan::MoveKind::Take);
  CHECK(g.discard == king);  // the trap is greedy's move
  auto strong = batch::make_pan_player("strong");
  const pan::Move& s = legal[strong->choose(p, legal, rng)];
  CHECK(s.kind == pan::MoveKind::Take);  // a card nearer going out all the same
  CHECK(s.discard != king);
}

TEST_CASE("pan strong: the same choice in every world that agrees on its seat's view") {
  const auto rules = testing::shared_ruleset("panguingue");
  auto greedy = batch::make_pan_player("greedy");
  auto strong = batch::make_pan_player("strong");
  Rng shuffle_rng(11);
  std::vector<pan::Move> legal, other_legal;
  int compared = 0;
  for (int deal = 0; deal < 40 && compared < 12; ++deal) {
    const std::vector<Card> order = batch::shuffled_pack(*rules, shuffle_rng);
    pan::Position p = pan::deal(*rules, 6, order, 5);
    // Greedy plays the deal; at each choice of seat 0 between several moves, strong chooses
    // in the real deal and in another world its seat cannot tell from it (the other hands
    // and the stock dealt again), with the same random numbers.
    while (!p.result.over() && compared < 12) {
      pan::legal_moves(p, legal);
      const int seat = pan::to_act(p);
      if (seat == 0 && legal.size() > 1 && p.phase != pan::Phase::Declare) {
        Rng world_rng(static_cast<std::uint64_t>(1000 + compared));
        const pan::Position other = pan::sample_world_with_stock(p, 0, world_rng);
        REQUIRE(other.hand[0] == p.hand[0]);
        REQUIRE(hidden_from_seat0(other) == hidden_from_seat0(p));
        for (int s = 1; s < 6; ++s) REQUIRE(other.hand[s].size() == p.hand[s].size());
        CHECK((other.hand[1] != p.hand[1] || other.stock[other.stock_top] != p.stock[p.stock_top]));
        pan::legal_moves(other, other_legal);
        REQUIRE(other_legal.size() == legal.size());
        Rng a(99), b(99);
        CHECK(strong->choose(p, legal, a) == strong->choose(other, other_legal, b));
        compared++;
      }
      Rng unused(0);
      pan::apply(p, legal[greedy->choose(p, legal, unused)]);
    }
  }
  CHECK(compared == 12);
}
