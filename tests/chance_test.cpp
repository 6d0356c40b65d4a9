// The search with the stock unknown (src/solve/chance*.{h,cpp}, meld_reach.*) against plain
// expectimax (plain_expectimax: every move and card, no pruning, no card classes): the
// expected score and the chance of each outcome, exactly, on thousands of small positions.
#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "batch/players.h"
#include "cards/shuffle.h"
#include "cli_run.h"
#include "position_text.h"
#include "record/position_file.h"
#include "replay/position_setup.h"
#include "solve/chance.h"
#include "solve/chance_reference.h"
#include "solve/chance_search.h"
#include "solve/meld_reach.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;

namespace {

// Variants of the tiny deck that reach every branch of the rules the search meets: lays at
// a turn, hits, no forcing, kept groupings, the fewest-cards stock-out, compulsory takes, a
// wild card, forcing by offer.
std::shared_ptr<const Ruleset> variant(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  auto& r = cache[name];
  if (r) return r;
  static const std::map<std::string, std::string> extra = {
      {"tiny", ""},
      {"tiny-lay", "meld_timing: turn\n"},
      {"tiny-hit", "forcing: {decline: false, offer: false, hit: true, forced_extra_melds: false}\n"},
      {"tiny-noforce", "forcing: {decline: false, offer: false, hit: false, forced_extra_melds: false}\n"},
      {"tiny-kept", "rearrange: false\nextra_melds: false\n"},
      {"tiny-fewest", "stock_out: fewest_in_hand\n"},
      {"tiny-compulsory", "compulsory_take: true\n"},
      {"tiny-wild", "wild: [Ah]\n"},
      {"tiny-offer", "forcing: {decline: false, offer: true, hit: false, forced_extra_melds: true}\n"},
      {"tiny-dealer-upcard", "first_upcard: dealer\nfirst_offer: next\n"},
  };
  if (name == "american") r = load_ruleset("american");
  else r = load_ruleset_text("base: tiny\n" + extra.at(name), name, name + ".yaml");
  return r;
}

// A deal of `rules` played `moves` random moves; refusals weighted so that deals last.
Position random_position(const Ruleset& rules, Rng& rng, int moves, bool mostly_refuse) {
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  Position p = deal(rules, deck, static_cast<int>(rng.below(2)));
  std::vector<Move> legal;
  for (int i = 0; i < moves && !p.result.over(); ++i) {
    legal_moves(p, legal);
    std::size_t pick = rng.below(legal.size());
    if (mostly_refuse && rng.below(4) != 0)
      for (std::size_t k = 0; k < legal.size(); ++k)
        if (legal[k].kind == MoveKind::Pass || legal[k].kind == MoveKind::Waive) pick = k;
    apply(p, legal[pick]);
  }
  return p;
}

void check_same(const solve::ExactChances& a, const solve::ExactChances& b) {
  using solve::to_string;
  CHECK(to_string(a.denominator) == to_string(b.denominator));
  CHECK(to_string(a.expected) == to_string(b.expected));
  CHECK(to_string(a.win0) == to_string(b.win0));
  CHECK(to_string(a.win1) == to_string(b.win1));
  CHECK(to_string(a.draw) == to_string(b.draw));
}

solve::Options configuration(int k) {
  solve::Options o;
  o.table_bits = 12;  // small: entries are replaced often
  if (k == 1) o.transposition = false;
  if (k == 2) o.ordering = false;
  if (k == 3) o.table_bits = 10;
  if (k == 4) o.threads = 2, o.solo_nodes = 0;  // two threads on one small table, from the first node
  return o;
}

}  // namespace

TEST_CASE("chance search: exact values and outcome chances equal plain expectimax's") {
  struct Set {
    std::string ruleset;
    int positions;
    int max_unseen;
    int moves;  // random moves played before (at most)
  };
  const std::vector<Set> sets = {
      {"tiny", 1000, 6, 30},           {"tiny-lay", 300, 6, 30},
      {"tiny-hit", 200, 6, 30},        {"tiny-noforce", 200, 6, 30},
      {"tiny-kept", 200, 6, 30},       {"tiny-fewest", 200, 6, 30},
      {"tiny-compulsory", 200, 6, 30}, {"tiny-wild", 300, 6, 30},
      {"tiny-offer", 200, 6, 30},      {"tiny-dealer-upcard", 150, 6, 30},
      {"american", 200, 5, 200},
  };
  int compared = 0, uncertain = 0;
  auto greedy = batch::make_greedy_player();
  for (const Set& set : sets) {
    auto rules = variant(set.ruleset);
    Rng rng(20261201);
    std::vector<std::unique_ptr<solve::ChanceSolver>> solvers;  // kept across positions: tables reused
    for (int k = 0; k < 5; ++k) solvers.push_back(std::make_unique<solve::ChanceSolver>(configuration(k)));
    const int want = conquian::testing::scaled(set.positions);
    for (int found = 0, tries = 0; found < want && tries < 50 * want; ++tries) {
      // Random play until at most max_unseen cards are left, and then a few moves more.
      // American: greedy play (random one move in four), which builds melds as players do.
      const bool american = set.ruleset == "american";
      Position known = random_position(*rules, rng, 0, false);
      std::vector<Move> legal;
      int extra = static_cast<int>(rng.below(4));
      while (!known.result.over() && (known.stock_left() > set.max_unseen || extra-- > 0)) {
        legal_moves(known, legal);
        std::size_t pick = rng.below(legal.size());
        if (american && rng.below(4) != 0) pick = greedy->choose(known, legal, rng);
        apply(known, legal[pick]);
      }
      if (known.result.over()) continue;
      const Position p = forget_stock(known);
      ++found;
      CAPTURE(set.ruleset);
      CAPTURE(tries);
      solve::PlainExpectimax reference;  // a fresh memo: small, so quick
      const solve::ExactChances plain = reference.value(p);
      for (std::size_t k = 0; k < solvers.size(); ++k) {
        if (k == 1 && p.stock_left() > 4) continue;  // without a table the tree is big
        CAPTURE(k);
        solvers[k]->reset_nodes();
        if (k == 4) check_same(solvers[k]->solve(p).exact, plain);
        else check_same(solvers[k]->exact_value(p), plain);
      }
      // The same stock, known: one draw of weight n.
      check_same(solvers[0]->exact_value(known), solve::PlainExpectimax().value(known));
      // Every move's value, and a line of legal moves that keeps the value until a turn.
      solve::ChanceResult r = solvers[0]->solve(p, true);
      REQUIRE(r.solved);
      check_same(r.exact, plain);
      legal_moves(p, legal);
      REQUIRE(r.moves.size() == legal.size());
      for (const auto& mv : r.moves) {
        Position child = p;
        apply(child, mv.move);
        solve::ExactChances c = reference.value(child);
        const solve::Int128 scale = mv.move.kind == MoveKind::Turn ? p.stock_left() : 1;
        CHECK(solve::to_string(mv.exact.expected) == solve::to_string(c.expected * scale));
        CHECK(solve::to_string(mv.exact.win0) == solve::to_string(c.win0 * scale));
        CHECK(solve::to_string(mv.exact.win1) == solve::to_string(c.win1 * scale));
      }
      Position q = p;
      for (const Move& m : r.line) {
        REQUIRE(judge(q, m).ok());
        apply(q, m);
        check_same(reference.value(q), plain);
      }
      CHECK((q.result.over() || q.phase == Phase::Turn));
      uncertain +=
          plain.win0 != plain.denominator && plain.win1 != plain.denominator && plain.draw != plain.denominator;
      ++compared;
    }
    CHECK(compared > 0);
  }
  CHECK(compared >= conquian::testing::scaled(2000));
  CHECK(uncertain > compared / 10);  // real games: chance decides many of them
}

TEST_CASE("useless cards: every turn of one leads to the same value") {
  // The classes of meld_reach.h, checked directly: each useless card turned gives the same
  // value as every other.
  for (const char* name : {"tiny", "tiny-kept", "american", "wild-two"}) {
    auto rules = std::string(name) == "wild-two" ? load_ruleset(name) : variant(name);
    Rng rng(31);
    solve::MeldReach reach(*rules);
    solve::PlainExpectimax reference;
    auto greedy = batch::make_greedy_player();
    int classes = 0;
    for (int i = 0; i < conquian::testing::scaled(400) && classes < conquian::testing::scaled(60); ++i) {
      const bool greedy_play = std::string(name) == "american" || std::string(name) == "wild-two";
      Position p = forget_stock(random_position(*rules, rng, 0, false));
      std::vector<Move> legal;
      while (!p.result.over() && !(p.phase == Phase::Turn && p.stock_left() <= (greedy_play ? 5 : 6))) {
        legal_moves(p, legal);
        std::size_t pick = rng.below(legal.size());
        if (greedy_play && rng.below(4) != 0) pick = greedy->choose(p, legal, rng);
        apply(p, legal[pick]);
      }
      if (p.result.over()) continue;
      CardSet useless = reach.useless_unseen(p);
      if (useless.size() < 2) continue;
      ++classes;
      std::optional<solve::Int128> first;
      for (Card c : useless) {
        Move m;
        m.kind = MoveKind::Turn;
        m.seat = p.actor;
        m.card = c;
        Position child = p;
        apply(child, m);
        solve::Int128 v = reference.value(child).expected;
        if (!first) first = v;
        CAPTURE(name);
        CHECK(v == *first);
      }
    }
    const std::string label = name;
    CAPTURE(label);
    CHECK(classes > 0);
  }
}

// Positions of random deals played on (at random, american mostly greedy) until a few
// cards are unseen, each prepared as the search stands on it: `on_node(rules, node,
// reference)` for each, `per_variant` deals of each tiny variant and 2.5 times as many of
// american; `reference` is plain expectimax for the variant's positions (its memo holds one
// ruleset's).
template <typename OnNode>
void for_small_nodes(std::initializer_list<const char*> names, std::uint64_t seed, int per_variant, OnNode&& on_node) {
  for (const char* name : names) {
    auto rules = variant(name);
    Rng rng(seed);
    auto greedy = batch::make_greedy_player();
    solve::Options o;
    o.table_bits = 12;
    solve::ChanceSearch search(o);
    solve::PlainExpectimax reference;
    const bool big = std::string(name) == "american";
    for (int i = 0; i < conquian::testing::scaled(big ? per_variant * 5 / 2 : per_variant); ++i) {
      Position p = forget_stock(random_position(*rules, rng, 0, false));
      std::vector<Move> legal;
      const int unseen = big ? 5 : 6;
      while (!p.result.over() && !(p.phase != Phase::Swap && p.stock_left() <= unseen && rng.below(3) == 0)) {
        legal_moves(p, legal);
        std::size_t pick = rng.below(legal.size());
        if (big && rng.below(4) != 0) pick = greedy->choose(p, legal, rng);
        apply(p, legal[pick]);
      }
      if (p.result.over() || p.stock_left() > unseen) continue;
      search.start(p);
      solve::ChanceSearch::Node n;
      search.prepare(n, p);
      if (n.pos.result.over()) continue;
      CAPTURE(name);
      on_node(*rules, n, reference);
    }
  }
}

// Each sure winner the search claims must win for certain in plain expectimax. Returns the
// claims, and counts in `after_one_take` those made two cards from the target
// (wins_after_one_take).
int check_sure_winners(std::uint64_t seed, int per_variant, int& after_one_take) {
  int claims = 0;
  for_small_nodes(
      {"tiny", "tiny-compulsory", "tiny-offer", "tiny-dealer-upcard", "american"}, seed, per_variant,
      [&](const Ruleset& rules, const solve::ChanceSearch::Node& n, solve::PlainExpectimax& reference) {
        if (n.sure_winner < 0) return;
        ++claims;
        if (n.pos.table[n.sure_winner].size() + 2 == rules.target) ++after_one_take;
        const solve::ExactChances plain = reference.value(n.pos);
        const std::string seats = rules.deck.tokens(n.pos.hand[0]) + " / " + rules.deck.tokens(n.pos.table[0]) + " | " +
                                  rules.deck.tokens(n.pos.hand[1]) + " / " + rules.deck.tokens(n.pos.table[1]);
        CAPTURE(seats);
        CHECK(solve::to_string(n.sure_winner == 0 ? plain.win0 : plain.win1) == solve::to_string(plain.denominator));
      });
  return claims;
}

TEST_CASE(
    "sure winners: a seat one take from the target, with cards only it can take, against a seat that cannot win") {
  // ChanceSearch::Node::sure_winner is a claim about every order of the stock.
  int after_one_take = 0;
  CHECK(check_sure_winners(11, 600, after_one_take) >= conquian::testing::scaled(20));
}

TEST_CASE("sure winners two cards from the target: one card to shed, two cards only it can take") {
  // The claim one take further back (ChanceSearch::wins_after_one_take), on more positions
  // than above, so that it is made often enough to be held to plain expectimax.
  int after_one_take = 0;
  const int claims = check_sure_winners(29, 2400, after_one_take);
  MESSAGE("sure winners claimed: ", claims, ", of them two cards from the target: ", after_one_take);
  CHECK(after_one_take >= conquian::testing::scaled(40));
}

TEST_CASE("a seat that cannot win: fewer than target cards of its closure join it") {
  // Node::may_win false is a claim about every order of the stock: plain expectimax must
  // give that seat no win. Counted apart: the claims that the count of the closure alone
  // (less the inert cards) did not make, which counting only the cards that join it adds.
  int claims = 0, added = 0;
  for_small_nodes({"tiny", "tiny-compulsory", "tiny-offer", "tiny-kept", "tiny-wild", "american"}, 31, 600,
                  [&](const Ruleset& rules, const solve::ChanceSearch::Node& n, solve::PlainExpectimax& reference) {
                    if (n.may_win[0] && n.may_win[1]) return;
                    const solve::ExactChances plain = reference.value(n.pos);
                    for (int s = 0; s < 2; ++s) {
                      if (n.may_win[s]) continue;
                      ++claims;
                      const CardSet by_count = n.reach[s].cards - (n.inert & n.pos.hand[s]);
                      if (by_count.size() >= rules.target) ++added;
                      CAPTURE(s);
                      CHECK(solve::to_string(s == 0 ? plain.win0 : plain.win1) == "0");
                    }
                  });
  MESSAGE("seats that cannot win: ", claims, ", of them by the joining cards alone: ", added);
  CHECK(claims >= conquian::testing::scaled(100));
  CHECK(added >= conquian::testing::scaled(10));
}

TEST_CASE("joining cards: the shape patterns give what the rests give card by card") {
  // MeldReach::joining() works by shifts and masks; joins() card by card is the definition.
  // Every shipped ruleset and the test variants, on random sets of cards of every size.
  std::vector<std::shared_ptr<const Ruleset>> all;
  for (const std::string& name : testing::conquian_ruleset_names()) all.push_back(load_ruleset(name));
  for (const char* name : {"tiny", "tiny-wild"}) all.push_back(variant(name));
  all.push_back(load_ruleset_text("base: american\nwild: [2d, 2s]\n", "two-wilds", "two-wilds.yaml"));
  int patterned = 0;
  for (const auto& rules : all) {
    solve::MeldReach reach(*rules);
    patterned += reach.by_pattern();
    Rng rng(5);
    std::vector<Card> cards;
    for (Card c : rules->deck.all()) cards.push_back(c);
    for (int i = 0; i < conquian::testing::scaled(2000); ++i) {
      CardSet set;
      const std::size_t size = rng.below(cards.size() + 1);
      for (std::size_t k = 0; k < size; ++k) set.insert(cards[rng.below(cards.size())]);
      CAPTURE(rules->name);
      CAPTURE(rules->deck.tokens(set));
      REQUIRE(reach.joining(set) == reach.joining_by_card(set));
    }
  }
  CHECK(patterned == static_cast<int>(all.size()));  // wild cards included
}

TEST_CASE("exact numbers: factorials and fractions") {
  CHECK(solve::factorial(0) == 1);
  CHECK(solve::to_string(solve::factorial(20)) == "2432902008176640000");
  CHECK(solve::to_string(solve::factorial(33)) == "8683317618811886495518194401280000000");
  CHECK(solve::fraction(6, 24) == "1/4");
  CHECK(solve::fraction(-6, 3) == "-2");
  CHECK(solve::fraction(0, 7) == "0");
}

TEST_CASE("chance search: the node budget and the progress callback stop it; a later call starts afresh") {
  auto rules = variant("american");
  Rng rng(7);
  auto greedy = batch::make_greedy_player();
  // A position with many unseen cards: far more than 2,000 nodes.
  Position p = random_position(*rules, rng, 0, false);
  std::vector<Move> legal;
  while (!p.result.over() && !(p.phase == Phase::Turn && p.stock_left() <= 14)) {
    legal_moves(p, legal);
    apply(p, legal[greedy->choose(p, legal, rng)]);
  }
  REQUIRE_FALSE(p.result.over());
  p = forget_stock(p);
  solve::Options o;
  o.table_bits = 12;
  o.max_nodes = 2000;
  solve::ChanceSolver solver(o);
  solve::ChanceResult r = solver.solve(p);
  CHECK_FALSE(r.solved);
  CHECK(r.nodes == 2000);
  o.max_nodes = 0;
  solve::ChanceSolver stopped(o);
  std::uint64_t calls = 0;
  stopped.on_progress([&](std::uint64_t nodes) {
    ++calls;
    return nodes < 3 * 65536;
  });
  r = stopped.solve(p);
  CHECK_FALSE(r.solved);
  CHECK(calls == 3);
  // A small position solves on the same instance afterwards.
  Position q = p;
  while (!q.result.over() && !(q.phase == Phase::Turn && q.stock_left() <= 3)) {
    legal_moves(q, legal);
    apply(q, legal[0]);
  }
  stopped.on_progress({});
  r = stopped.solve(q);
  CHECK(r.solved);
  check_same(r.exact, solve::PlainExpectimax().value(q));
}

TEST_CASE("a stopped search proves bounds that hold the exact value") {
  Rng rng(20261202);
  int stopped = 0, narrowed = 0;
  for (const char* name : {"tiny", "tiny-lay", "tiny-offer", "tiny-wild"}) {
    auto rules = variant(name);
    const int want = conquian::testing::scaled(60);
    for (int found = 0, tries = 0; found < want && tries < 50 * want; ++tries) {
      Position known = random_position(*rules, rng, 0, false);
      std::vector<Move> legal;
      while (!known.result.over() && known.stock_left() > 6) {
        legal_moves(known, legal);
        apply(known, legal[rng.below(legal.size())]);
      }
      if (known.result.over()) continue;
      const Position p = forget_stock(known);
      const solve::Int128 top = solve::factorial(p.stock_left());
      const solve::Int128 exact = solve::PlainExpectimax().value(p).expected;
      for (std::uint64_t budget : {20u, 200u, 2000u}) {
        solve::Options o;
        o.table_bits = 12;
        o.max_nodes = budget;
        solve::ChanceSolver solver(o);
        const solve::ChanceResult r = solver.solve(p);
        CAPTURE(name);
        CAPTURE(budget);
        if (r.solved) {
          CHECK(solve::to_string(r.proved_lower) == solve::to_string(exact));
          CHECK(solve::to_string(r.proved_upper) == solve::to_string(exact));
          continue;
        }
        ++found, ++stopped;
        CHECK(r.proved_lower <= exact);
        CHECK(exact <= r.proved_upper);
        CHECK(-top <= r.proved_lower);
        CHECK(r.proved_upper <= top);
        narrowed += r.proved_lower > -top || r.proved_upper < top;
      }
    }
  }
  CHECK(stopped >= conquian::testing::scaled(100));
  CHECK(narrowed > stopped / 2);  // most stopped searches still prove something
}

TEST_CASE("conquian solve --stock unknown --threads: the same exact answer on one thread and on two") {
  // About 530,000 nodes: past the first thread's 100,000 alone, so that both threads search.
  // The fractions were also given by the search of an earlier stop (one thread). No time
  // budget: the answer must be exact however slow the build (a sanitizer build takes seconds).
  const std::string file = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/chance/unseen14-07.position.yml";
  for (const char* threads : {"1", "2"}) {
    const auto run = conquian::testing::run_cli("solve " + file + " --threads " + threads + " --time 0 --json");
    CAPTURE(threads);
    REQUIRE(run.status == 0);
    auto j = nlohmann::json::parse(run.out);
    CHECK(j["exact"]["win0"] == "53/168");
    CHECK(j["exact"]["win1"] == "115/168");
    CHECK(j["exact"]["draw"] == "0");
    CHECK(j["exact"]["expected0"] == "-31/84");
  }
}

TEST_CASE("conquian solve --stock unknown: exact fractions in text and JSON") {
  const auto run =
      conquian::testing::run_cli("solve " + std::string(CONQUIAN_SOURCE_DIR) +
                                 "/corpus/legal/simulated-american.yaml --after 40 --stock unknown --json");
  CHECK(run.status == 0);
  auto j = nlohmann::json::parse(run.out);
  CHECK(j["exact"]["draw"] == "1");
  CHECK(j["exact"]["win0"] == "0");
  CHECK(j["chances"]["draw"].get<double>() == 1.0);
  const auto text = conquian::testing::run_cli("solve " + std::string(CONQUIAN_SOURCE_DIR) +
                                               "/corpus/legal/simulated-american.yaml --after 40 --stock unknown");
  CHECK(text.out.find("exactly: seat 0 wins 0, draw 1, seat 1 wins 0") != std::string::npos);
}

TEST_CASE("closures under kept groupings: the same cards grouped two ways are two closures") {
  // One acquisition from the target with melds laid only with a take, a seat's closure is what
  // it could take now (meld_reach.h), and with kept groupings that depends on how its table is
  // grouped: 4c extends the run 5c 6c 7c Jc, not the set of fives. The search's memo of
  // closures is keyed on cards (hand, table, open), so it must not serve such a ruleset.
  auto rules = load_ruleset_text("base: american\nrearrange: false\n", "american-kept", "american-kept.yaml");
  auto position = [&](const std::string& table) {
    const std::string text = conquian::testing::position_text(
        *rules, {{"", table}, {"Kc Kd 3h 4h 6d 7d Qs Js 2c 3s", ""}}, "4c Qd 2s Kh", "to_act: 0\n");
    return forget_stock(position_from_file(record::read_position_text(text, "kept.yaml"), *rules));
  };
  const Position in_set = position("[[5c, 5d, 5s, 5h], [6c, 7c, Jc], [Ad, Ah, As]]");
  const Position in_run = position("[[5d, 5s, 5h], [5c, 6c, 7c, Jc], [Ad, Ah, As]]");
  REQUIRE(in_set.table[0] == in_run.table[0]);
  solve::MeldReach reach(*rules);
  const Card four = *rules->deck.parse("4c");
  CHECK_FALSE(reach.reachable(in_set, 0).has(four));
  CHECK(reach.reachable(in_run, 0).has(four));
  solve::ChanceSearch search{solve::Options{}};
  search.start(in_set);
  for (const Position* p : {&in_set, &in_run, &in_set}) {
    solve::ChanceSearch::Node n;
    search.prepare(n, *p);
    CHECK(n.reach[0].cards == reach.reachable(*p, 0));
  }
}

TEST_CASE("a turn keeps nothing of the card refused before it, and the search still equals plain expectimax there") {
  // enter_turn clears up_turned with the face-up card: a stale flag made positions equal in
  // every rule differ in their keys.
  int turns_after_turned = 0;
  for (const char* name : {"tiny", "tiny-offer", "american"}) {
    auto rules = variant(name);
    Rng rng(20261205);
    solve::ChanceSolver solver(configuration(0));
    for (int deal_no = 0; deal_no < conquian::testing::scaled(150); ++deal_no) {
      Position p = random_position(*rules, rng, 0, false);
      std::vector<Move> legal;
      while (!p.result.over()) {
        const bool was_turned = p.up != kNoCard && p.up_turned;
        legal_moves(p, legal);
        apply(p, legal[rng.below(legal.size())]);
        if (p.phase != Phase::Turn) continue;
        CHECK_FALSE(p.up_turned);
        if (!was_turned || p.stock_left() > 5) continue;
        ++turns_after_turned;
        const Position q = forget_stock(p);
        solver.reset_nodes();
        check_same(solver.exact_value(q), solve::PlainExpectimax().value(q));
      }
    }
  }
  CHECK(turns_after_turned > conquian::testing::scaled(100));
}
