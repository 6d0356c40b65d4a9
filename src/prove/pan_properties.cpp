#include "prove/pan_properties.h"

#include <fmt/format.h>
#include <z3++.h>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "pan/engine.h"
#include "pan/melds.h"

namespace conquian::prove {

PropertyValue one_suit_groups_hold_one_suit(const Ruleset& rules, const Z3Limits& limits) {
  const Deck& d = rules.deck;
  const int copies = rules.pan.packs;
  // Every comoquer rank, every count vector of its four suits (0..packs copies each).
  std::uint64_t vectors = 0, groups = 0;
  for (int rank = 0; rank < d.rank_count(); ++rank) {
    if (pan::is_noncomoquer(rules, d.card(0, rank))) continue;
    std::array<int, 4> c{};
    for (c[0] = 0; c[0] <= copies; ++c[0])
      for (c[1] = 0; c[1] <= copies; ++c[1])
        for (c[2] = 0; c[2] <= copies; ++c[2])
          for (c[3] = 0; c[3] <= copies; ++c[3]) {
            CardCounts cards;
            int suits = 0, most = 0;
            for (int s = 0; s < 4; ++s) {
              if (c[s]) cards.add(d.card(s, rank), c[s]), ++suits;
              most = std::max(most, c[s]);
            }
            ++vectors;
            if (!pan::is_meld(rules, cards)) continue;
            ++groups;
            if (most >= 2 && suits > 1 && rules.pan.comoquer_group == ComoquerGroup::OneSuitOrAllDifferent)
              return {"fails", "enumerated",
                      fmt::format("{} is a group that repeats a card and mixes suits", pan::tokens(d, cards))};
          }
  }
  if (rules.pan.comoquer_group != ComoquerGroup::OneSuitOrAllDifferent)
    return {"fails", "enumerated",
            "comoquer_group: one_suit_or_three_suits lets a group repeat a card across three suits (5c 5c 5d 5h)"};
  // Z3: the contract's rule (one suit, or every suit at most once) admits no vector with a
  // repeat in two suits.
  z3::context ctx;
  z3::solver solver(ctx);
  if (limits.timeout_ms) solver.set("timeout", limits.timeout_ms);
  if (limits.rlimit) solver.set("rlimit", limits.rlimit);
  z3::expr_vector n(ctx);
  for (int s = 0; s < 4; ++s) {
    n.push_back(ctx.int_const(("n" + std::to_string(s)).c_str()));
    solver.add(n[static_cast<unsigned>(s)] >= 0);
  }
  z3::expr_vector used(ctx);
  z3::expr all_single = ctx.bool_val(true);
  for (int s = 0; s < 4; ++s) {
    used.push_back(z3::ite(n[static_cast<unsigned>(s)] > 0, ctx.int_val(1), ctx.int_val(0)));
    all_single = all_single && n[static_cast<unsigned>(s)] <= 1;
  }
  const z3::expr suits = z3::sum(used);
  const z3::expr total = z3::sum(n);
  solver.add(total >= 3 && (suits == 1 || all_single));  // a legal comoquer group
  z3::expr repeat = ctx.bool_val(false);
  for (int s = 0; s < 4; ++s) repeat = repeat || n[static_cast<unsigned>(s)] >= 2;
  solver.add(repeat && suits >= 2);  // the negation: a repeat, and more than one suit
  const Z3Answer a = check(solver, limits);
  if (a.unknown()) return undecided("the group rule", a);
  if (!a.unsat()) return {"fails", "proved", "Z3 found a group that repeats a card across suits"};
  return {"holds", "proved",
          fmt::format("Z3: no legal comoquer group repeats a card in two suits; the engine agrees on all {} count "
                      "vectors up to {} copies ({} of them groups)",
                      vectors, copies, groups)};
}

PropertyValue most_seats_dealt(const Ruleset& rules, const Z3Limits&) {
  // The largest n with n hands and at least one card left: the pack counted card by card.
  const int pack = pan::pack(rules).size();
  const int seats = (pack - 1) / rules.hand;
  return {std::to_string(seats), "proved",
          fmt::format("{} cards ({} packs{}): {} hands of {} leave {} for the stock", pack, rules.pan.packs,
                      rules.pan.strip_spades ? ", one pack's spades out" : "", seats, rules.hand,
                      pack - seats * rules.hand)};
}

PropertyValue condition_fixed_by_cards(const Ruleset& rules, const Z3Limits& limits) {
  const Deck& d = rules.deck;
  // Z3: three or more cards of distinct consecutive ranks in one suit are never all of one rank.
  z3::context ctx;
  z3::solver solver(ctx);
  if (limits.timeout_ms) solver.set("timeout", limits.timeout_ms);
  const z3::expr lo = ctx.int_const("low"), n = ctx.int_const("n");
  solver.add(n >= 3 && lo >= 0 && lo + n <= d.rank_count());
  // A sequence's ranks are lo .. lo + n - 1; a group's are all one: the lowest equals the highest.
  solver.add(lo == lo + n - 1);
  const Z3Answer a = check(solver, limits);
  if (a.unknown()) return undecided("whether a sequence can be a group", a);
  if (!a.unsat()) return {"fails", "proved", "Z3 found cards that are both a sequence and a group"};
  // Every meld of 3 to 5 cards (with repeats) paid what the contract's table says, read here
  // straight off the cards' labels: a second reading of the table, apart from pan/melds.cpp.
  const Conditions& v = rules.pan.conditions;
  auto table_value = [&](const std::vector<Card>& cards) -> std::int64_t {
    std::set<std::string> ranks, suits;
    for (Card c : cards) ranks.insert(d.rank_label(d.rank_of(c))), suits.insert(d.suit_label(d.suit_of(c)));
    const auto size = static_cast<std::int64_t>(cards.size());
    const bool spades = suits.size() == 1 && (*suits.begin() == "s" || *suits.begin() == "e");
    const std::int64_t dbl = spades && rules.pan.spades_double ? 2 : 1;
    auto pays = [&](int base, std::int64_t times) { return base == 0 ? 0 : (base + v.per_card * (size - 3)) * times; };
    const std::set<std::string> valles = {"3", "5", "7"}, ends = {"A", "K", "1", "12"};
    if (ranks.size() == 1) {
      const bool valle = valles.count(*ranks.begin()) > 0;
      if (suits.size() == 1) return pays(valle ? v.valle_one_suit : v.one_suit, dbl);
      return valle ? pays(v.valle_mixed, 1) : 0;
    }
    for (const auto& r : ranks)
      if (ends.count(r)) return pays(v.end_sequence, dbl);
    return 0;
  };
  std::uint64_t melds = 0;
  std::vector<Card> pick;
  std::string broken;
  auto visit = [&](auto&& self, int from, int left) -> void {
    if (!broken.empty()) return;
    if (left == 0) {
      CardCounts cards;
      for (Card c : pick) cards.add(c);
      if (!pan::is_meld(rules, cards)) return;
      ++melds;
      if (pan::condition_value(rules, cards) != table_value(pick))
        broken = fmt::format("{}: the engine pays {}, the table {}", pan::tokens(d, cards),
                             pan::condition_value(rules, cards), table_value(pick));
      return;
    }
    for (int c = from; c < d.size(); ++c) {
      pick.push_back(static_cast<Card>(c));
      self(self, c, left - 1);
      pick.pop_back();
    }
  };
  for (int size = 3; size <= 5; ++size) visit(visit, 0, size);
  if (!broken.empty()) return {"fails", "enumerated", broken};
  return {"holds", "proved",
          fmt::format("Z3: no cards are both a sequence and a group, so a meld's kind and value follow from its "
                      "cards; all {} melds of 3 to 5 cards pay what the contract's table says",
                      melds)};
}

}  // namespace conquian::prove
