#include "prove/step_invariant.h"

namespace conquian::prove::step {
namespace {

Terms zero_terms(const Model& m) { return Terms(static_cast<std::size_t>(m.cards()), m.ctx().int_val(0)); }

// The seats that have chosen their swap card when `actor` is to choose: the dealer's left
// chooses first, the dealer last.
bool has_chosen(int seats, int dealer, int actor, int seat) {
  auto order = [&](int s) { return (s - dealer - 1 + 2 * seats) % seats; };
  return order(seat) < order(actor);
}

}  // namespace

// The lowest card of `set` (0/1 terms), or none: a choice made from the state alone.
Terms lowest_of(const Model& m, const Terms& set) {
  Terms out;
  z3::expr none_below = m.ctx().bool_val(true);
  for (const auto& x : set) {
    out.push_back(z3::ite(none_below && x == 1, m.ctx().int_val(1), m.ctx().int_val(0)));
    none_below = none_below && x == 0;
  }
  return out;
}

z3::expr lowest_is_one_card(const Model& m, const Terms& set) {
  Terms low = lowest_of(m, set);
  z3::expr_vector parts(m.ctx());
  parts.push_back(m.count(low) == z3::ite(m.count(set) >= 1, m.ctx().int_val(1), m.ctx().int_val(0)));
  for (std::size_t c = 0; c < set.size(); ++c) parts.push_back(low[c] >= 0 && low[c] <= set[c]);
  return z3::mk_and(parts);
}

std::vector<Conjunct> invariant(const Model& m, const State& s) {
  z3::context& ctx = m.ctx();
  const Ruleset& r = m.rules();
  int n = m.cards(), seats = m.seats();
  std::vector<Conjunct> out;
  auto add = [&](const std::string& name, const z3::expr_vector& parts) {
    bool melds = name == "slots" || name == "tables-legal" || name == "forced-fits";
    out.push_back({name, z3::mk_and(parts), melds});
  };

  {  // Every card in exactly one place.
    z3::expr_vector parts(ctx);
    for (int c = 0; c < n; ++c) {
      z3::expr_vector places(ctx);
      for (int k = 0; k < seats; ++k) places.push_back(s.hand[k][c]), places.push_back(s.table[k][c]);
      places.push_back(s.stock[c]), places.push_back(s.dead[c]), places.push_back(s.up[c]);
      for (unsigned i = 0; i < places.size(); ++i) parts.push_back(places[i] >= 0);
      parts.push_back(z3::sum(places) == 1);
    }
    add("one-place", parts);
  }
  {  // One card face up exactly while it is offered, refused into a window, or forced.
    z3::expr_vector parts(ctx);
    parts.push_back(m.count(s.up) == z3::ite(m.has_up(s), ctx.int_val(1), ctx.int_val(0)));
    add("face-up", parts);
  }
  {  // Ranges, and the fields that mean nothing in a phase kept at 0.
    z3::expr_vector parts(ctx);
    parts.push_back(s.phase >= kSwap && s.phase <= kOver);
    parts.push_back(s.actor >= 0 && s.actor < seats && s.dealer >= 0 && s.dealer < seats);
    parts.push_back(s.origin >= 0 && s.origin < seats && s.refusals >= 0);
    parts.push_back(z3::implies(m.has_up(s), s.refusals < m.offer_count(s)));
    parts.push_back(z3::implies(!m.has_up(s), s.origin == 0 && !s.turned && s.refusals == 0));
    parts.push_back(z3::implies(s.phase == kOver, s.actor == 0 && s.winner >= -1 && s.winner < seats));
    parts.push_back(z3::implies(s.phase != kOver, s.winner == -1));
    parts.push_back(z3::implies(s.opening, s.phase == kTurn));
    add("ranges", parts);
  }
  {  // A phase exists only under the rule that makes it.
    z3::expr_vector parts(ctx);
    if (!r.swap) parts.push_back(s.phase != kSwap);
    if (!r.forcing.decline) parts.push_back(s.phase != kForceWindow);
    if (!m.forcing_takes()) parts.push_back(s.phase != kForced);
    if (!r.forcing.hit) parts.push_back(s.phase != kThrow);
    add("phase-keys", parts);
  }
  {  // Hand and table together hold exactly the hand size (every take is paid for with a
     // discard), but for the seat just hit (one more until it throws) and the winner.
    z3::expr_vector parts(ctx);
    for (int k = 0; k < seats; ++k) {
      z3::expr held = m.count(s.hand[k]) + m.count(s.table[k]);
      z3::expr hit = z3::ite(s.phase == kThrow && s.actor == k, ctx.int_val(1), ctx.int_val(0));
      z3::expr won = z3::ite(s.winner == k, ctx.int_val(1), ctx.int_val(0));
      parts.push_back(z3::implies(m.live(s), held == r.hand + hit));
      parts.push_back(z3::implies(!m.live(s), held >= r.hand && held <= r.hand + won));
    }
    add("hand-table", parts);
  }
  {
    z3::expr_vector parts(ctx);
    for (int k = 0; k < seats; ++k) parts.push_back(m.melds().domain(s.slot[k]));
    add("slots", parts);
  }
  {  // Every table splits into legal melds, as its slots say.
    z3::expr_vector parts(ctx);
    for (int k = 0; k < seats; ++k) parts.push_back(m.melds().grouping(s.table[k], s.slot[k]));
    add("tables-legal", parts);
  }
  {  // A table is empty or holds a meld; nobody has reached the target while the deal goes on.
    z3::expr_vector parts(ctx);
    for (int k = 0; k < seats; ++k) {
      z3::expr size = m.count(s.table[k]);
      parts.push_back(size == 0 || size >= m.smallest_meld());
      parts.push_back(z3::implies(m.live(s), size <= r.target - 1));
    }
    add("table-size", parts);
  }
  {
    z3::expr_vector parts(ctx);
    parts.push_back(z3::implies(s.phase == kTurn, m.count(s.stock) >= 1));
    add("turn-stock", parts);
  }
  {  // A seat in a force window or forced has a take: the card fits its table alone.
    z3::expr_vector parts(ctx);
    parts.push_back(m.melds().domain(s.witness));
    for (int k = 0; k < seats; ++k)
      parts.push_back(
          z3::implies((s.phase == kForceWindow || s.phase == kForced) && s.actor == k, m.fits(s, k, s.up, s.witness)));
    add("forced-fits", parts);
  }
  {  // Before play: nothing laid or dead, and the seats before the actor have chosen one card
     // each from their own hand.
    z3::expr_vector parts(ctx);
    z3::expr_vector quiet(ctx), chosen(ctx);
    for (int k = 0; k < seats; ++k) {
      quiet.push_back(m.count(s.table[k]) == 0);
      for (int c = 0; c < n; ++c) parts.push_back(s.swap[k][c] >= 0 && s.swap[k][c] <= s.hand[k][c]);
    }
    quiet.push_back(m.count(s.dead) == 0);
    for (int d = 0; d < seats; ++d)
      for (int a = 0; a < seats; ++a) {
        z3::expr_vector counts(ctx);
        for (int k = 0; k < seats; ++k) counts.push_back(m.count(s.swap[k]) == (has_chosen(seats, d, a, k) ? 1 : 0));
        chosen.push_back(z3::implies(s.dealer == d && s.actor == a, z3::mk_and(counts)));
      }
    parts.push_back(z3::implies(s.phase == kSwap, z3::mk_and(quiet) && z3::mk_and(chosen)));
    z3::expr_vector none(ctx);
    for (int k = 0; k < seats; ++k) none.push_back(m.count(s.swap[k]) == 0);
    parts.push_back(z3::implies(s.phase != kSwap, z3::mk_and(none)));
    add("swap-state", parts);
  }
  return out;
}

z3::expr invariant_holds(const Model& m, const State& s) {
  z3::expr_vector parts(m.ctx());
  for (const auto& c : invariant(m, s)) parts.push_back(c.holds);
  return z3::mk_and(parts);
}

z3::expr card_invariant_holds(const Model& m, const State& s) {
  z3::expr_vector parts(m.ctx());
  for (const auto& c : invariant(m, s))
    if (!c.melds) parts.push_back(c.holds);
  return z3::mk_and(parts);
}

z3::expr initial(const Model& m, const State& s) {
  z3::context& ctx = m.ctx();
  const Ruleset& r = m.rules();
  z3::expr_vector parts(ctx);
  parts.push_back(m.domain(s));
  for (int c = 0; c < m.cards(); ++c) {
    z3::expr_vector dealt(ctx);
    for (int k = 0; k < m.seats(); ++k) dealt.push_back(s.hand[k][c]);
    parts.push_back(z3::sum(dealt) + s.stock[c] == 1);
  }
  for (int k = 0; k < m.seats(); ++k) {
    parts.push_back(m.count(s.hand[k]) == r.hand);
    parts.push_back(m.zeros(s.table[k]) && m.zeros(s.swap[k]));
    for (const auto& row : s.slot[k]) parts.push_back(m.zeros(row));
  }
  for (const auto& row : s.witness) parts.push_back(m.zeros(row));
  parts.push_back(m.zeros(s.dead) && m.zeros(s.up));
  parts.push_back(s.origin == 0 && s.refusals == 0 && !s.turned);
  if (r.swap) {
    parts.push_back(s.phase == kSwap && s.actor == m.next_seat(s.dealer) && !s.opening && s.winner == -1);
  } else {
    // Play starts with a turn by the seat after the dealer, or the dealer's upcard; an empty
    // stock is a draw at once (every hand holds the same number of cards).
    bool upcard = r.first_upcard == FirstUpcard::Dealer;
    z3::expr more = m.count(s.stock) >= 1;
    z3::expr first = upcard ? s.dealer : m.next_seat(s.dealer);
    parts.push_back(s.phase == z3::ite(more, ctx.int_val(kTurn), ctx.int_val(kOver)));
    parts.push_back(s.actor == z3::ite(more, first, ctx.int_val(0)));
    parts.push_back(s.opening == (ctx.bool_val(upcard) && more));
    parts.push_back(s.winner == -1);
  }
  return z3::mk_and(parts);
}

// Φ = swaps left + (1 + seats) x stock + (seats + f) x Σ takes left + 1 + f + the face-up
// card's term, f = 1 when a forcing rule can make a seat take. A stock card costs its turn
// and one refusal per seat; a take costs itself, a force before it (f), and the refusals of
// its discard (seats - 1) or, after a hit, the hit seat's throw and its refusals; the +1 + f
// is the winning take and its force. A seat has at most target - 1 - table takes left before
// its winning one, and its first take lays a whole meld (specs/step-model.md has the proof
// sketch; Z3 checks every step).
z3::expr ranking(const Model& m, const State& s) {
  z3::context& ctx = m.ctx();
  const Ruleset& r = m.rules();
  int seats = m.seats(), f = m.forcing_takes() ? 1 : 0;
  z3::expr_vector takes(ctx), swapped(ctx);
  for (int k = 0; k < seats; ++k) {
    z3::expr t = m.count(s.table[k]);
    takes.push_back(z3::ite(t == 0, ctx.int_val(r.target - m.smallest_meld()), r.target - 1 - t));
    swapped.push_back(m.count(s.swap[k]));
  }
  z3::expr swaps_left = z3::ite(s.phase == kSwap, seats - z3::sum(swapped), ctx.int_val(0));
  z3::expr offers_left = m.offer_count(s) - s.refusals;
  z3::expr up_term = z3::ite(s.phase == kOffer, offers_left,
                             z3::ite(s.phase == kForceWindow, offers_left - 1,
                                     z3::ite(s.phase == kForced, ctx.int_val(-1),
                                             z3::ite(s.phase == kThrow, ctx.int_val(seats), ctx.int_val(0)))));
  z3::expr live = swaps_left + (1 + seats) * m.count(s.stock) + (seats + f) * z3::sum(takes) + 1 + f + up_term;
  return z3::ite(s.phase == kOver, ctx.int_val(0), live);
}

std::vector<MoveWitness> witness_moves(const Model& m, const State& s) {
  z3::context& ctx = m.ctx();
  const Ruleset& r = m.rules();
  std::vector<MoveWitness> out;
  const Transition* current = nullptr;
  auto add = [&](const z3::expr& at, const z3::expr& allowed) { out.push_back({current->name, at, allowed}); };
  auto substituted = [&](const Transition& t, const std::vector<std::pair<Terms, Terms>>& with,
                         bool cards_only = false) {
    z3::expr_vector from(ctx), to(ctx);
    for (const auto& [vars, values] : with)
      for (std::size_t i = 0; i < vars.size(); ++i)
        if (!vars[i].is_numeral()) from.push_back(vars[i]), to.push_back(values[i]);
    z3::expr g = cards_only ? t.card_guard : t.guard;
    return from.empty() ? g : g.substitute(from, to);
  };
  std::vector<Transition> all = m.transitions(s);
  for (const auto& t : all) {
    current = &t;
    z3::expr at = s.phase == t.from && s.actor == t.seat;
    switch (t.from) {
      case kSwap: add(at, substituted(t, {{t.vars.pick, lowest_of(m, s.hand[t.seat])}})); break;
      case kTurn:
        if (t.kind == Kind::Turn) add(at, substituted(t, {{t.vars.pick, lowest_of(m, s.stock)}}));
        break;
      case kThrow: add(at, substituted(t, {{t.vars.pick, lowest_of(m, s.hand[t.seat])}})); break;
      case kForceWindow:
        if (t.kind == Kind::Waive) add(at, t.guard);
        break;
      case kForced: {
        if (t.kind != Kind::Take || t.other >= 0) break;
        // The forced take of the card alone, grouped as the state's witness, discarding the
        // lowest card left in the hand, or nothing when the take reaches the target (two
        // cases, and each in two checks: the card conditions, then the meld conditions).
        z3::expr wins = m.count(s.table[t.seat]) + m.count(s.up) >= r.target;
        for (bool winning : {false, true}) {
          Terms discard = winning ? zero_terms(m) : lowest_of(m, s.hand[t.seat]);
          std::vector<std::pair<Terms, Terms>> with = {{t.vars.laid, zero_terms(m)}, {t.vars.pick, discard}};
          for (int c = 0; c < m.cards(); ++c) with.push_back({t.vars.grouping[c], s.witness[c]});
          if (!t.vars.taken_slot.empty()) {
            Terms slot_of_up;
            for (int k = 0; k < m.slots(); ++k) {
              z3::expr_vector here(ctx);
              for (int c = 0; c < m.cards(); ++c)
                here.push_back(z3::ite(s.up[c] == 1, s.witness[c][k], ctx.int_val(0)));
              slot_of_up.push_back(z3::sum(here));
            }
            with.push_back({t.vars.taken_slot, slot_of_up});
          }
          z3::expr when = at && (winning ? wins : !wins);
          std::string suffix = winning ? ", winning" : "";
          add(when, substituted(t, with, true));
          out.back().name += suffix + " (cards)";
          add(when, substituted(t, with));
          out.back().name += suffix + " (melds)";
        }
        break;
      }
      case kOffer: {
        if (t.kind != Kind::Pass) break;
        // A pass is refused only when compulsory_take holds and a take exists, or auto_take
        // holds and the card fits the seat's table alone (then taking the card alone, grouped
        // as it fits, is a take), and then that take is a move (specs/step-model.md): given
        // its face-up card, an Offer state can always move. Otherwise the pass itself is
        // checked.
        bool duty = r.compulsory_take || r.auto_take;
        if (duty || !t.vars.fits) {
          add(at, (duty ? m.count(s.up) == 1 : t.guard));
          break;
        }
        z3::expr_vector from(ctx), to(ctx);
        from.push_back(*t.vars.fits);
        if (r.rearrange) {
          to.push_back(ctx.bool_val(false));  // the step relation lets a fitting card be refused
          for (int c = 0; c < m.cards(); ++c)
            for (int k = 0; k < m.slots(); ++k)
              if (!t.vars.witness[c][k].is_numeral())
                from.push_back(t.vars.witness[c][k]), to.push_back(ctx.int_val(0));
        } else {
          // The card joins the first kept meld it extends (if any): the window's witness.
          to.push_back(m.extends_kept_meld(s, t.seat, s.up));
          z3::expr none_before = ctx.bool_val(true);
          for (int k = 0; k < m.slots(); ++k) {
            Terms old, grown;
            for (int c = 0; c < m.cards(); ++c) {
              old.push_back(s.slot[t.seat][c][k]);
              grown.push_back(s.slot[t.seat][c][k] + s.up[c]);
            }
            z3::expr here = m.count(old) >= 1 && m.melds().empty_or_meld(grown);
            z3::expr first = none_before && here;
            for (int c = 0; c < m.cards(); ++c) {
              if (t.vars.witness[c][k].is_numeral()) continue;
              from.push_back(t.vars.witness[c][k]);
              to.push_back(s.slot[t.seat][c][k] + z3::ite(first && s.up[c] == 1, ctx.int_val(1), ctx.int_val(0)));
            }
            none_before = none_before && !here;
          }
        }
        z3::expr guard = t.guard;
        add(at, guard.substitute(from, to));
        break;
      }
      default: break;
    }
  }
  return out;
}

}  // namespace conquian::prove::step
