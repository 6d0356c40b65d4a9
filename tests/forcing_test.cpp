// `conquian forcing` (prove/forcing.h): every position of corpus/positions/ against the answer
// worked out by hand beside it (X.position.yml, X.expected.yml; the format is in
// corpus/README.md), and the comparison of the two lists of groupings.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "prove/forcing.h"
#include "record/position_file.h"
#include "record/yaml_fields.h"
#include "replay/move_words.h"
#include "replay/position_setup.h"
#include "replay/ruleset_cache.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::cards;
namespace fs = std::filesystem;

namespace {

std::string card_words(const Deck& deck, Card c) { return c == kNoCard ? "null" : deck.token(c); }

std::string outcome_words(const Outcome& o) {
  if (o.kind == Outcome::Kind::Win) return "winner " + std::to_string(o.winner);
  if (o.kind == Outcome::Kind::Draw) return "draw";
  return "ongoing";
}

// A scalar of the expected file as text; null as "null".
std::string scalar(const YAML::Node& n) { return !n || n.IsNull() ? "null" : n.Scalar(); }

std::string expected_forcing_outcome(const YAML::Node& n) {
  if (n.IsScalar()) return n.Scalar();
  if (n["winner"]) return "winner " + n["winner"].Scalar();
  if (n["draw"]) return "draw";
  return "?";
}

// A required key of the expected file.
YAML::Node need(record::Fields& f, const std::string& key) {
  YAML::Node n = f.node(key);
  REQUIRE_MESSAGE(n, f.file() << ": no '" << f.path(key) << "'");
  return n;
}

CardSet card_list(const Deck& deck, const YAML::Node& list) {
  CardSet s;
  for (const auto& c : list) s.insert(testing::card(deck, c.Scalar()));
  return s;
}

// A grouping as its melds' bits, sorted: the same melds in any order compare equal.
using GroupingKey = std::vector<std::uint64_t>;
GroupingKey key_of(const MeldList& g) {
  GroupingKey k;
  for (CardSet m : g) k.push_back(m.bits());
  std::sort(k.begin(), k.end());
  return k;
}

void check_discards(const Deck& deck, int forced, const prove::ForcedTake& t, const YAML::Node& list,
                    const std::string& file) {
  REQUIRE(list.IsSequence());
  REQUIRE(t.results.size() == list.size());
  std::set<std::size_t> matched;
  for (const auto& e : list) {
    record::Fields f(e, file, "discards[]");
    const std::string discard = scalar(need(f, "discard"));
    const std::string onto = scalar(f.node("onto"));
    CAPTURE(discard);
    CAPTURE(onto);
    auto it = std::find_if(t.results.begin(), t.results.end(), [&](const prove::ForcedResult& r) {
      return card_words(deck, r.take.discard) == discard &&
             (r.take.other == kNoSeat ? "null" : std::to_string(r.take.other)) == onto;
    });
    REQUIRE_MESSAGE(it != t.results.end(), "no such discard in the answer");
    matched.insert(static_cast<std::size_t>(it - t.results.begin()));
    const Position& after = it->after;
    CHECK(std::string(phase_name(after.phase)) == need(f, "phase").Scalar());
    CHECK(card_words(deck, after.up) == scalar(need(f, "face_up")));
    CHECK((after.result.over() ? "null" : std::to_string(to_act(after))) == scalar(need(f, "to_act")));
    CHECK(outcome_words(after.result) == expected_forcing_outcome(need(f, "outcome")));
    f.finish();
  }
  CHECK(matched.size() == list.size());  // no discard listed twice
  // The discard comes from the hand (or goes onto another table): the forced seat's table is
  // the take's, whatever follows.
  for (const auto& r : t.results) CHECK(r.after.table[forced] == t.table);
}

void check_take(const Deck& deck, int forced, const prove::ForcedTake& t, record::Fields& f, const std::string& file) {
  CHECK(t.table == card_list(deck, need(f, "table")));
  std::multiset<GroupingKey> want, got;
  for (const auto& g : need(f, "groupings")) {
    MeldList melds;
    for (const auto& m : g) melds.push(card_list(deck, m));
    want.insert(key_of(melds));
  }
  for (const MeldList& g : t.groupings) got.insert(key_of(g));
  CHECK(got == want);
  if (YAML::Node checked = f.node("checked")) {
    record::Fields c(checked, file, "checked");
    CHECK(t.z3_count == need(c, "z3").as<std::size_t>());
    CHECK(t.engine_count == need(c, "engine").as<std::size_t>());
    c.finish();
  }
  CHECK(t.z3_count == t.engine_count);  // an answer is given only when both sides agree
  check_discards(deck, forced, t, need(f, "discards"), file);
}

void check_option(const Position& pos, const prove::ForceOption& o, const YAML::Node& e, const std::string& file) {
  const Deck& deck = pos.rules->deck;
  record::Fields f(e, file, "options[]");
  CHECK(std::string(prove::rule_name(o.rule)) == need(f, "rule").Scalar());
  CHECK(std::string(prove::moment_name(o.moment)) == need(f, "moment").Scalar());
  CHECK(o.forced == need(f, "forced").as<int>());
  CHECK(o.by == need(f, "by").as<std::vector<int>>());
  if (YAML::Node lead = f.node("lead")) {
    REQUIRE(o.lead.size() == lead.size());
    Position along = pos;
    for (std::size_t i = 0; i < o.lead.size(); ++i) {
      CHECK(move_text(along, o.lead[i]) == lead[i].Scalar());
      apply(along, o.lead[i]);
    }
  }
  YAML::Node takes = need(f, "takes");
  REQUIRE(o.takes.size() == takes.size());
  if (!o.takes.empty()) CHECK(o.takes[0].laid.empty());  // takes[0]: the card alone
  std::set<std::size_t> matched;
  for (const auto& te : takes) {
    record::Fields tf(te, file, "takes[]");
    const CardSet laid = card_list(deck, need(tf, "laid"));
    CAPTURE(deck.tokens(laid));
    auto it = std::find_if(o.takes.begin(), o.takes.end(), [&](const prove::ForcedTake& t) { return t.laid == laid; });
    REQUIRE_MESSAGE(it != o.takes.end(), "no take laying these cards in the answer");
    matched.insert(static_cast<std::size_t>(it - o.takes.begin()));
    check_take(deck, o.forced, *it, tf, file);
    tf.finish();
  }
  CHECK(matched.size() == takes.size());
  f.finish();
}

void check_answer(const Position& pos, const prove::ForcingAnswer& a, const std::string& file) {
  const Deck& deck = pos.rules->deck;
  YAML::Node root = YAML::LoadFile(file);
  record::Fields f(root, file, "");
  CHECK(std::string(phase_name(pos.phase)) == need(f, "phase").Scalar());
  CHECK(card_words(deck, a.card) == scalar(need(f, "card")));
  if (YAML::Node notes = f.node("notes")) {
    REQUIRE(a.notes.size() == notes.size());
    for (std::size_t i = 0; i < a.notes.size(); ++i) {
      CAPTURE(a.notes[i]);
      CHECK(a.notes[i].find(notes[i].Scalar()) != std::string::npos);
    }
  }
  YAML::Node options = need(f, "options");
  REQUIRE(a.options.size() == options.size());
  for (std::size_t i = 0; i < a.options.size(); ++i) {
    CAPTURE(i);
    check_option(pos, a.options[i], options[i], file);
  }
  f.finish();
}

}  // namespace

TEST_CASE("forcing: every position of corpus/positions gets the answer beside it") {
  const fs::path dir = fs::path(CONQUIAN_SOURCE_DIR) / "corpus" / "positions";
  const std::string suffix = ".position.yml";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() > suffix.size() && name.ends_with(suffix)) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 12);
  // The positions name the corpus's house rulesets bare: that folder is trusted, as
  // `--ruleset-dir corpus/rulesets` would make it.
  RulesetCache cache(RulesetCache::Sources::NamesAndFiles, {(dir.parent_path() / "rulesets").string()});
  for (const auto& file : files) {
    CAPTURE(file.string());
    const std::string name = file.filename().string();
    const fs::path expected = dir / (name.substr(0, name.size() - suffix.size()) + ".expected.yml");
    REQUIRE_MESSAGE(fs::exists(expected), "no expected answer beside " << file.string());
    record::PositionFile pf = record::read_position_file(file.string());
    auto rules = cache.get(pf.ruleset, pf.file);
    Position p = position_from_file(pf, *rules);
    prove::ForcingAnswer a = prove::analyse_forcing(p);
    check_answer(p, a, expected.string());
  }
  // Every expected answer has its position.
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (!name.ends_with(".expected.yml")) continue;
    CAPTURE(name);
    CHECK(fs::exists(dir / (name.substr(0, name.size() - std::string(".expected.yml").size()) + suffix)));
  }
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
  } catch (const prove::ForcingDisagreement& e) { CHECK(std::string(e.what()).rfind("internal disagreement", 0) == 0); }
}

TEST_CASE("forcing: Z3's unknown is no list of groupings") {
  // A resource limit of one unit stops Z3's first check: the groupings cannot all be listed,
  // and the analysis says so rather than answer from an incomplete list.
  const fs::path file = fs::path(CONQUIAN_SOURCE_DIR) / "corpus/positions/decline-seven-discards.position.yml";
  record::PositionFile pf = record::read_position_file(file.string());
  auto rules = load_ruleset(pf.ruleset);
  Position p = position_from_file(pf, *rules);
  CHECK_THROWS_AS(prove::analyse_forcing(p, prove::Z3Limits{0, 1}), prove::Z3Undecided);
  CHECK_NOTHROW(prove::analyse_forcing(p));
}
