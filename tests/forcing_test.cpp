// `conquian forcing`: hand-worked positions, each grouping and discard counted by hand.
#include <doctest/doctest.h>

#include "cli_run.h"
#include <sys/wait.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <map>
#include <set>

#include "engine/position_setup.h"
#include "prove/forcing.h"
#include "record/position_file.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::cards;

namespace {

Position from_text(const std::string& text, std::shared_ptr<const Ruleset>& keep) {
  record::PositionFile pf = record::read_position_text(text, "test.position.yml");
  keep = load_ruleset(pf.ruleset);
  return position_from_file(pf, *keep);
}

// The groupings of a take as text, one "meld | meld" line each (melds in deck order of their
// lowest card: clubs before diamonds in the French deck, oros first in the Spanish one).
std::set<std::string> grouping_words(const Deck& deck, const prove::ForcedTake& t) {
  std::set<std::string> out;
  for (const MeldList& g : t.groupings) {
    std::string s;
    for (CardSet m : g) s += (s.empty() ? "" : " | ") + deck.tokens(m);
    out.insert(s);
  }
  return out;
}

// The decline force of seat 0: 5h, turned and refused by seat 0, fits its set of fives.
const char* kDecline = R"(format: conquian-position/1
ruleset: american
seats:
  - hand: [Kc, Qd, 2h, 7s, Jd, 3c, 4d]
    table: [[5c, 5d, 5s]]
  - hand: [Ac, 2c, 6d, 7d, Kd, 3h, 4h, Js, Qs, Ks]
    table: []
stock: unknown
face_up: {card: 5h, turned: 0}
refused: [0]
to_act: 1
)";

}  // namespace

TEST_CASE("forcing: a decline force with one grouping and seven discards") {
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(kDecline, rules);
  REQUIRE(p.phase == Phase::ForceWindow);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  CHECK(a.card == testing::card(rules->deck, "5h"));
  REQUIRE(a.options.size() == 1);
  const prove::ForceOption& o = a.options[0];
  CHECK(o.rule == prove::ForceRule::Decline);
  CHECK(o.moment == prove::ForceMoment::Now);
  CHECK(o.forced == 0);
  CHECK(o.by == std::vector<int>{1});
  REQUIRE(o.takes.size() == 1);  // forced_extra_melds is off: the card alone
  const prove::ForcedTake& t = o.takes[0];
  CHECK(t.laid.empty());
  CHECK(grouping_words(rules->deck, t) == std::set<std::string>{"5c 5d 5h 5s"});
  CHECK(t.z3_count == 1);
  CHECK(t.engine_count == 1);
  REQUIRE(t.results.size() == 7);  // one per card of the hand
  CardSet discarded;
  for (const auto& r : t.results) {
    discarded.insert(r.take.discard);
    CHECK(r.after.phase == Phase::Offer);
    CHECK(r.after.up == r.take.discard);
    CHECK(to_act(r.after) == 1);
    CHECK(r.after.table[0] == cards(rules->deck, "5c 5d 5s 5h"));
  }
  CHECK(discarded == cards(rules->deck, "Kc Qd 2h 7s Jd 3c 4d"));
}

TEST_CASE("forcing: a card that fits only by regrouping, with three groupings") {
  // 4c extends neither the fives nor 6c-Kc, but 4c 5c 6c ... takes the 5c from the set and
  // leaves 5d 5h 5s. The clubs 4c..Kc (4 5 6 7 J Q K, seven in a row) split into runs of
  // three or more with 4c's run first: 4-6 + 7-K, 4-7 + J-K, 4-K. Three groupings.
  const char* text = R"(format: conquian-position/1
ruleset: american
seats:
  - hand: [2d]
    table: [[5c, 5d, 5s, 5h], [6c, 7c, Jc, Qc, Kc]]
  - hand: [Ac, 2c, 6d, 7d, Kd, 3h, 4h, Js, Qs, Ks]
    table: []
stock: unknown
face_up: {card: 4c, turned: 0}
refused: [0]
to_act: 1
)";
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  REQUIRE(p.phase == Phase::ForceWindow);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  const prove::ForcedTake& t = a.options[0].takes.at(0);
  CHECK(grouping_words(rules->deck, t) == std::set<std::string>{
                                              "4c 5c 6c | 7c Jc Qc Kc | 5d 5h 5s",
                                              "4c 5c 6c 7c | Jc Qc Kc | 5d 5h 5s",
                                              "4c 5c 6c 7c Jc Qc Kc | 5d 5h 5s",
                                          });
  CHECK(t.z3_count == 3);
  CHECK(t.engine_count == 3);
  REQUIRE(t.results.size() == 1);  // the one card in hand
  CHECK(t.results[0].after.up == testing::card(rules->deck, "2d"));

  // Without regrouping (a house ruleset) 4c fits no kept meld: no force window at all.
  std::string no_regroup = text;
  no_regroup.replace(no_regroup.find("american"), 8, std::string(CONQUIAN_SOURCE_DIR) + "/corpus/rulesets/no-regroup.yml");
  Position q = from_text(no_regroup, rules);
  CHECK(q.phase == Phase::Offer);
  prove::ForcingAnswer b = prove::analyse_forcing(q);
  CHECK(b.options.empty());
  CHECK(!b.notes.empty());
}

TEST_CASE("forcing: without rearrange, the kept melds only grow") {
  // 5c extends both the clubs run and the set of fives; without regrouping each kept meld
  // stays whole: 2c 3c 4c 5c | 5d 5h 5s and 2c 3c 4c | 5c 5d 5h 5s. Two groupings.
  std::string text = std::string("format: conquian-position/1\nruleset: ") + CONQUIAN_SOURCE_DIR +
                     R"(/corpus/rulesets/no-regroup.yml
seats:
  - hand: [Kc, Qd, 2h, 7s]
    table: [[2c, 3c, 4c], [5d, 5h, 5s]]
  - hand: [Ac, 6c, 6d, 7d, Kd, 3h, 4h, Js, Qs, Ks]
    table: []
stock: unknown
face_up: {card: 5c, turned: 0}
refused: [0]
to_act: 1
)";
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  REQUIRE(p.phase == Phase::ForceWindow);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  const prove::ForcedTake& t = a.options[0].takes.at(0);
  CHECK(grouping_words(rules->deck, t) ==
        std::set<std::string>{"2c 3c 4c 5c | 5d 5h 5s", "2c 3c 4c | 5c 5d 5h 5s"});
  CHECK(t.results.size() == 4);
}

TEST_CASE("forcing: an offer force under nine-card") {
  // Seat 0 turned 5o and faces it; its own table is empty, so refusing it cannot be forced
  // (decline), but 5o fits seat 1's table: 5o 6o 7o 10o | 5c 5e 5b, or 6o 7o 10o | 5o 5c 5e
  // 5b. Two groupings; seat 1 then throws one of its three cards, which goes to seat 0.
  const char* text = R"(format: conquian-position/1
ruleset: nine-card
seats:
  - hand: [1o, 2o, 3c, 4c, 11e, 12e, 1b, 2b, 3b]
    table: []
  - hand: [12o, 1c, 2e]
    table: [[6o, 7o, 10o], [5c, 5e, 5b]]
stock: unknown
face_up: {card: 5o, turned: 0}
to_act: 0
)";
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  REQUIRE(p.phase == Phase::Offer);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  const prove::ForceOption& o = a.options[0];
  CHECK(o.rule == prove::ForceRule::Offer);
  CHECK(o.forced == 1);
  CHECK(o.by == std::vector<int>{0});
  const prove::ForcedTake& t = o.takes.at(0);
  CHECK(grouping_words(rules->deck, t) ==
        std::set<std::string>{"5o 6o 7o 10o | 5c 5e 5b", "5o 5c 5e 5b | 6o 7o 10o"});
  REQUIRE(t.results.size() == 3);
  for (const auto& r : t.results) {
    CHECK(r.after.phase == Phase::Offer);
    CHECK(to_act(r.after) == 0);
  }
  bool said_decline = false;
  for (const auto& n : a.notes) said_decline |= n.find("does not fit seat 0's table") != std::string::npos;
  CHECK(said_decline);
}

TEST_CASE("forcing: a forced take that wins (empty hand)") {
  const char* text = R"(format: conquian-position/1
ruleset: american
seats:
  - hand: []
    table: [[Ac, 2c, 3c, 4c], [Qd, Qh, Qs], [Jd, Jh, Js]]
  - hand: [Kc, 6d, 7d, Kd, 3h, 4h, 2s, 3s, 4s, Ks]
    table: []
stock: unknown
face_up: {card: 5c, turned: 0}
refused: [0]
to_act: 1
)";
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  REQUIRE(p.phase == Phase::ForceWindow);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  const prove::ForcedTake& t = a.options[0].takes.at(0);
  CHECK(grouping_words(rules->deck, t) == std::set<std::string>{"Ac 2c 3c 4c 5c | Jd Jh Js | Qd Qh Qs"});
  REQUIRE(t.results.size() == 1);
  CHECK(t.results[0].take.discard == kNoCard);
  CHECK(t.results[0].after.result == Outcome{Outcome::Kind::Win, 0});
}

TEST_CASE("forcing: no forcing under american-noforce") {
  std::string text = kDecline;
  text.replace(text.find("ruleset: american"), 17, "ruleset: american-noforce");
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  CHECK(p.phase == Phase::Offer);  // the refusal is no force window: the card goes on to seat 1
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  CHECK(a.options.empty());
  REQUIRE(!a.notes.empty());
  CHECK(a.notes[0].find("no forcing at all") != std::string::npos);
}

TEST_CASE("forcing: under hit, the discard may go onto another table") {
  // Seat 0 is forced to take 5h, then may throw Kc (or any card) to seat 1, or Ks onto seat
  // 1's table of kings, where it fits.
  const char* text = R"(format: conquian-position/1
ruleset: hit
seats:
  - hand: [Ks, Qd, 2h, 7s, Jd, 3c, 4d]
    table: [[5c, 5d, 5s]]
  - hand: [Ac, 2c, 6d, 7d, 3h, 4h, Js]
    table: [[Kc, Kd, Kh]]
stock: unknown
face_up: {card: 5h, turned: 0}
refused: [0]
to_act: 1
)";
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  const prove::ForcedTake& t = a.options[0].takes.at(0);
  REQUIRE(t.results.size() == 8);  // seven discards, and Ks onto seat 1
  int onto = 0;
  for (const auto& r : t.results)
    if (r.take.other != 0xFF) {
      ++onto;
      CHECK(r.take.discard == testing::card(rules->deck, "Ks"));
      CHECK(r.after.phase == Phase::Throw);
      CHECK(to_act(r.after) == 1);
    }
  CHECK(onto == 1);
}

TEST_CASE("forcing: not at a face-up card") {
  const char* text = R"(format: conquian-position/1
ruleset: american
seats:
  - hand: [Kc, Qd, 2h, 7s, Jd, 3c, 4d]
    table: [[5c, 5d, 5s]]
  - hand: [Ac, 2c, 6d, 7d, Kd, 3h, 4h, Js, Qs, Ks]
    table: []
stock: unknown
to_act: 1
)";
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  CHECK(a.card == kNoCard);
  CHECK(a.options.empty());
  REQUIRE(a.notes.size() == 1);
  CHECK(a.notes[0].find("no card is face up") != std::string::npos);
}

TEST_CASE("forcing: the command's JSON and exit status") {
  auto run = [](const std::string& args) {
    auto r = conquian::testing::run_cli("forcing " + args);
    return std::make_pair(r.status, r.out);
  };

  const std::string dir = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/positions/";
  auto [status, out] = run(dir + "decline-regroup.position.yml --json");
  REQUIRE(status == 0);
  auto j = nlohmann::json::parse(out);
  CHECK(j["card"] == "4c");
  CHECK(j["forcible"] == true);
  REQUIRE(j["options"].size() == 1);
  const auto& o = j["options"][0];
  CHECK(o["rule"] == "decline");
  CHECK(o["forced"] == 0);
  CHECK(o["by"] == nlohmann::json::array({1}));
  CHECK(o["groupings"].size() == 3);
  REQUIRE(o["discards"].size() == 1);
  CHECK(o["discards"][0]["face_up"] == "2d");
  CHECK(o["discards"][0]["to_act"] == 1);
  CHECK(o["discards"][0]["outcome"] == "ongoing");
  CHECK(run(dir + "no-such-file.position.yml").first == 2);
  // Z3 out of time: the groupings cannot all be listed, so no answer is shown; exit 3.
  auto [late, late_out] = run(dir + "decline-regroup.position.yml --json --z3-timeout 1");
  CHECK(late == 3);
  CHECK(nlohmann::json::parse(late_out)["unknown"].get<std::string>().find("Z3 could not finish") == 0);
}

TEST_CASE("forcing: Z3's unknown is no list of groupings (issue 11)") {
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(kDecline, rules);
  CHECK_THROWS_AS(prove::analyse_forcing(p, prove::Z3Limits{0, 1}), prove::Z3Undecided);
  CHECK_NOTHROW(prove::analyse_forcing(p));
}

TEST_CASE("forcing: forced_extra_melds lists the takes that lay cards from the hand") {
  // american with forced_extra_melds on. Seat 0 is forced to take 5h; besides adding it to
  // its fives it may lay 6h 7h (5h 6h 7h, the fives back to three), 6h 7h Jh (7 and J are
  // neighbours; two groupings: 5c 5d 5s | 5h 6h 7h Jh and 5c 5d 5h 5s | 6h 7h Jh), the
  // jacks Jc Jd Jh, or 6h 7h with the jacks. Discards: 7, 5, 4, 4 and 2.
  auto rules = load_ruleset_text(
      "base: american\nforcing: {decline: true, offer: false, hit: false, forced_extra_melds: true}\n",
      "extra-forced", "test");
  const char* text = R"(format: conquian-position/1
ruleset: american
seats:
  - hand: [Jc, Jd, Jh, 6h, 7h, 2c, 3d]
    table: [[5c, 5d, 5s]]
  - hand: [Ac, 2d, 6d, 7d, Kd, 3h, 4h, Js, Qs, Ks]
    table: []
stock: unknown
face_up: {card: 5h, turned: 0}
refused: [0]
to_act: 1
)";
  record::PositionFile pf = record::read_position_text(text, "test.position.yml");
  Position p = position_from_file(pf, *rules);
  REQUIRE(p.phase == Phase::ForceWindow);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  const auto& takes = a.options[0].takes;
  REQUIRE(takes.size() == 5);
  const Deck& deck = rules->deck;
  CHECK(takes[0].laid.empty());
  std::map<std::string, std::pair<std::size_t, std::size_t>> seen;  // laid -> groupings, discards
  for (const auto& t : takes) seen[deck.tokens(t.laid)] = {t.groupings.size(), t.results.size()};
  using P = std::pair<std::size_t, std::size_t>;
  CHECK(seen[""] == P{1, 7});
  CHECK(seen["6h 7h"] == P{1, 5});
  CHECK(seen["6h 7h Jh"] == P{2, 4});
  CHECK(seen["Jc Jd Jh"] == P{1, 4});
  CHECK(seen["Jc Jd 6h 7h Jh"] == P{1, 2});
  CHECK(seen.size() == 5);
}

TEST_CASE("forcing: three seats, a decline force by either other seat") {
  // three-seat: hands of 8. Seat 1 threw 5h, offered round the table: seat 2, then seat 0. Seat 2 refused it; seat 0 refused it too, though it fits its fives: the
  // force window is open, and seats 1 and 2 may each force seat 0.
  const char* text = R"(format: conquian-position/1
ruleset: three-seat
seats:
  - hand: [Kc, Qd, 2h, 7s, Jd]
    table: [[5c, 5d, 5s]]
  - hand: [Ac, 2c, 6d, 7d, Kd, 3h, 4h, Js]
    table: []
  - hand: [Qs, Ks, 3c, 4c, 6c, 7c, Jc, Qc]
    table: []
stock: unknown
face_up: {card: 5h, thrown: 1}
refused: [2, 0]
to_act: 1
)";
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  REQUIRE(p.phase == Phase::ForceWindow);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  CHECK(a.options[0].forced == 0);
  CHECK(a.options[0].by == std::vector<int>{1, 2});
  REQUIRE(a.options[0].takes.at(0).results.size() == 5);
  for (const auto& r : a.options[0].takes[0].results) CHECK(to_act(r.after) == 1);  // thrown by 0: seat 1 next
}

TEST_CASE("forcing: a position already forced (forced: 0)") {
  std::string text = kDecline;
  text.replace(text.find("to_act: 1"), 9, "forced: 0\nto_act: 0");
  std::shared_ptr<const Ruleset> rules;
  Position p = from_text(text, rules);
  REQUIRE(p.phase == Phase::Forced);
  prove::ForcingAnswer a = prove::analyse_forcing(p);
  REQUIRE(a.options.size() == 1);
  CHECK(a.options[0].rule == prove::ForceRule::Decline);
  CHECK(a.options[0].moment == prove::ForceMoment::Done);
  CHECK(a.options[0].forced == 0);
  CHECK(a.options[0].lead.empty());
  CHECK(a.options[0].takes.at(0).results.size() == 7);
}

TEST_CASE("forcing: different lists of groupings are an internal disagreement") {
  auto rules = load_ruleset("american");
  const Deck& deck = rules->deck;
  MeldList a, b;
  a.push(cards(deck, "5c 5d 5h 5s"));
  b.push(cards(deck, "5c 5d 5h"));
  // The same groupings in another order agree; a missing, extra or repeated one does not.
  MeldList a2 = a;
  CHECK(prove::same_groupings(deck, "x", {a, b}, {b, a2}).size() == 2);
  CHECK_THROWS_AS(prove::same_groupings(deck, "x", {a}, {b}), prove::ForcingDisagreement);
  CHECK_THROWS_AS(prove::same_groupings(deck, "x", {a}, {a, a}), prove::ForcingDisagreement);
  CHECK_THROWS_AS(prove::same_groupings(deck, "x", {a, b}, {a}), prove::ForcingDisagreement);
  try {
    prove::same_groupings(deck, "x", {a}, {});
  } catch (const prove::ForcingDisagreement& e) {
    CHECK(std::string(e.what()).rfind("internal disagreement", 0) == 0);
  }
}
