// Panguingue: its melds and conditions against the contract's table, its meld search held to
// Z3 and to brute force on many random multisets, and long random play at 2 to 15 seats with
// every key varied, each deal written as a record that `check` finds legal with the chips the
// play moved.
#include <doctest/doctest.h>

#include <array>
#include <random>
#include <set>

#include "batch/pan_simulate.h"
#include "cards/shuffle.h"
#include "check/check_record.h"
#include "pan/engine.h"
#include "pan/melds.h"
#include "pan/partition.h"
#include "prove/pan_partition_z3.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::scaled;

namespace {

std::shared_ptr<const Ruleset> pan_rules(const std::string& extra = "") {
  return load_ruleset_text("base: panguingue\n" + extra, "pan-test", "pan-test.yaml");
}

CardCounts counts(const Ruleset& r, const std::string& tokens) {
  CardCounts c;
  for (const auto& w : testing::words(tokens)) c.add(testing::card(r.deck, w));
  return c;
}

// The contract's meld rule read straight off the tokens' labels, independent of pan/melds.cpp:
// a run of one suit with every rank once and no gap, or a group of one rank that is A or K,
// or all one suit, or all different suits (or at least three suits under the S13 reading).
bool naive_meld(const Ruleset& r, const std::vector<Card>& cards) {
  if (cards.size() < 3) return false;
  const Deck& d = r.deck;
  std::set<std::string> ranks, suits;
  std::vector<int> rank_index;
  for (Card c : cards) {
    const std::string t = d.token(c);
    ranks.insert(d.rank_label(d.rank_of(c)));
    suits.insert(d.suit_label(d.suit_of(c)));
    rank_index.push_back(d.rank_of(c));
  }
  if (ranks.size() == 1) {
    const std::string rank = *ranks.begin();
    if (rank == "A" || rank == "K") return true;
    if (suits.size() == 1) return true;
    if (suits.size() == cards.size()) return true;
    return r.pan.comoquer_group == ComoquerGroup::OneSuitOrThreeSuits && suits.size() >= 3;
  }
  if (suits.size() != 1) return false;
  std::sort(rank_index.begin(), rank_index.end());
  for (std::size_t i = 1; i < rank_index.size(); ++i)
    if (rank_index[i] != rank_index[i - 1] + 1) return false;
  return true;
}

// Brute force: every partition of the list's positions (restricted growth strings), each
// block a naive meld.
bool brute_partitionable(const Ruleset& r, const std::vector<Card>& cards) {
  const std::size_t n = cards.size();
  if (n == 0) return true;
  std::vector<int> block(n, 0);
  for (;;) {
    int blocks = *std::max_element(block.begin(), block.end()) + 1;
    bool ok = true;
    for (int b = 0; b < blocks && ok; ++b) {
      std::vector<Card> meld;
      for (std::size_t i = 0; i < n; ++i)
        if (block[i] == b) meld.push_back(cards[i]);
      ok = naive_meld(r, meld);
    }
    if (ok) return true;
    // Next restricted growth string.
    std::size_t i = n - 1;
    for (;; --i) {
      int prefix_max = 0;
      for (std::size_t k = 0; k < i; ++k) prefix_max = std::max(prefix_max, block[k]);
      if (i > 0 && block[i] <= prefix_max) {
        ++block[i];
        for (std::size_t k = i + 1; k < n; ++k) block[k] = 0;
        break;
      }
      if (i == 0) return false;
    }
  }
}

// A random multiset that often holds melds and often nearly does: one to three random melds
// (sequences, groups of one suit, of mixed suits, of A or K), then now and then a card taken
// out or a card put in.
std::vector<Card> random_cards(const Ruleset& r, std::mt19937& gen) {
  const Deck& d = r.deck;
  std::uniform_int_distribution<int> suit(0, 3), kind(0, 3), melds(1, 3), len(3, 4), coin(0, 3);
  std::uniform_int_distribution<int> rank(0, d.rank_count() - 1), start(0, d.rank_count() - 4);
  std::vector<Card> out;
  for (int m = melds(gen); m-- > 0;) {
    const int n = len(gen);
    switch (kind(gen)) {
      case 0: {
        const int s = suit(gen), lo = start(gen);
        for (int i = 0; i < n; ++i) out.push_back(d.card(s, lo + i));
        break;
      }
      case 1: {
        const Card c = d.card(suit(gen), rank(gen));
        out.insert(out.end(), static_cast<std::size_t>(n), c);
        break;
      }
      case 2: {
        const int k = rank(gen);
        for (int s = 0; s < n; ++s) out.push_back(d.card(s, k));
        break;
      }
      default: {
        const int k = coin(gen) < 2 ? 0 : d.rank_count() - 1;  // A or K, any suits
        for (int i = 0; i < n; ++i) out.push_back(d.card(suit(gen), k));
      }
    }
  }
  if (coin(gen) == 0 && !out.empty()) out.erase(out.begin() + static_cast<long>(gen() % out.size()));
  if (coin(gen) == 0) out.push_back(d.card(suit(gen), rank(gen)));
  while (out.size() > 9) out.pop_back();  // brute force is exponential
  return out;
}

}  // namespace

TEST_CASE("pan melds: sequences, the group rule of comoquers and non-comoquers") {
  auto r = pan_rules();
  auto kind = [&](const std::string& t) { return pan::meld_kind(*r, counts(*r, t)); };
  CHECK(kind("6h 7h Jh") == pan::MeldKind::Sequence);  // 7 and J are neighbours
  CHECK(kind("Qh Kh Ah") == pan::MeldKind::None);      // no wrap
  CHECK(kind("5h 5h 6h") == pan::MeldKind::None);      // a rank twice in a sequence
  CHECK(kind("5s 5s 5s 5s") == pan::MeldKind::OneSuitGroup);
  CHECK(kind("5c 5d 5h 5s") == pan::MeldKind::MixedGroup);
  CHECK(kind("5c 5c 5h") == pan::MeldKind::None);        // neither one suit nor all different
  CHECK(kind("Ac Ac Ah") == pan::MeldKind::MixedGroup);  // A and K: any suits, repeats
  CHECK(kind("Ks Ks Kd Kd Kh") == pan::MeldKind::MixedGroup);
  CHECK(kind("3c 3d") == pan::MeldKind::None);
  auto three_suits = pan_rules("comoquer_group: one_suit_or_three_suits\n");
  CHECK(pan::meld_kind(*three_suits, counts(*three_suits, "5c 5c 5h 5d")) == pan::MeldKind::MixedGroup);
  CHECK(pan::meld_kind(*three_suits, counts(*three_suits, "5c 5c 5h")) == pan::MeldKind::None);
}

TEST_CASE("pan conditions: every line of the contract's table") {
  auto r = pan_rules();
  auto value = [&](const std::string& t) { return pan::condition_value(*r, counts(*r, t)); };
  CHECK(value("5h 5h 5h") == 2);        // valle group, one suit
  CHECK(value("5h 5h 5h 5h") == 3);     // + per card
  CHECK(value("7s 7s 7s") == 4);        // doubled in spades
  CHECK(value("3c 3d 3h") == 1);        // valle, different suits
  CHECK(value("3c 3d 3h 3s") == 2);     // never doubled
  CHECK(value("Qd Qd Qd") == 1);        // another rank, one suit
  CHECK(value("Ks Ks Ks") == 2);        // A and K too, doubled in spades
  CHECK(value("Ac Ad Ah") == 0);        // A in mixed suits: no condition
  CHECK(value("Ac 2c 3c") == 1);        // a sequence holding its ace
  CHECK(value("Js Qs Ks") == 2);        // ... its king, in spades
  CHECK(value("Ac 2c 3c 4c 5c") == 3);  // + per card
  CHECK(value("4c 5c 6c") == 0);        // any other meld
  CHECK(value("Qd Qh Qs") == 0);
  auto plain = pan_rules("spades_double: false\nconditions: {valle_mixed: 0, per_card: 0}\n");
  CHECK(pan::condition_value(*plain, counts(*plain, "7s 7s 7s 7s")) == 2);
  CHECK(pan::condition_value(*plain, counts(*plain, "3c 3d 3h")) == 0);
}

TEST_CASE("pan partition: the engine's search, Z3 and brute force agree on random multisets") {
  std::mt19937 gen(20261203);
  for (const std::string extra : {"", "comoquer_group: one_suit_or_three_suits\n"}) {
    auto r = pan_rules(extra);
    int yes = 0, no = 0;
    const int cases = scaled(extra.empty() ? 400 : 150);
    for (int k = 0; k < cases; ++k) {
      const std::vector<Card> list = random_cards(*r, gen);
      CardCounts cards;
      for (Card c : list) cards.add(c);
      CAPTURE(pan::tokens(r->deck, cards));
      const bool engine = pan::can_partition(*r, cards);
      CHECK(engine == brute_partitionable(*r, list));
      if (testing::test_scale() == 1) {  // Z3's time is not instrumented by the sanitizers
        const auto z = prove::z3_pan_partition(*r, cards);
        REQUIRE(z.answer != prove::Z3PanPartition::Answer::Unknown);
        CHECK(engine == (z.answer == prove::Z3PanPartition::Answer::Yes));
        if (z.answer == prove::Z3PanPartition::Answer::Yes) {
          CardCounts covered;
          for (const CardCounts& m : z.melds) {
            CHECK(pan::is_meld(*r, m));
            covered += m;
          }
          CHECK(covered == cards);
        }
      }
      (engine ? yes : no)++;
    }
    MESSAGE(yes << " partitionable, " << no << " not");
    CHECK(yes > cases / 10);
    CHECK(no > cases / 10);
  }
}

TEST_CASE("pan partition: the best grouping pays the most of every grouping") {
  auto r = pan_rules();
  // Ac-6c pays 1 + 3; Ac 2c 3c with 4c 5c 6c pays 1.
  const CardCounts cards = counts(*r, "Ac 2c 3c 4c 5c 6c");
  const auto best = pan::best_grouping(*r, cards);
  REQUIRE(best);
  CHECK(pan::melds_value(*r, *best) == 4);
  const auto all = pan::all_groupings(*r, cards);
  CHECK(all.size() == 2);
  std::int64_t most = 0;
  for (const auto& g : all) most = std::max(most, pan::melds_value(*r, g));
  CHECK(most == 4);
  // 5s and 6s can only go with a 7s: one grouping, [5s 6s 7s] [7s 7s 7s], worth 0 + 4.
  const auto only = pan::all_groupings(*r, counts(*r, "5s 6s 7s 7s 7s 7s"));
  REQUIRE(only.size() == 1);
  CHECK(pan::melds_value(*r, only[0]) == 4);
}

TEST_CASE("pan engine: random play at 2 to 15 seats, every key varied; check agrees on every record") {
  const std::vector<std::string> variants = {
      "",
      "strip_spades: 1\ngo_out_per_seat: 2\n",
      "packs: 5\nante: 2\ndrop_forfeit: 0\n",
      "spades_double: false\ngo_out_conditions_again: false\n",
      "comoquer_group: one_suit_or_three_suits\n",
      "discard_take: turned_only\n",
      "condition_payers: seated\n",
      "deal_packet: 2\nforcing: none\n",
      "target: 10\n",
      "offer_to: table\nforcing_by: any\n",
      "conditions: {valle_one_suit: 3, valle_mixed: 0, one_suit: 2, end_sequence: 0, per_card: 2}\n",
      "packs: 11\nseats: [2, 15]\n",
  };
  std::mt19937 gen(7);
  int deals = 0, won = 0;
  for (std::size_t v = 0; v < variants.size(); ++v) {
    auto r = pan_rules(variants[v]);
    CAPTURE(variants[v]);
    const int per_variant = scaled(12);
    for (int k = 0; k < per_variant; ++k) {
      std::uniform_int_distribution<int> seats_of(r->seats_min, r->seats);
      const int seats = seats_of(gen);
      CAPTURE(seats);
      Rng rng = deal_rng(1000 + v, static_cast<std::uint64_t>(k));
      const std::vector<Card> order = batch::shuffled_pack(*r, rng);
      std::vector<std::unique_ptr<batch::PanPlayer>> owned;
      std::vector<batch::PanPlayer*> players;
      for (int s = 0; s < seats; ++s) {
        owned.push_back(batch::make_pan_player(s % 3 == 0 ? "random" : "greedy"));
        players.push_back(owned.back().get());
      }
      record::GameRecord rec;
      rec.ruleset = "pan-test";
      rec.id = "soak";
      const auto st = batch::play_pan_deal(*r, seats, order, k % seats, rng, players, &rec);
      ++deals;
      won += st.outcome.kind == Outcome::Kind::Win;
      REQUIRE(st.outcome.over());
      std::int64_t sum = st.pot;
      for (auto c : st.chips) sum += c;
      CHECK(sum == 0);
      const check::GameVerdict verdict = check::check_record(rec, *r);
      CAPTURE(verdict.message);
      CHECK(verdict.judgement == check::Judgement::Legal);
      CHECK(verdict.outcome == st.outcome);
      CHECK(verdict.chips == st.chips);
      CHECK(verdict.pot == st.pot);
    }
  }
  MESSAGE(deals << " deals, " << won << " won");
  CHECK(won > deals / 4);
}

TEST_CASE("pan engine: every move judge() refuses is missing from legal_moves, and every listed move is legal") {
  auto r = pan_rules();
  std::mt19937 gen(11);
  Rng rng = deal_rng(5, 0);
  for (int deal = 0; deal < scaled(6); ++deal) {
    const std::vector<Card> order = batch::shuffled_pack(*r, rng);
    pan::Position p = pan::deal(*r, 4, order, deal % 4);
    std::vector<pan::Move> legal;
    while (!p.result.over()) {
      pan::legal_moves(p, legal);
      REQUIRE(!legal.empty());
      for (const pan::Move& m : legal) CHECK(pan::judge(p, m).ok());
      // A take with a wrong discard, a pass by the wrong seat: refused.
      pan::Move wrong = legal.front();
      wrong.seat = static_cast<std::uint8_t>((wrong.seat + 1) % p.seats());
      CHECK(!pan::judge(p, wrong).ok());
      std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
      pan::apply(p, legal[pick(gen)]);
      // The pack is conserved: hands, tables, dead, face up and stock hold every card.
      CardCounts all = p.dead;
      for (int s = 0; s < p.seats(); ++s) all += p.hand[s] + p.table[s].counts();
      if (p.up != kNoCard) all.add(p.up);
      for (int i = p.stock_top; i < p.stock_end; ++i) all.add(p.stock[i]);
      CHECK(all == pan::pack(*r));
    }
  }
}

namespace {

// Whether `legal` lists a move of `kind` by `seat` onto `other` (a force) or on `card`.
bool lists(const std::vector<pan::Move>& legal, pan::MoveKind kind, int seat, int other = 0xFF, Card card = kNoCard) {
  for (const pan::Move& m : legal)
    if (m.kind == kind && m.seat == seat && (other == 0xFF || m.other == other) && (card == kNoCard || m.card == card))
      return true;
  return false;
}

}  // namespace

TEST_CASE("pan engine: judge() and legal_moves() agree both ways on every force, waive, pass, turn and declaration") {
  // Under forcing_by: any every seat still in may force the refuser (the judge accepts each),
  // and legal_moves lists each: the force window is listed once for both games (turn/offer_flow.h).
  for (const char* by : {"any", "origin"}) {
    CAPTURE(by);
    auto r = pan_rules(std::string("forcing_by: ") + by + "\n");
    std::mt19937 gen(5);
    Rng rng = deal_rng(9, 0);
    int windows = 0, several_forcers = 0;
    // Not scaled: a force window with several seats that may force is not in every deal.
    for (int deal = 0; deal < 14; ++deal) {
      const int seats = 3 + deal % 4;
      const std::vector<Card> order = batch::shuffled_pack(*r, rng);
      pan::Position p = pan::deal(*r, seats, order, deal % seats);
      std::vector<pan::Move> legal;
      while (!p.result.over()) {
        pan::legal_moves(p, legal);
        REQUIRE(!legal.empty());
        // A move that implies the window's waive is judged after it (records write no waive);
        // the list holds the waive itself, so those are compared one position on.
        auto agree = [&](const pan::Move& m, int other = 0xFF) {
          if (pan::implies_waive(p, m)) return;
          CHECK(pan::judge(p, m).ok() == lists(legal, m.kind, m.seat, other));
        };
        for (int s = 0; s < seats; ++s) {
          for (pan::MoveKind kind : {pan::MoveKind::Waive, pan::MoveKind::Play, pan::MoveKind::Drop}) {
            pan::Move m = pan::waive_move(s);
            m.kind = kind;
            agree(m);
          }
          pan::Move pass;
          pass.kind = pan::MoveKind::Pass;
          pass.seat = static_cast<std::uint8_t>(s);
          pass.card = p.up;
          if (p.up != kNoCard) agree(pass);
          if (p.phase == pan::Phase::Turn && p.stock_left() > 0) {
            pan::Move turn = pass;
            turn.kind = pan::MoveKind::Turn;
            turn.card = p.stock[p.stock_top];
            agree(turn);
          }
          for (int t = 0; t < seats; ++t) {
            pan::Move force = pass;
            force.kind = pan::MoveKind::Force;
            force.other = static_cast<std::uint8_t>(t);
            agree(force, t);
          }
        }
        if (p.phase == pan::Phase::ForceWindow) {
          ++windows;
          int forcers = 0;
          for (const pan::Move& m : legal) forcers += m.kind == pan::MoveKind::Force ? 1 : 0;
          if (forcers > 1) ++several_forcers;
        }
        std::uniform_int_distribution<std::size_t> pick(0, legal.size() - 1);
        pan::apply(p, legal[pick(gen)]);
      }
    }
    CHECK(windows > 0);
    if (std::string(by) == "any") CHECK(several_forcers > 0);
    else CHECK(several_forcers == 0);
  }
}

TEST_CASE("pan engine: golden move counts along fixed walks") {
  // Stockfish's perft, for Pan: the legal moves at every position of three fixed walks (the pack
  // shuffled by a fixed seed, each move the first, the middle or the last of the list in turn),
  // counted by kind. A change in the move generator changes these numbers.
  auto r = pan_rules();
  std::array<std::uint64_t, 8> by_kind{};
  std::uint64_t positions = 0;
  for (int walk = 0; walk < 3; ++walk) {
    Rng rng = deal_rng(100 + static_cast<std::uint64_t>(walk), 0);
    const int seats = 4 + walk;
    const std::vector<Card> order = batch::shuffled_pack(*r, rng);
    pan::Position p = pan::deal(*r, seats, order, walk);
    std::vector<pan::Move> legal;
    for (int ply = 0; ply < 400 && !p.result.over(); ++ply) {
      pan::legal_moves(p, legal);
      ++positions;
      for (const pan::Move& m : legal) ++by_kind[static_cast<std::size_t>(m.kind)];
      const std::size_t at = ply % 3 == 0 ? 0 : ply % 3 == 1 ? legal.size() / 2 : legal.size() - 1;
      pan::apply(p, legal[at]);
    }
  }
  CHECK(positions == 441);
  using K = pan::MoveKind;
  CHECK(by_kind[static_cast<std::size_t>(K::Play)] == 15);
  CHECK(by_kind[static_cast<std::size_t>(K::Drop)] == 15);
  CHECK(by_kind[static_cast<std::size_t>(K::Turn)] == 127);
  CHECK(by_kind[static_cast<std::size_t>(K::Take)] == 263);
  CHECK(by_kind[static_cast<std::size_t>(K::Pass)] == 267);
  CHECK(by_kind[static_cast<std::size_t>(K::Force)] == 16);
  CHECK(by_kind[static_cast<std::size_t>(K::Waive)] == 16);
  CHECK(by_kind[static_cast<std::size_t>(K::Forfeit)] == 0);
}
