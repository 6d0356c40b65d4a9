#include "prove/step_agreement.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "engine/engine.h"
#include "prove/step_invariant.h"
#include "replay/move_words.h"

namespace conquian::prove {
namespace {

using namespace step;

// A state as both sides can describe it, normalised (fields without meaning are 0).
struct Snapshot {
  std::vector<CardSet> hand, table, swap;
  CardSet stock, dead, up;
  int phase = 0, actor = 0, origin = 0, refusals = 0, dealer = 0, winner = -1;
  bool turned = false, opening = false;
  std::vector<std::vector<CardSet>> melds;  // per seat, sorted; only without rearrange

  std::vector<std::uint64_t> key() const {
    std::vector<std::uint64_t> k;
    for (std::size_t s = 0; s < hand.size(); ++s)
      k.push_back(hand[s].bits()), k.push_back(table[s].bits()), k.push_back(swap[s].bits());
    k.push_back(stock.bits()), k.push_back(dead.bits()), k.push_back(up.bits());
    for (int v : {phase, actor, origin, refusals, dealer, winner, int(turned), int(opening)})
      k.push_back(static_cast<std::uint64_t>(v + 1));
    for (const auto& seat : melds) {
      k.push_back(~std::uint64_t{0});
      for (CardSet m : seat) k.push_back(m.bits());
    }
    return k;
  }

  std::string describe(const Deck& deck) const {
    std::string out = fmt::format("{} (seat {} to act)", phase_name(phase), actor);
    for (std::size_t s = 0; s < hand.size(); ++s) {
      out += fmt::format("; seat {}: hand [{}] table [{}]", s, deck.tokens(hand[s]), deck.tokens(table[s]));
      if (!melds.empty()) {
        std::string ms;
        for (CardSet m : melds[s]) ms += (ms.empty() ? "" : " | ") + deck.tokens(m);
        out += " as [" + ms + "]";
      }
      if (!swap[s].empty()) out += fmt::format(" swapping {}", deck.tokens(swap[s]));
    }
    out += fmt::format("; up [{}] from seat {}{} refused {}x; stock [{}]; dead [{}]", deck.tokens(up), origin,
                       turned ? " (turned)" : "", refusals, deck.tokens(stock), deck.tokens(dead));
    if (phase == kOver) out += winner >= 0 ? fmt::format("; seat {} won", winner) : "; drawn";
    if (opening) out += "; the dealer's upcard is next";
    return out;
  }
};

int phase_id(Phase p) {
  switch (p) {
    case Phase::Swap: return kSwap;
    case Phase::Turn: return kTurn;
    case Phase::Offer: return kOffer;
    case Phase::ForceWindow: return kForceWindow;
    case Phase::Forced: return kForced;
    case Phase::Throw: return kThrow;
    case Phase::Over: return kOver;
  }
  return -1;
}

Snapshot engine_snapshot(const Position& p) {
  const Ruleset& r = *p.rules;
  Snapshot s;
  s.phase = phase_id(p.phase);
  bool has_up = s.phase == kOffer || s.phase == kForceWindow || s.phase == kForced;
  for (int k = 0; k < r.seats; ++k) {
    s.hand.push_back(p.hand[k]);
    s.table.push_back(p.table[k]);
    s.swap.push_back(s.phase == kSwap && p.swap_card[k] != kNoCard ? CardSet::of(p.swap_card[k]) : CardSet{});
  }
  s.stock = p.unseen();
  s.dead = p.dead;
  if (p.up != kNoCard) s.up = CardSet::of(p.up);
  s.actor = s.phase == kOver ? 0 : p.actor;
  if (has_up) s.origin = p.origin, s.turned = p.up_turned, s.refusals = p.refusals;
  s.dealer = p.dealer;
  s.winner = p.result.kind == Outcome::Kind::Win ? p.result.winner : -1;
  s.opening = s.phase == kTurn && p.opening_upcard;
  if (!r.rearrange)
    for (int k = 0; k < r.seats; ++k) {
      MeldList ml = table_melds(p, k);
      std::vector<CardSet> v(ml.begin(), ml.end());
      std::sort(v.begin(), v.end());
      s.melds.push_back(v);
    }
  return s;
}

}  // namespace

struct StepAgreementChecker::Impl {
  const Ruleset& rules;
  unsigned timeout_ms;
  z3::context ctx;
  Model model;
  long queries = 0;

  z3::solver main;

  Impl(const Ruleset& r, unsigned t) : rules(r), timeout_ms(t), model(ctx, r), main(ctx) {
    if (timeout_ms > 0) main.set("timeout", timeout_ms);
  }

  Terms constants(CardSet set) {
    Terms t;
    for (int c = 0; c < model.cards(); ++c) t.push_back(ctx.int_val(set.has(static_cast<Card>(c)) ? 1 : 0));
    return t;
  }

  // The model's state for an engine position: constants, but for the groupings that are not
  // state (with rearrange) and the force witness, which are left open.
  State pre_state(const Position& p, const Snapshot& s, std::string* fault) {
    State q = model.fresh("pre_");
    for (int k = 0; k < model.seats(); ++k) {
      q.hand[k] = constants(s.hand[k]);
      q.table[k] = constants(s.table[k]);
      q.swap[k] = constants(s.swap[k]);
      if (!rules.rearrange)
        for (int c = 0; c < model.cards(); ++c)
          for (int g = 0; g < model.slots(); ++g) {
            bool here = s.table[k].has(static_cast<Card>(c)) && p.meld_of[c] == g;
            q.slot[k][c][g] = ctx.int_val(here ? 1 : 0);
            if (s.table[k].has(static_cast<Card>(c)) && p.meld_of[c] >= model.slots())
              *fault = fmt::format("seat {}'s table has more melds than the model's {} slots", k, model.slots());
          }
    }
    q.stock = constants(s.stock);
    q.dead = constants(s.dead);
    q.up = constants(s.up);
    q.phase = ctx.int_val(s.phase);
    q.actor = ctx.int_val(s.actor);
    q.origin = ctx.int_val(s.origin);
    q.refusals = ctx.int_val(s.refusals);
    q.dealer = ctx.int_val(s.dealer);
    q.winner = ctx.int_val(s.winner);
    q.turned = ctx.bool_val(s.turned);
    q.opening = ctx.bool_val(s.opening);
    return q;
  }

  CardSet eval_set(const z3::model& m, const Terms& t) {
    CardSet out;
    int v = 0;
    for (int c = 0; c < model.cards(); ++c)  // most terms are constants: no model evaluation
      if (t[c].is_numeral_i(v) ? v != 0 : m.eval(t[c], true).get_numeral_int() != 0) out.insert(static_cast<Card>(c));
    return out;
  }

  Snapshot model_snapshot(const z3::model& m, const State& q) {
    Snapshot s;
    auto num = [&](const z3::expr& e) { return m.eval(e, true).get_numeral_int(); };
    for (int k = 0; k < model.seats(); ++k) {
      s.hand.push_back(eval_set(m, q.hand[k]));
      s.table.push_back(eval_set(m, q.table[k]));
      s.swap.push_back(eval_set(m, q.swap[k]));
    }
    s.stock = eval_set(m, q.stock);
    s.dead = eval_set(m, q.dead);
    s.up = eval_set(m, q.up);
    s.phase = num(q.phase), s.actor = num(q.actor), s.origin = num(q.origin), s.refusals = num(q.refusals);
    s.dealer = num(q.dealer), s.winner = num(q.winner);
    s.turned = m.eval(q.turned, true).is_true();
    s.opening = m.eval(q.opening, true).is_true();
    if (!rules.rearrange)
      for (int k = 0; k < model.seats(); ++k) {
        std::vector<CardSet> melds(static_cast<std::size_t>(model.slots()));
        for (Card c : s.table[k])
          for (int g = 0; g < model.slots(); ++g)
            if (num(q.slot[k][c][g]) != 0) melds[g].insert(c);
        melds.erase(std::remove(melds.begin(), melds.end(), CardSet{}), melds.end());
        std::sort(melds.begin(), melds.end());
        s.melds.push_back(melds);
      }
    return s;
  }

  // "The successor is not this one."
  z3::expr block(const State& q, const Snapshot& s) {
    z3::expr_vector same(ctx);
    auto cards = [&](const Terms& t, CardSet v) {
      for (int c = 0; c < model.cards(); ++c) same.push_back(t[c] == (v.has(static_cast<Card>(c)) ? 1 : 0));
    };
    for (int k = 0; k < model.seats(); ++k)
      cards(q.hand[k], s.hand[k]), cards(q.table[k], s.table[k]), cards(q.swap[k], s.swap[k]);
    cards(q.stock, s.stock), cards(q.dead, s.dead), cards(q.up, s.up);
    same.push_back(q.phase == s.phase), same.push_back(q.actor == s.actor), same.push_back(q.origin == s.origin);
    same.push_back(q.refusals == s.refusals), same.push_back(q.dealer == s.dealer),
        same.push_back(q.winner == s.winner);
    same.push_back(q.turned == ctx.bool_val(s.turned)), same.push_back(q.opening == ctx.bool_val(s.opening));
    if (!rules.rearrange)
      for (int k = 0; k < model.seats(); ++k)
        for (CardSet m : s.melds[k])
          for (Card c : s.table[k])
            for (Card d : s.table[k]) {
              if (d <= c) continue;
              z3::expr_vector together(ctx);
              for (int g = 0; g < model.slots(); ++g) together.push_back(q.slot[k][c][g] >= 1 && q.slot[k][d][g] >= 1);
              bool in_same = m.has(c) && m.has(d);
              if (!m.has(c)) continue;  // each pair once, from the meld holding c
              same.push_back(z3::mk_or(together) == ctx.bool_val(in_same));
            }
    return !z3::mk_and(same);
  }

  // Z3 answers an existential fact about the position with the model's own constraints.
  bool satisfiable(const z3::expr& e, StepAgreement& out) {
    main.push();
    main.add(e);
    ++queries;
    z3::check_result r = main.check();
    main.pop();
    if (r == z3::unknown) out.unknown = true;
    return r == z3::sat;
  }

  std::string describe_move(const z3::model& m, const Transition& t) {
    std::string out = t.name;
    const Deck& deck = rules.deck;
    if (!t.vars.pick.empty()) {
      CardSet pick = eval_set(m, t.vars.pick);
      if (!pick.empty()) out += fmt::format(", card {}", deck.tokens(pick));
    }
    if (!t.vars.laid.empty()) {
      CardSet laid = eval_set(m, t.vars.laid);
      if (!laid.empty()) out += fmt::format(", laying {}", deck.tokens(laid));
    }
    return out;
  }

  StepAgreement check(const Position& original, bool check_invariant) {
    StepAgreement out;
    long start_queries = queries;
    // The stock as a set: the same position with its order forgotten.
    Position pos = original;
    if (pos.stock_known) {
      pos.stock_known = false;
      pos.stock_end = static_cast<std::uint8_t>(pos.stock_left());
      pos.stock_top = 0;
    }
    Snapshot before = engine_snapshot(pos);
    std::map<std::vector<std::uint64_t>, std::pair<Snapshot, std::string>> engine;
    std::vector<Move> legal;
    legal_moves(pos, legal);
    out.engine_moves = static_cast<long>(legal.size());
    for (const Move& mv : legal) {
      Position next = pos;
      apply(next, mv);
      Snapshot s = engine_snapshot(next);
      engine.emplace(s.key(), std::make_pair(s, move_text(pos, mv)));
    }
    out.engine_successors = static_cast<long>(engine.size());

    std::string fault;
    model.restart_names();
    State pre = pre_state(pos, before, &fault);
    if (!fault.empty()) {
      out.disagreements.push_back(fault + " at " + before.describe(rules.deck));
      return out;
    }
    if (check_invariant && !satisfiable(model.domain(pre) && invariant_holds(model, pre), out))
      out.invariant_holds = false,
      out.disagreements.push_back("the position does not satisfy I: " + before.describe(rules.deck));

    Oracles oracles;
    if (before.phase == kOffer) {
      if (rules.rearrange && (rules.forcing.decline || rules.auto_take)) {
        Grouping g = model.fresh_grouping("oracle_fits", before.table[before.actor] | before.up);
        oracles.fits_up = satisfiable(model.fits(pre, before.actor, pre.up, g), out);
      }
      if (rules.compulsory_take) {
        bool any = false;
        for (const auto& t : model.transitions(pre, {}, kOffer, before.actor))
          if (t.kind == Kind::Take && t.other < 0) any = satisfiable(t.guard, out);
        oracles.can_take = any;
      }
    }

    std::map<std::vector<std::uint64_t>, bool> found;
    auto transitions = model.transitions(pre, oracles, before.phase, before.actor);
    for (const auto& t : transitions) {
      z3::solver& s = main;
      z3::expr guard = t.guard.simplify();
      if (guard.is_false()) continue;  // not a move here (a hit on an empty table, ...)
      s.push();
      s.add(guard);
      for (;;) {
        ++queries;
        z3::check_result r = s.check();
        if (r == z3::unsat) break;
        if (r == z3::unknown) {
          out.unknown = true;
          out.disagreements.push_back(
              fmt::format("Z3 gave up ({}) on {} at {}", s.reason_unknown(), t.name, before.describe(rules.deck)));
          break;
        }
        z3::model m = s.get_model();
        Snapshot after = model_snapshot(m, t.post);
        auto key = after.key();
        if (!found.emplace(key, true).second) {
          s.add(block(t.post, after));
          continue;
        }
        if (!engine.count(key))
          out.disagreements.push_back(fmt::format("the model allows {} from {} to {}, which the engine does not",
                                                  describe_move(m, t), before.describe(rules.deck),
                                                  after.describe(rules.deck)));
        s.add(block(t.post, after));
      }
      s.pop();
    }
    out.model_successors = static_cast<long>(found.size());
    for (const auto& [key, value] : engine)
      if (!found.count(key))
        out.disagreements.push_back(
            fmt::format("the engine's move {} from {} leads to {}, which the model does not allow", value.second,
                        before.describe(rules.deck), value.first.describe(rules.deck)));
    out.queries = queries - start_queries;
    return out;
  }
};

StepAgreementChecker::StepAgreementChecker(const Ruleset& rules, unsigned timeout_ms)
    : impl_(std::make_unique<Impl>(rules, timeout_ms)) {}
StepAgreementChecker::~StepAgreementChecker() = default;

StepAgreement StepAgreementChecker::check(const Position& pos, bool check_invariant) {
  return impl_->check(pos, check_invariant);
}

}  // namespace conquian::prove
