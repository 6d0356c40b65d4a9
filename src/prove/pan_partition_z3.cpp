#include "prove/pan_partition_z3.h"

#include <fmt/format.h>
#include <z3++.h>

#include "pan/melds.h"

namespace conquian::prove {
namespace {

struct Counted {
  z3::expr var;
  CardCounts shape;  // the cards one unit of `var` uses (a run, a set of suits), or empty:
                     // `var` counts copies of one card (`card`) in a group of its own kind
  Card card = kNoCard;
  int kind = 0;  // 0: a unit shape; 1: copies of one card
};

}  // namespace

Z3PanPartition z3_pan_partition(const Ruleset& rules, const CardCounts& cards, const Z3Limits& limits) {
  Z3PanPartition out;
  try {
    z3::context ctx;
    z3::solver solver(ctx);
    const Deck& deck = rules.deck;
    const int ranks = deck.rank_count(), suits = deck.suit_count();
    std::vector<Counted> vars;
    // Uses of each card: a sum of terms.
    std::vector<z3::expr_vector> uses;
    for (int c = 0; c < kMaxCards; ++c) uses.emplace_back(ctx);
    auto nat = [&](const std::string& name) {
      z3::expr v = ctx.int_const(name.c_str());
      solver.add(v >= 0);
      return v;
    };
    auto unit_shape = [&](const std::string& name, const CardCounts& shape) {
      z3::expr v = nat(name);
      shape.for_each([&](Card c, int n) { uses[c].push_back(v * n); });
      vars.push_back({v, shape, kNoCard, 0});
    };
    const CardSet present = cards.support();
    // Sequences of 3..5 cards, one suit, lowest rank r.
    for (int s = 0; s < suits; ++s)
      for (int r = 0; r < ranks; ++r)
        for (int len = 3; len <= 5 && r + len <= ranks; ++len) {
          CardCounts shape;
          bool all_there = true;
          for (int k = 0; k < len; ++k) {
            shape.add(deck.card(s, r + k));
            all_there = all_there && present.has(deck.card(s, r + k));
          }
          if (all_there) unit_shape(fmt::format("run_{}_{}_{}", s, r, len), shape);
        }
    for (int r = 0; r < ranks; ++r) {
      const Card first = deck.card(0, r);
      if (pan::is_noncomoquer(rules, first)) {
        // A or K: one group of any copies of any suits, 0 or 3 or more in all.
        z3::expr_vector per_suit(ctx);
        for (int s = 0; s < suits; ++s) {
          z3::expr v = nat(fmt::format("ak_{}_{}", r, s));
          uses[deck.card(s, r)].push_back(v);
          vars.push_back({v, {}, deck.card(s, r), 1});
          per_suit.push_back(v);
        }
        z3::expr total = z3::sum(per_suit);
        solver.add(total == 0 || total >= 3);
        continue;
      }
      // One suit: 0 or 3 copies or more of one card.
      for (int s = 0; s < suits; ++s) {
        z3::expr v = nat(fmt::format("suited_{}_{}", r, s));
        solver.add(v == 0 || v >= 3);
        uses[deck.card(s, r)].push_back(v);
        vars.push_back({v, {}, deck.card(s, r), 1});
      }
      if (rules.pan.comoquer_group == ComoquerGroup::OneSuitOrThreeSuits) {
        // Copies of each suit, with none or at least three suits used: one group holds them.
        z3::expr_vector used(ctx);
        for (int s = 0; s < suits; ++s) {
          z3::expr v = nat(fmt::format("mixed_{}_{}", r, s));
          uses[deck.card(s, r)].push_back(v);
          vars.push_back({v, {}, deck.card(s, r), 2});
          used.push_back(z3::ite(v > 0, ctx.int_val(1), ctx.int_val(0)));
        }
        z3::expr n = z3::sum(used);
        solver.add(n == 0 || n >= 3);
      } else {
        // Every set of three or four different suits, a whole number of times.
        for (unsigned mask = 0; mask < (1u << suits); ++mask) {
          const int n = __builtin_popcount(mask);
          if (n < 3 || n > 4) continue;
          CardCounts shape;
          for (int s = 0; s < suits; ++s)
            if ((mask >> s) & 1) shape.add(deck.card(s, r));
          unit_shape(fmt::format("different_{}_{}", r, mask), shape);
        }
      }
    }
    // Every card: its copies used add up to the copies given (tracked, for the core).
    z3::expr_vector guards(ctx);
    std::vector<std::string> names;
    for (int c = 0; c < deck.size(); ++c) {
      const int n = cards.count(static_cast<Card>(c));
      z3::expr sum = uses[c].empty() ? ctx.int_val(0) : z3::sum(uses[c]);
      const std::string name =
          fmt::format("card {}: {} cop{}", deck.token(static_cast<Card>(c)), n, n == 1 ? "y" : "ies");
      z3::expr g = ctx.bool_const(name.c_str());
      solver.add(z3::implies(g, sum == n));
      guards.push_back(g);
      names.push_back(name);
    }
    if (limits.timeout_ms) solver.set("timeout", limits.timeout_ms);
    if (limits.rlimit) solver.set("rlimit", limits.rlimit);
    switch (solver.check(guards)) {
      case z3::unknown:
        out.answer = Z3PanPartition::Answer::Unknown;
        out.reason_unknown = solver.reason_unknown();
        return out;
      case z3::unsat: {
        out.answer = Z3PanPartition::Answer::No;
        const z3::expr_vector core = solver.unsat_core();
        for (unsigned k = 0; k < core.size(); ++k) out.core.push_back(core[k].decl().name().str());
        return out;
      }
      case z3::sat: break;
    }
    out.answer = Z3PanPartition::Answer::Yes;
    z3::model m = solver.get_model();
    std::array<CardCounts, 64> ak{}, mixed{};
    for (const Counted& v : vars) {
      const int n = m.eval(v.var, true).get_numeral_int();
      if (n == 0) continue;
      if (v.kind == 0) {
        for (int i = 0; i < n; ++i) out.melds.push_back(v.shape);
      } else if (v.kind == 1 && pan::is_noncomoquer(rules, v.card)) {
        ak[deck.rank_of(v.card)].add(v.card, n);
      } else if (v.kind == 1) {
        CardCounts group;
        group.add(v.card, n);
        out.melds.push_back(group);
      } else {
        mixed[deck.rank_of(v.card)].add(v.card, n);
      }
    }
    for (const CardCounts& g : ak)
      if (!g.empty()) out.melds.push_back(g);
    for (const CardCounts& g : mixed)
      if (!g.empty()) out.melds.push_back(g);
  } catch (const z3::exception& e) {
    out.answer = Z3PanPartition::Answer::Unknown;
    out.reason_unknown = std::string("z3 error: ") + e.msg();
  }
  return out;
}

}  // namespace conquian::prove
