// The step model of prove/step_model.h: held to the engine (random positions and the cases
// where the two once disagreed), and its induction proofs on the tiny ruleset.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "prove/play_proof.h"
#include "prove/step_agreement.h"
#include "prove/step_variants.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::card;
using conquian::testing::cards;

namespace {

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

std::shared_ptr<const Ruleset> variant(const std::string& name) {
  for (const auto& r : prove::step_variant_rulesets())
    if (r->name == name) return r;
  FAIL("no variant " << name);
  return nullptr;
}

// Moves `set` from wherever it is to seat s's table, as kept meld `meld` when grouped.
void put_on_table(Position& p, int s, CardSet set, int meld) {
  for (int k = 0; k < p.seats(); ++k) p.hand[k] -= set;
  p.table[s] |= set;
  for (Card c : set) p.meld_of[c] = static_cast<std::uint8_t>(meld);
}

// A position of the known stock `rest` (deck order), hands and tables as given.
Position arranged(const Ruleset& r, const std::vector<std::string>& hands,
                  const std::vector<std::vector<std::string>>& melds) {
  Position p = conquian::testing::deal(r, {hands[0], hands[1]}, "");
  for (int s = 0; s < 2; ++s)
    for (std::size_t i = 0; i < melds[s].size(); ++i) {
      CardSet m = cards(r.deck, melds[s][i]);
      // the cards come from the stock: take them out of it
      std::vector<Card> stock;
      for (int j = p.stock_top; j < p.stock_end; ++j)
        if (!m.has(p.stock[j])) stock.push_back(p.stock[j]);
      for (std::size_t j = 0; j < stock.size(); ++j) p.stock[j] = stock[j];
      p.stock_top = 0;
      p.stock_end = static_cast<std::uint8_t>(stock.size());
      put_on_table(p, s, m, static_cast<int>(i));
    }
  return p;
}

}  // namespace

// Moves `c` (a stock card) to the top of the stock, the others keeping their order.
void put_on_top(Position& p, Card c) {
  std::vector<Card> stock = {c};
  for (int j = p.stock_top; j < p.stock_end; ++j)
    if (p.stock[j] != c) stock.push_back(p.stock[j]);
  for (std::size_t j = 0; j < stock.size(); ++j) p.stock[j] = stock[j];
}

TEST_CASE("step model: a lay that reaches the target wins (meld_timing: turn, target below hand + 1)") {
  auto r = variant("v-lay-short");  // hands of 10, target 9
  Position p = conquian::testing::deal(*r, {"Ah Ad As 2h 2d 2s 3h 3d 3s Kd", "Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc"}, "");
  Move lay = conquian::testing::move(p, "{seat: 1, lay: [Ac, 2c, 3c, 4c, 5c, 6c, 7c, Jc, Qc]}");
  REQUIRE(judge(p, lay).ok());
  Position after = p;
  apply(after, lay);
  CHECK(after.result.kind == Outcome::Kind::Win);
  CHECK(after.result.winner == 1);
  prove::StepAgreementChecker checker(*r);
  auto a = checker.check(p);
  INFO(joined(a.disagreements));
  CHECK(a.disagreements.empty());
}

TEST_CASE("step model: a hit card that extends two kept melds joins the one holding the first card in deck order") {
  auto r = variant("v-hit-fixed");  // hit forcing, no regrouping
  // Seat 1 keeps 3h 4h 5h and 6c 6d 6s: 6h extends both.
  Position p = arranged(*r, {"6h 2d 5d Jd Qs 7s 2s", "Kd Kh Ks Jh"}, {{"Ac 2c 3c"}, {"3h 4h 5h", "6c 6d 6s"}});
  // Seat 0 turns 4c (the stock's top card after the deal) and takes it, hitting seat 1 with 6h.
  Card four = card(r->deck, "4c");
  put_on_top(p, four);
  p.actor = 0;
  apply(p, conquian::testing::move(p, "{seat: 0, turn: 4c}"));
  prove::StepAgreementChecker checker(*r);
  auto a = checker.check(p);
  INFO(joined(a.disagreements));
  CHECK(a.disagreements.empty());
  Position after = p;
  apply(after, conquian::testing::move(p, "{seat: 0, take: 4c, melds: [[Ac, 2c, 3c, 4c]], discard: 6h, onto: 1}"));
  // The deck's order is suit by suit (clubs first): 6c comes before 3h, so 6h joins the set.
  CHECK(after.meld_of[card(r->deck, "6h")] == after.meld_of[card(r->deck, "6c")]);
}

TEST_CASE("step model: without regrouping, every grouping of a take is a move of its own") {
  auto r = variant("v-fixed-melds");
  Position p = arranged(*r, {"5h Jh As Qs", "5c 7d 2s 6s"}, {{"Ac 2c 3c", "4d 4h 4s"}, {"Ad 2d 3d", "Qc Qd Qh"}});
  Card four = card(r->deck, "4c");
  put_on_top(p, four);
  p.actor = 0;
  apply(p, conquian::testing::move(p, "{seat: 0, turn: 4c}"));
  // 4c extends the run Ac 2c 3c and the set 4d 4h 4s: two tables, each with four discards.
  std::vector<Move> legal;
  legal_moves(p, legal);
  int takes = 0;
  for (const auto& m : legal) takes += m.kind == MoveKind::Take;
  CHECK(takes == 8);
  prove::StepAgreementChecker checker(*r);
  auto a = checker.check(p);
  INFO(joined(a.disagreements));
  CHECK(a.disagreements.empty());
}

TEST_CASE("step model: agrees with the engine on random positions of every shipped ruleset and variant") {
  std::vector<std::shared_ptr<const Ruleset>> rulesets;
  for (const auto& n : testing::conquian_ruleset_names()) rulesets.push_back(load_ruleset(n));
  for (const auto& r : prove::step_variant_rulesets()) rulesets.push_back(r);
  int per_ruleset = conquian::testing::scaled(4);
  std::mt19937_64 rng(7);
  std::vector<Move> legal;
  long positions = 0, successors = 0;
  for (const auto& r : rulesets) {
    prove::StepAgreementChecker checker(*r);
    std::vector<Card> deck;
    for (Card c : r->deck.all()) deck.push_back(c);
    std::shuffle(deck.begin(), deck.end(), rng);
    Position p = deal(*r, deck, 0);
    for (int i = 0; i < per_ruleset && !p.result.over(); ++i) {
      auto a = checker.check(p, i == 0);
      INFO(r->name << ": " << joined(a.disagreements));
      CHECK(a.disagreements.empty());
      CHECK_FALSE(a.unknown);  // Z3's unknown is never agreement
      CHECK(a.engine_successors == a.model_successors);
      ++positions, successors += a.engine_successors;
      legal_moves(p, legal);
      std::size_t pick = rng() % legal.size();
      for (std::size_t j = 0; j < legal.size() && rng() % 3 != 0; ++j)
        if (legal[j].kind == MoveKind::Take) pick = j;
      apply(p, legal[pick]);
    }
  }
  CHECK(positions >= static_cast<long>(rulesets.size()));
  MESSAGE(positions << " positions, " << successors << " successors compared");
}

TEST_CASE("step model: agrees with the engine on offers against the order of play and on cards auto_take keeps") {
  // claim_priority: previous offers a thrown card to the seat before the thrower first;
  // auto_take forbids the pass of a card that fits the seat's own table. Random deals until
  // both have come up, at three and four seats, every such position compared.
  for (std::string name : {"v-previous-auto", "v-four-previous-auto"}) {
    auto r = variant(name);
    std::mt19937_64 rng(11);
    std::vector<Move> legal;
    prove::StepAgreementChecker checker(*r);
    int backwards = 0, kept = 0, positions = 0;
    for (int d = 0; d < 40 && (backwards < 2 || kept < 2); ++d) {
      std::vector<Card> deck;
      for (Card c : r->deck.all()) deck.push_back(c);
      std::shuffle(deck.begin(), deck.end(), rng);
      Position p = deal(*r, deck, d % r->seats);
      while (!p.result.over() && (backwards < 2 || kept < 2)) {
        legal_moves(p, legal);
        bool thrown = p.phase == Phase::Offer && !p.up_turned && p.refusals == 0;
        bool no_pass = p.phase == Phase::Offer &&
                       std::none_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == MoveKind::Pass; });
        if (thrown) CHECK(p.actor == (p.origin + r->seats - 1) % r->seats);
        if (thrown || no_pass) {
          backwards += thrown, kept += no_pass, ++positions;
          auto a = checker.check(p);
          INFO(name << ": " << joined(a.disagreements));
          CHECK(a.disagreements.empty());
          CHECK_FALSE(a.unknown);
          CHECK(a.engine_successors == a.model_successors);
        }
        std::size_t pick = rng() % legal.size();
        for (std::size_t j = 0; j < legal.size() && rng() % 3 != 0; ++j)
          if (legal[j].kind == MoveKind::Take) pick = j;
        apply(p, legal[pick]);
      }
    }
    CAPTURE(name);
    CHECK(backwards >= 2);
    CHECK(kept >= 2);
    MESSAGE(name << ": " << positions << " positions compared");
  }
}

TEST_CASE("step model: the tiny ruleset's play properties are proved by induction") {
  auto r = load_ruleset("tiny");
  prove::PlayProof p = prove::prove_play(*r);
  INFO(p.failure);
  CHECK(p.inductive);
  CHECK(p.playable);
  CHECK(p.ranked);
  CHECK(p.bound == 35);  // (1 + 2) x 9 stock cards + (2 + 1) x 2 seats x (4 - 3) + 2
  CHECK_FALSE(p.unknown);
}
