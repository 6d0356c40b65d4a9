// The step relation, move kind by move kind (specs/step-model.md has it in words). Each
// transition's guard says when the move is allowed; its post-state is built from the
// pre-state's terms, so a post-state is a function of the pre-state and the move's choices.
#include "prove/step_model.h"

#include <fmt/format.h>

namespace conquian::prove::step {

const char* phase_name(int phase) {
  static const char* names[] = {"Swap", "Turn", "Offer", "ForceWindow", "Forced", "Throw", "Over"};
  return phase >= 0 && phase <= kOver ? names[phase] : "?";
}

const char* kind_name(Kind kind) {
  switch (kind) {
    case Kind::Swap: return "swap";
    case Kind::Turn: return "turn";
    case Kind::Take: return "take";
    case Kind::Pass: return "pass";
    case Kind::Waive: return "waive";
    case Kind::Force: return "force";
    case Kind::Throw: return "throw";
    case Kind::Lay: return "lay";
  }
  return "?";
}

namespace {

// The most melds a table can hold: a table never holds more than hand + 1 cards (the
// invariant `hand-table`, proved with the rest), and a meld has at least `smallest` cards.
int slot_count(const Ruleset& r, int smallest) { return std::max(1, (r.hand + 1) / smallest); }

Terms plus(const Terms& a, const Terms& b) {
  Terms out;
  for (std::size_t i = 0; i < a.size(); ++i) out.push_back(a[i] + b[i]);
  return out;
}

Terms minus(const Terms& a, const Terms& b) {
  Terms out;
  for (std::size_t i = 0; i < a.size(); ++i) out.push_back(a[i] - b[i]);
  return out;
}

// A guard in two parts: conditions on cards, seats and phases, and conditions on melds.
struct Guard {
  z3::expr_vector cards, melds;
  explicit Guard(z3::context& ctx) : cards(ctx), melds(ctx) {}
  z3::expr all() const { return z3::mk_and(cards) && z3::mk_and(melds); }
  z3::expr card_part() const { return z3::mk_and(cards); }
};

}  // namespace

Model::Model(z3::context& ctx, const Ruleset& rules)
    : ctx_(ctx),
      rules_(rules),
      melds_(ctx, rules.deck, rules.melds),
      cards_(rules.deck.size()),
      seats_(rules.seats),
      slots_(slot_count(rules, melds_.sizes().smallest())) {}

Terms Model::fresh_terms(const std::string& name, std::optional<CardSet> maybe) const {
  Terms t;
  for (int c = 0; c < cards_; ++c)
    t.push_back(!maybe || maybe->has(static_cast<Card>(c)) ? ctx_.int_const(fmt::format("{}_{}", name, c).c_str())
                                                           : ctx_.int_val(0));
  return t;
}

Grouping Model::fresh_grouping(const std::string& name, std::optional<CardSet> maybe) const {
  Grouping g;
  for (int c = 0; c < cards_; ++c) {
    g.emplace_back();
    for (int k = 0; k < slots_; ++k)
      g.back().push_back(!maybe || maybe->has(static_cast<Card>(c))
                             ? ctx_.int_const(fmt::format("{}_{}_{}", name, c, k).c_str())
                             : ctx_.int_val(0));
  }
  return g;
}

CardSet Model::possible(const Terms& t) const {
  CardSet out;
  for (int c = 0; c < cards_; ++c) {
    int v = 1;
    if (!(t[c].is_numeral() && t[c].is_numeral_i(v) && v == 0)) out.insert(static_cast<Card>(c));
  }
  return out;
}

z3::expr Model::terms_domain(const Terms& t) const {
  z3::expr_vector parts(ctx_);
  for (const auto& x : t) parts.push_back(x >= 0 && x <= 1);
  return z3::mk_and(parts);
}

z3::expr Model::zeros(const Terms& t) const {
  z3::expr_vector parts(ctx_);
  for (const auto& x : t) parts.push_back(x == 0);
  return z3::mk_and(parts);
}

State Model::fresh(const std::string& p) const {
  State s{{},
          {},
          fresh_terms(p + "stock"),
          fresh_terms(p + "dead"),
          fresh_terms(p + "up"),
          {},
          {},
          fresh_grouping(p + "witness"),
          ctx_.int_const((p + "phase").c_str()),
          ctx_.int_const((p + "actor").c_str()),
          ctx_.int_const((p + "origin").c_str()),
          ctx_.int_const((p + "refusals").c_str()),
          ctx_.int_const((p + "dealer").c_str()),
          ctx_.int_const((p + "winner").c_str()),
          ctx_.bool_const((p + "turned").c_str()),
          ctx_.bool_const((p + "opening").c_str())};
  for (int k = 0; k < seats_; ++k) {
    s.hand.push_back(fresh_terms(fmt::format("{}hand{}", p, k)));
    s.table.push_back(fresh_terms(fmt::format("{}table{}", p, k)));
    s.slot.push_back(fresh_grouping(fmt::format("{}slot{}", p, k)));
    s.swap.push_back(fresh_terms(fmt::format("{}swap{}", p, k)));
  }
  return s;
}

z3::expr Model::domain(const State& s) const {
  z3::expr_vector parts(ctx_);
  for (int k = 0; k < seats_; ++k) {
    parts.push_back(terms_domain(s.hand[k]));
    parts.push_back(terms_domain(s.table[k]));
    parts.push_back(terms_domain(s.swap[k]));
    parts.push_back(melds_.domain(s.slot[k]));
  }
  parts.push_back(terms_domain(s.stock));
  parts.push_back(terms_domain(s.dead));
  parts.push_back(terms_domain(s.up));
  parts.push_back(melds_.domain(s.witness));
  parts.push_back(s.phase >= kSwap && s.phase <= kOver);
  parts.push_back(s.actor >= 0 && s.actor < seats_);
  parts.push_back(s.origin >= 0 && s.origin < seats_);
  parts.push_back(s.dealer >= 0 && s.dealer < seats_);
  parts.push_back(s.refusals >= 0 && s.refusals <= seats_);
  parts.push_back(s.winner >= -1 && s.winner < seats_);
  return z3::mk_and(parts);
}

z3::expr Model::select(const z3::expr& cond, const z3::expr& a, const z3::expr& b) const {
  if (z3::eq(a, b)) return a;
  return z3::ite(cond, a, b);
}

State Model::select(const z3::expr& c, const State& a, const State& b) const {
  auto terms = [&](const Terms& x, const Terms& y) {
    Terms out;
    for (std::size_t i = 0; i < x.size(); ++i) out.push_back(select(c, x[i], y[i]));
    return out;
  };
  auto grouping = [&](const Grouping& x, const Grouping& y) {
    Grouping out;
    for (std::size_t i = 0; i < x.size(); ++i) out.push_back(terms(x[i], y[i]));
    return out;
  };
  State s = a;
  for (int k = 0; k < seats_; ++k) {
    s.hand[k] = terms(a.hand[k], b.hand[k]);
    s.table[k] = terms(a.table[k], b.table[k]);
    s.slot[k] = grouping(a.slot[k], b.slot[k]);
    s.swap[k] = terms(a.swap[k], b.swap[k]);
  }
  s.stock = terms(a.stock, b.stock);
  s.dead = terms(a.dead, b.dead);
  s.up = terms(a.up, b.up);
  s.witness = grouping(a.witness, b.witness);
  s.phase = select(c, a.phase, b.phase);
  s.actor = select(c, a.actor, b.actor);
  s.origin = select(c, a.origin, b.origin);
  s.refusals = select(c, a.refusals, b.refusals);
  s.dealer = select(c, a.dealer, b.dealer);
  s.winner = select(c, a.winner, b.winner);
  s.turned = select(c, a.turned, b.turned);
  s.opening = select(c, a.opening, b.opening);
  return s;
}

Branches Model::either(const z3::expr& cond, const Branches& a, const Branches& b) const {
  Branches out;
  for (const auto& x : a) out.push_back({cond && x.when, x.post});
  for (const auto& x : b) out.push_back({!cond && x.when, x.post});
  return out;
}

State Model::merge(const Branches& b) const {
  State out = b.back().post;
  for (std::size_t i = b.size() - 1; i-- > 0;) out = select(b[i].when, b[i].post, out);
  return out;
}

Transition Model::make(Kind kind, int seat, int other, int from, std::string name, z3::expr guard, z3::expr card_guard,
                       Branches branches, MoveVars vars, bool record) const {
  State post = merge(branches);
  return {kind,  seat, other, from, std::move(name), guard, card_guard, std::move(branches), post, std::move(vars),
          record};
}

z3::expr Model::has_up(const State& s) const {
  return s.phase == kOffer || s.phase == kForceWindow || s.phase == kForced;
}

// A turned card is offered to every seat; a thrown one to every seat but the thrower.
z3::expr Model::offer_count(const State& s) const {
  return z3::ite(s.turned, ctx_.int_val(seats_), ctx_.int_val(seats_ - 1));
}

z3::expr Model::next_seat(const z3::expr& seat) const { return z3::ite(seat == seats_ - 1, ctx_.int_val(0), seat + 1); }

z3::expr Model::seat_plus(const z3::expr& seat, const z3::expr& k) const {
  z3::expr x = seat + k;
  return z3::ite(x >= seats_, x - seats_, x);
}

z3::expr Model::seat_minus(const z3::expr& seat, const z3::expr& k) const {
  z3::expr x = seat - k;
  return z3::ite(x < 0, x + seats_, x);
}

// The j-th seat (j = 0 .. seats) from the card's origin in the order claims are settled
// (claim_priority): round the table in the order of play (next: the seat after the origin
// first), or against it (previous: the seat before the origin first; 004's "me sirve" does
// not say who has a card two opponents claim, specs/rulesets.md). j = 0 and j = seats are
// the origin itself.
z3::expr Model::claimant(const State& s, const z3::expr& j) const {
  return rules_.claim_priority == ClaimPriority::Next ? seat_plus(s.origin, j) : seat_minus(s.origin, j);
}

// The index-th seat offered the face-up card: a turned card goes to the turner first
// (first_offer: turner; 000, 004) or to the next claimant with the turner last (first_offer:
// next: the claimant seats + 1 away is the turner); a thrown card goes to the claimants in
// turn, the thrower never.
z3::expr Model::offer_seat(const State& s, const z3::expr& index) const {
  z3::expr after = claimant(s, index + 1);
  if (rules_.first_offer == FirstOffer::Next) return after;
  return z3::ite(s.turned, claimant(s, index), after);
}

void Model::clear_offer(State& q) const {
  for (auto& t : q.up) t = ctx_.int_val(0);
  q.origin = ctx_.int_val(0);
  q.turned = ctx_.bool_val(false);
  q.refusals = ctx_.int_val(0);
}

void Model::offer(State& q, const Terms& card, const z3::expr& origin, const z3::expr& turned) const {
  q.up = card;
  q.origin = origin;
  q.turned = turned;
  q.refusals = ctx_.int_val(0);
  q.phase = ctx_.int_val(kOffer);
  q.actor = offer_seat(q, ctx_.int_val(0));
}

void Model::win(State& q, const z3::expr& seat) const {
  clear_offer(q);
  q.phase = ctx_.int_val(kOver);
  q.actor = ctx_.int_val(0);
  q.winner = seat;
  q.opening = ctx_.bool_val(false);
}

// The seat turns the next card; with the stock empty the deal is over instead: a draw, or
// (stock_out: fewest_in_hand, a house rule) won by the one seat with fewest cards in hand.
void Model::enter_turn(State& q, const z3::expr& seat) const {
  clear_offer(q);
  z3::expr more = count(q.stock) >= 1;
  z3::expr over_winner = ctx_.int_val(-1);
  if (rules_.stock_out == StockOut::FewestInHand) {
    for (int k = seats_ - 1; k >= 0; --k) {
      z3::expr_vector fewer(ctx_);
      for (int j = 0; j < seats_; ++j)
        if (j != k) fewer.push_back(count(q.hand[k]) < count(q.hand[j]));
      over_winner = z3::ite(z3::mk_and(fewer), ctx_.int_val(k), over_winner);
    }
  }
  q.phase = z3::ite(more, ctx_.int_val(kTurn), ctx_.int_val(kOver));
  q.actor = z3::ite(more, seat, ctx_.int_val(0));
  q.winner = z3::ite(more, ctx_.int_val(-1), over_winner);
  q.opening = q.opening && more;
}

// A refusal: the card goes to the next seat of its offer, or, refused by all, is dead and
// the seat after the one that turned or threw it turns next.
Branches Model::refuse(const State& p) const {
  State more = p, dead = p;
  z3::expr refusals = p.refusals + 1;
  more.refusals = refusals;
  more.phase = ctx_.int_val(kOffer);
  more.actor = offer_seat(p, refusals);
  dead.dead = plus(p.dead, p.up);
  enter_turn(dead, next_seat(p.origin));
  return either(refusals < offer_count(p), only(more), only(dead));
}

z3::expr Model::table_grouping_ok(const State& p, int seat, const Terms& after, const Grouping& g) const {
  z3::expr_vector parts(ctx_);
  parts.push_back(melds_.domain(g));
  parts.push_back(melds_.grouping(after, g));
  // Without rearrange, a meld already down keeps its slot and only grows (specs/record-format.md).
  if (!rules_.rearrange)
    for (int c = 0; c < cards_; ++c)
      for (int k = 0; k < slots_; ++k) parts.push_back(g[c][k] >= p.slot[seat][c][k]);
  return z3::mk_and(parts);
}

z3::expr Model::fits(const State& s, int seat, const Terms& extra, const Grouping& g) const {
  return count(s.table[seat]) >= 1 && table_grouping_ok(s, seat, plus(s.table[seat], extra), g);
}

z3::expr Model::extends_kept_meld(const State& s, int seat, const Terms& extra) const {
  z3::expr_vector any(ctx_);
  for (int k = 0; k < slots_; ++k) {
    Terms members;
    for (int c = 0; c < cards_; ++c) members.push_back(s.slot[seat][c][k] + extra[c]);
    Terms old;
    for (int c = 0; c < cards_; ++c) old.push_back(s.slot[seat][c][k]);
    any.push_back(count(old) >= 1 && melds_.empty_or_meld(members));
  }
  return z3::mk_or(any);
}

// Without rearrange, a card laid off on a seat's kept melds (a hit) joins, of the melds it
// extends, the one holding the first card in the deck's order: 002 lets the hitter lay it off on "one of his
// opponent's melds", but a record names only the seat (`onto`), so this project fixes the
// choice (specs/step-model.md; the engine's add_to_table does the same).
z3::expr Model::joins_lowest_meld(const State& p, int seat, const Terms& card, const Grouping& after) const {
  std::vector<z3::expr> extends, none_upto;  // per slot; none_upto[k * cards + c]: slot k holds no card <= c
  for (int k = 0; k < slots_; ++k) {
    Terms old, grown;
    for (int c = 0; c < cards_; ++c) old.push_back(p.slot[seat][c][k]), grown.push_back(p.slot[seat][c][k] + card[c]);
    extends.push_back(count(old) >= 1 && melds_.empty_or_meld(grown));
    z3::expr none = ctx_.bool_val(true);
    for (int c = 0; c < cards_; ++c) none_upto.push_back(none = none && p.slot[seat][c][k] == 0);
  }
  auto lower = [&](int k, int h) {  // slot k's lowest card is below slot h's
    z3::expr_vector any(ctx_);
    for (int c = 0; c < cards_; ++c)
      any.push_back(p.slot[seat][c][k] >= 1 && none_upto[static_cast<std::size_t>(h * cards_ + c)]);
    return z3::mk_or(any);
  };
  z3::expr_vector parts(ctx_);
  for (int k = 0; k < slots_; ++k) {
    Terms grew;
    for (int c = 0; c < cards_; ++c) grew.push_back(after[c][k] - p.slot[seat][c][k]);
    for (int h = 0; h < slots_; ++h)
      if (h != k) parts.push_back(z3::implies(count(grew) >= 1 && extends[h], lower(k, h)));
  }
  return z3::mk_and(parts);
}

// The post-state of laying `laid` (and the taken card `taken`, all 0 for a lay) on seat's
// table as grouping g.
State Model::lay_cards(const State& p, int s, const Terms& laid, const Terms& taken, const Grouping& g) const {
  State q = p;
  q.hand[s] = minus(p.hand[s], laid);
  q.table[s] = plus(plus(p.table[s], taken), laid);
  q.slot[s] = g;
  return q;
}

Transition Model::swap(const State& p, int s) const {
  std::string name = fmt::format("swap by seat {}", s);
  MoveVars v;
  v.pick = fresh_terms(fmt::format("m{}_pick", fresh_id_++), possible(p.hand[s]));
  Guard g(ctx_);
  g.cards.push_back(p.phase == kSwap && p.actor == s && terms_domain(v.pick) && count(v.pick) == 1);
  for (int c = 0; c < cards_; ++c) g.cards.push_back(v.pick[c] <= p.hand[s][c]);
  State more = p;
  more.swap[s] = v.pick;
  more.actor = next_seat(ctx_.int_val(s));
  // The dealer chooses last; then every seat's card goes to the next seat, unseen until all
  // have chosen (004), and play starts.
  State done = more;
  for (int k = 0; k < seats_; ++k) {
    int from = (k + seats_ - 1) % seats_;
    done.hand[k] = plus(minus(p.hand[k], more.swap[k]), more.swap[from]);
  }
  for (int k = 0; k < seats_; ++k)
    for (auto& t : done.swap[k]) t = ctx_.int_val(0);
  bool upcard = rules_.first_upcard == FirstUpcard::Dealer;
  done.opening = ctx_.bool_val(upcard);
  enter_turn(done, upcard ? p.dealer : next_seat(p.dealer));
  return make(Kind::Swap, s, -1, kSwap, name, g.all(), g.card_part(), either(p.dealer == s, only(done), only(more)), v);
}

Transition Model::turn(const State& p, int s) const {
  std::string name = fmt::format("turn by seat {}", s);
  MoveVars v;
  v.pick = fresh_terms(fmt::format("m{}_pick", fresh_id_++), possible(p.stock));
  Guard g(ctx_);
  g.cards.push_back(p.phase == kTurn && p.actor == s && terms_domain(v.pick) && count(v.pick) == 1);
  for (int c = 0; c < cards_; ++c) g.cards.push_back(v.pick[c] <= p.stock[c]);
  State q = p;
  q.stock = minus(p.stock, v.pick);
  // The dealer's upcard (first_upcard: dealer) is offered as if the dealer had thrown it.
  q.opening = ctx_.bool_val(false);
  offer(q, v.pick, ctx_.int_val(s), !p.opening);
  return make(Kind::Turn, s, -1, kTurn, name, g.all(), g.card_part(), only(q), v);
}

// A take of the face-up card by seat s, from an offer or forced, with a discard offered
// round the table, or (hit >= 0) thrown onto seat hit's table.
Transition Model::take(const State& p, int s, int from, int hit) const {
  std::string name = fmt::format("take by seat {} from {}{}", s, phase_name(from),
                                 hit >= 0 ? fmt::format(", hitting seat {}", hit) : "");
  int id = fresh_id_++;
  MoveVars v;
  CardSet hand = possible(p.hand[s]);
  v.pick = fresh_terms(fmt::format("m{}_discard", id), hand);
  v.laid = fresh_terms(fmt::format("m{}_laid", id), hand);
  v.grouping = fresh_grouping(fmt::format("m{}_table", id), possible(p.table[s]) | possible(p.up) | hand);
  Guard g(ctx_);
  g.cards.push_back(p.phase == from && p.actor == s);
  g.cards.push_back(terms_domain(v.pick) && terms_domain(v.laid));
  for (int c = 0; c < cards_; ++c) g.cards.push_back(v.laid[c] <= p.hand[s][c]);
  // 000: a forced seat "adds it to the meld and still owes a card from its hand".
  if (from == kForced && !rules_.forcing.forced_extra_melds) g.cards.push_back(zeros(v.laid));
  Terms after = plus(plus(p.table[s], p.up), v.laid);
  g.melds.push_back(table_grouping_ok(p, s, after, v.grouping));
  if (!rules_.extra_melds) {
    // 000: "You never lay a meld down except with the card you have just taken": every card
    // from the hand goes into the taken card's meld.
    for (int k = 0; k < slots_; ++k) {
      v.taken_slot.push_back(ctx_.int_const(fmt::format("m{}_takenslot_{}", id, k).c_str()));
      const z3::expr& taken_here = v.taken_slot.back();
      g.melds.push_back(taken_here >= 0 && taken_here <= 1);
      for (int c = 0; c < cards_; ++c) {
        g.melds.push_back(z3::implies(p.up[c] == 1, v.grouping[c][k] == taken_here));
        g.melds.push_back(z3::implies(v.laid[c] == 1 && taken_here == 1, v.grouping[c][k] == 1));
      }
    }
  }
  z3::expr left = count(minus(p.hand[s], v.laid));
  z3::expr wins = count(after) >= rules_.target;
  // A discard from what is left in the hand, exactly when something is left and the target
  // is not reached: the target ends the deal at once (000: "finishes the hand on the spot"),
  // so a discard named with a winning take (the records name one when cards are left) is
  // never thrown.
  g.cards.push_back(count(v.pick) == z3::ite(left >= 1 && !wins, ctx_.int_val(1), ctx_.int_val(0)));
  for (int c = 0; c < cards_; ++c) g.cards.push_back(v.pick[c] <= p.hand[s][c] - v.laid[c]);

  State base = lay_cards(p, s, v.laid, p.up, v.grouping);
  base.hand[s] = minus(base.hand[s], v.pick);
  Branches out;
  if (hit < 0) {
    // The discard is offered round the table, starting after the taker. (`pick` is all 0
    // when the deal is won or the hand is empty, so the face-up terms are `pick` throughout.)
    State won = base, offered = base, empty = base;
    win(won, ctx_.int_val(s));
    offer(offered, v.pick, ctx_.int_val(s), ctx_.bool_val(false));
    enter_turn(empty, next_seat(ctx_.int_val(s)));  // nothing left and no win: cannot happen in I
    won.up = empty.up = v.pick;
    out = either(wins, only(won), either(left >= 1, only(offered), only(empty)));
  } else {
    // 002: the discard laid off on another seat's meld; that seat throws one card from its
    // hand face up (its whole turn). It must fit that table without help from its hand.
    v.onto = fresh_grouping(fmt::format("m{}_onto", id), possible(p.table[hit]) | hand);
    g.cards.push_back(!wins && left >= 1);
    g.cards.push_back(count(p.table[hit]) >= 1);
    g.melds.push_back(fits(p, hit, v.pick, v.onto));
    if (!rules_.rearrange) g.melds.push_back(joins_lowest_meld(p, hit, v.pick, v.onto));
    Terms onto_after = plus(p.table[hit], v.pick);
    base.table[hit] = onto_after;
    base.slot[hit] = v.onto;
    State hit_wins = base, hit_empty = base, throws = base;
    win(hit_wins, ctx_.int_val(hit));
    enter_turn(hit_empty, next_seat(ctx_.int_val(hit)));  // the hit seat has nothing to throw
    clear_offer(throws);
    throws.phase = ctx_.int_val(kThrow);
    throws.actor = ctx_.int_val(hit);
    out = either(count(onto_after) >= rules_.target, only(hit_wins),
                 either(count(p.hand[hit]) == 0, only(hit_empty), only(throws)));
  }
  return make(Kind::Take, s, hit, from, name, g.all(), g.card_part(), out, v);
}

Transition Model::pass(const State& p, int s, const Oracles& o) const {
  std::string name = fmt::format("pass by seat {}", s);
  int id = fresh_id_++;
  MoveVars v;
  Guard g(ctx_);
  g.cards.push_back(p.phase == kOffer && p.actor == s);
  // compulsory_take (a house rule): a seat that can take must. Whether a take exists is an
  // existential fact: known from outside for a known position, else left open.
  if (rules_.compulsory_take && o.can_take) g.cards.push_back(ctx_.bool_val(!*o.can_take));
  Branches refused = refuse(p);
  if (!rules_.forcing.decline && !rules_.auto_take)
    return make(Kind::Pass, s, -1, kOffer, name, g.all(), g.card_part(), refused, v);
  // Whether the card fits the passer's table without help from its hand: exact without
  // rearrange, known from outside for a known position with it, else left open.
  v.witness = fresh_grouping(fmt::format("m{}_witness", id), possible(p.table[s]) | possible(p.up));
  z3::expr fit = ctx_.bool_const(fmt::format("m{}_fits", id).c_str());
  if (!rules_.rearrange) g.melds.push_back(fit == extends_kept_meld(p, s, p.up));
  else if (o.fits_up) g.cards.push_back(fit == ctx_.bool_val(*o.fits_up));
  g.melds.push_back(z3::implies(fit, fits(p, s, p.up, v.witness)));
  v.fits = fit;
  // auto_take (a house rule): a card that fits the seat's own table cannot be refused, so a
  // pass is of a card that does not fit, and forcing on decline never comes into play.
  if (rules_.auto_take) {
    g.cards.push_back(!fit);
    return make(Kind::Pass, s, -1, kOffer, name, g.all(), g.card_part(), refused, v);
  }
  // Forcing on decline (000, 002, 003, 004): a refused card that fits the passer's table
  // without help from its hand may be forced on it: a window for the other seats first.
  State window = p;
  window.phase = ctx_.int_val(kForceWindow);
  window.witness = v.witness;
  return make(Kind::Pass, s, -1, kOffer, name, g.all(), g.card_part(), either(fit, only(window), refused), v);
}

Transition Model::waive(const State& p, int s) const {
  z3::expr guard = p.phase == kForceWindow && p.actor == s;
  return make(Kind::Waive, s, -1, kForceWindow, fmt::format("no seat forces seat {}", s), guard, guard, refuse(p), {},
              false);
}

// Any other seat may compel the passer to take the card (the force comes right after the
// pass; which seat forces does not change the state).
Transition Model::force_window(const State& p, int s) const {
  State q = p;
  q.phase = ctx_.int_val(kForced);
  z3::expr guard = p.phase == kForceWindow && p.actor == s;
  return make(Kind::Force, s, -1, kForceWindow, fmt::format("seat {} is forced after its pass", s), guard, guard,
              only(q), {});
}

// 004: the seat facing the card forces it, instead of taking or refusing it, on another seat
// whose table it fits.
Transition Model::force_offer(const State& p, int s, int t) const {
  MoveVars v;
  v.witness = fresh_grouping(fmt::format("m{}_witness", fresh_id_++), possible(p.table[t]) | possible(p.up));
  State q = p;
  q.phase = ctx_.int_val(kForced);
  q.actor = ctx_.int_val(t);
  q.witness = v.witness;
  z3::expr cards = p.phase == kOffer && p.actor == s && count(p.table[t]) >= 1;
  return make(Kind::Force, s, t, kOffer, fmt::format("seat {} forces the card on seat {}", s, t),
              cards && fits(p, t, p.up, v.witness), cards, only(q), v);
}

Transition Model::throw_card(const State& p, int s) const {
  MoveVars v;
  v.pick = fresh_terms(fmt::format("m{}_throw", fresh_id_++), possible(p.hand[s]));
  Guard g(ctx_);
  g.cards.push_back(p.phase == kThrow && p.actor == s && terms_domain(v.pick) && count(v.pick) == 1);
  for (int c = 0; c < cards_; ++c) g.cards.push_back(v.pick[c] <= p.hand[s][c]);
  State q = p;
  q.hand[s] = minus(p.hand[s], v.pick);
  offer(q, v.pick, ctx_.int_val(s), ctx_.bool_val(false));
  return make(Kind::Throw, s, -1, kThrow, fmt::format("throw by seat {}", s), g.all(), g.card_part(), only(q), v);
}

// meld_timing: turn (002: "A player in turn may 'Hit' a meld of their own"): the seat to act
// lays cards from its hand alone, before turning or while facing the card.
Transition Model::lay(const State& p, int s, int from) const {
  int id = fresh_id_++;
  MoveVars v;
  v.laid = fresh_terms(fmt::format("m{}_laid", id), possible(p.hand[s]));
  v.grouping = fresh_grouping(fmt::format("m{}_table", id), possible(p.table[s]) | possible(p.hand[s]));
  Terms none(static_cast<std::size_t>(cards_), ctx_.int_val(0));
  Terms after = plus(p.table[s], v.laid);
  Guard g(ctx_);
  g.cards.push_back(p.phase == from && p.actor == s && terms_domain(v.laid) && count(v.laid) >= 1);
  for (int c = 0; c < cards_; ++c) g.cards.push_back(v.laid[c] <= p.hand[s][c]);
  g.melds.push_back(table_grouping_ok(p, s, after, v.grouping));
  State q = lay_cards(p, s, v.laid, none, v.grouping);
  // The target reached wins, whatever move reached it (000: "whoever first has eleven cards
  // melded"); a lay reaches it only when the target is at most the hand size.
  State won = q;
  win(won, ctx_.int_val(s));
  if (from == kOffer) won.dead = plus(q.dead, q.up);  // the card on offer goes out with the deal
  return make(Kind::Lay, s, -1, from, fmt::format("lay by seat {} in {}", s, phase_name(from)), g.all(), g.card_part(),
              either(count(after) >= rules_.target, only(won), only(q)), v);
}

std::vector<Transition> Model::transitions(const State& p, const Oracles& o, std::optional<int> only_phase,
                                           std::optional<int> only_actor) const {
  std::vector<Transition> out;
  auto want = [&](int phase, int seat) {
    return (!only_phase || *only_phase == phase) && (!only_actor || *only_actor == seat);
  };
  for (int s = 0; s < seats_; ++s) {
    if (want(kSwap, s)) out.push_back(swap(p, s));
    if (want(kTurn, s)) out.push_back(turn(p, s));
    for (int from : {kOffer, kForced}) {
      if (!want(from, s)) continue;
      if (from == kForced && !rules_.forcing.decline && !rules_.forcing.offer) continue;
      out.push_back(take(p, s, from, -1));
      if (rules_.forcing.hit)
        for (int t = 0; t < seats_; ++t)
          if (t != s) out.push_back(take(p, s, from, t));
    }
    if (want(kOffer, s)) {
      out.push_back(pass(p, s, o));
      if (rules_.forcing.offer)
        for (int t = 0; t < seats_; ++t)
          if (t != s) out.push_back(force_offer(p, s, t));
    }
    if (rules_.forcing.decline && want(kForceWindow, s)) {
      out.push_back(waive(p, s));
      out.push_back(force_window(p, s));
    }
    if (rules_.forcing.hit && want(kThrow, s)) out.push_back(throw_card(p, s));
    if (rules_.meld_timing == MeldTiming::Turn)
      for (int from : {kTurn, kOffer})
        if (want(from, s)) out.push_back(lay(p, s, from));
  }
  return out;
}

}  // namespace conquian::prove::step
