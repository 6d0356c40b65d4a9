// A Z3 model of one move of Conquian (specs/step-model.md): the state of a deal as
// integer terms, and the step relation as a list of transitions, one per move kind, seat
// and starting phase, each a guard (when the move is allowed) and a post-state (the state
// after it). Written from the rules and specs, not from the engine's code;
// prove/play_proof.h proves invariants by induction over it, prove/step_agreement.h holds it
// to the engine move by move.
//
// Every card's place is a 0/1 term per place (a seat's hand, a seat's table, the stock, the
// dead cards, face up), so that "every card is in one place" is a fact to prove rather than
// a property of the encoding, and moving cards is linear arithmetic (a count after a move is
// the count before plus what came in minus what went out, which Z3's simplex sees at once).
// A table's grouping into melds is a 0/1 term per (card, meld slot). The stock is a set:
// a turn may turn any stock card (the order of the stock does not matter to any invariant,
// and the engine with an unknown stock lists exactly these turns).
#pragma once

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "prove/meld_formula.h"
#include "rules/ruleset.h"

namespace conquian::prove::step {

// The phases of a deal (the engine's Phase enum has the same meaning, not the same code).
enum PhaseId : int { kSwap = 0, kTurn, kOffer, kForceWindow, kForced, kThrow, kOver };
const char* phase_name(int phase);

struct State {
  std::vector<Terms> hand, table;  // [seat][card]: 1 when the card is there
  Terms stock, dead, up;           // [card]
  std::vector<Grouping> slot;      // [seat][card][slot]: the meld slot of a table card
  std::vector<Terms> swap;         // [seat][card]: the card the seat has chosen to pass (Swap)
  // Only in a force window or a forced take: how the forced seat's table and the face-up card
  // split into melds (with kept melds whole, without rearrange). A witness that the forced
  // take exists; the engine has no such field.
  Grouping witness;
  z3::expr phase, actor, origin, refusals, dealer, winner;  // integers
  z3::expr turned, opening;                                 // Booleans
};

enum class Kind { Swap, Turn, Take, Pass, Waive, Force, Throw, Lay };
const char* kind_name(Kind kind);

// The choices of one move, beyond its kind and seat.
struct MoveVars {
  Terms pick;                    // swap, turn, throw: the card; take: the discard (none: all 0)
  Terms laid;                    // take, lay: the cards laid from the hand
  Grouping grouping;             // take, lay: the mover's table afterwards, by meld slot
  Grouping onto;                 // take with a hit: the hit seat's table afterwards
  Grouping witness;              // pass into a force window, force by offer: the forced take's table
  Terms taken_slot;              // take without extra_melds: the taken card's meld slot (0/1 per slot)
  std::optional<z3::expr> fits;  // pass: the card fits the passer's table (forcing by decline)
};

// One outcome of a move: when it happens (the outcomes of a move exclude each other and
// together cover its guard) and the state after it.
struct Branch {
  z3::expr when;
  State post;
};
using Branches = std::vector<Branch>;

struct Transition {
  Kind kind;
  int seat;          // the seat that moves (force in a window: the seat forced)
  int other = -1;    // take: the seat hit (-1: no hit); force by offer: the seat forced
  int from;          // the phase it starts from
  std::string name;  // "take by seat 0 from Offer, hitting seat 1"
  z3::expr guard;    // over the pre-state and `vars`
  // The guard without its meld conditions (groupings legal, cards fitting tables): weaker,
  // so a query about card places and counts may use it alone (an over-approximation).
  z3::expr card_guard;
  Branches branches;  // the outcomes (win or not, refused by all or not, ...)
  State post;         // the same as one state (if-then-else over the branches)
  MoveVars vars;
  bool record = true;  // a move of a record (a waive is not)
};

// Facts the step relation needs that are existential ("a take exists", "the card fits the
// table"), fixed from outside when the pre-state is one known position (each is then a
// separate Z3 query of this model, prove/step_agreement.h); left open in induction, where
// pass may then go either way when the card fits (an over-approximation: more steps than
// the rules allow, so every invariant proved holds for the rules).
struct Oracles {
  std::optional<bool> fits_up;   // the face-up card fits the actor's table (with rearrange)
  std::optional<bool> can_take;  // the actor has a take (compulsory_take)
};

class Model {
 public:
  Model(z3::context& ctx, const Ruleset& rules);

  z3::context& ctx() const { return ctx_; }
  const Ruleset& rules() const { return rules_; }
  const MeldFormula& melds() const { return melds_; }
  int cards() const { return cards_; }
  int seats() const { return seats_; }
  int slots() const { return slots_; }

  // A state of fresh variables (names start with `prefix`), and the ranges of its variables.
  State fresh(const std::string& prefix) const;
  z3::expr domain(const State& s) const;
  // Every transition that may start from `pre` (all phases and seats; with `only_phase` and
  // `only_actor`, only those starting there, for a pre-state known to be there).
  std::vector<Transition> transitions(const State& pre, const Oracles& oracles = {}, std::optional<int> only_phase = {},
                                      std::optional<int> only_actor = {}) const;

  // Named pieces used by the invariants and the agreement check.
  z3::expr count(const Terms& t) const { return sum_of(ctx_, t); }
  z3::expr live(const State& s) const { return s.phase != kOver; }
  z3::expr has_up(const State& s) const;
  z3::expr offer_count(const State& s) const;
  // `seat`'s table with the cards `extra` added splits into melds as `g` (old melds kept
  // whole without rearrange), and the table is not empty: the cards fit it without help
  // from the hand.
  z3::expr fits(const State& s, int seat, const Terms& extra, const Grouping& g) const;
  // Without rearrange: `extra` (one card) extends one of `seat`'s kept melds; exact and
  // quantifier-free, so it may be negated.
  z3::expr extends_kept_meld(const State& s, int seat, const Terms& extra) const;
  // Fresh 0/1 variables per card; only for the cards of `maybe` (default: all), 0 for the
  // rest. With a known pre-state a move's choices are confined to cards that can take part
  // (a discard to the hand, a grouping to the table, the card and the hand), which the guard
  // says anyway; fewer variables make the agreement check's queries small.
  Terms fresh_terms(const std::string& name, std::optional<CardSet> maybe = {}) const;
  // The cards whose term is not the constant 0.
  CardSet possible(const Terms& t) const;
  // Move variables are named m0, m1, ... per call of transitions(); a caller that builds the
  // step relation again and again for unrelated queries (one position after another) starts
  // the names again, so that the context's symbol table does not grow.
  void restart_names() const { fresh_id_ = 0; }
  Grouping fresh_grouping(const std::string& name, std::optional<CardSet> maybe = {}) const;
  z3::expr terms_domain(const Terms& t) const;
  z3::expr zeros(const Terms& t) const;
  z3::expr select(const z3::expr& cond, const z3::expr& a, const z3::expr& b) const;
  State select(const z3::expr& cond, const State& a, const State& b) const;
  // Outcomes: `a` when cond holds, else `b`; and one state of several outcomes.
  Branches either(const z3::expr& cond, const Branches& a, const Branches& b) const;
  Branches only(const State& s) const { return {{ctx_.bool_val(true), s}}; }
  State merge(const Branches& b) const;
  z3::expr next_seat(const z3::expr& seat) const;
  z3::expr seat_plus(const z3::expr& seat, const z3::expr& k) const;  // (seat + k) mod seats, k <= seats
  // The smallest meld: a nonempty table holds at least this many cards.
  int smallest_meld() const { return melds_.sizes().smallest(); }
  // Whether some forcing rule can make a seat take (decline or offer).
  bool forcing_takes() const { return rules_.forcing.decline || rules_.forcing.offer; }

 private:
  z3::expr seat_minus(const z3::expr& seat, const z3::expr& k) const;  // (seat - k) mod seats, 0 <= k <= seats
  z3::expr claimant(const State& s, const z3::expr& j) const;
  z3::expr offer_seat(const State& s, const z3::expr& index) const;
  void offer(State& q, const Terms& card, const z3::expr& origin, const z3::expr& turned) const;
  void enter_turn(State& q, const z3::expr& seat) const;
  void win(State& q, const z3::expr& seat) const;
  void clear_offer(State& q) const;
  Branches refuse(const State& p) const;
  Transition make(Kind kind, int seat, int other, int from, std::string name, z3::expr guard, z3::expr card_guard,
                  Branches branches, MoveVars vars, bool record = true) const;
  State lay_cards(const State& p, int seat, const Terms& laid, const Terms& taken, const Grouping& g) const;
  z3::expr joins_lowest_meld(const State& p, int seat, const Terms& card, const Grouping& after) const;
  z3::expr table_grouping_ok(const State& p, int seat, const Terms& after, const Grouping& g) const;

  Transition swap(const State& p, int s) const;
  Transition turn(const State& p, int s) const;
  Transition take(const State& p, int s, int from, int hit) const;
  Transition pass(const State& p, int s, const Oracles& o) const;
  Transition waive(const State& p, int s) const;
  Transition force_window(const State& p, int s) const;
  Transition force_offer(const State& p, int s, int t) const;
  Transition throw_card(const State& p, int s) const;
  Transition lay(const State& p, int s, int from) const;

  z3::context& ctx_;
  const Ruleset& rules_;
  MeldFormula melds_;
  int cards_, seats_, slots_;
  mutable int fresh_id_ = 0;
};

}  // namespace conquian::prove::step
