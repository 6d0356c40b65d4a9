// apply(): the position after a legal Panguingue move, the chips it moves included
// (the contract's "Conditions and chips").
#include <bit>
#include <cassert>

#include "pan/chip_log.h"
#include "pan/engine.h"
#include "pan/partition.h"

namespace conquian::pan {
namespace {

// Chips from `payer` to `to`, and why, into the log when one is kept.
void pay(Position& p, ChipLog* log, ChipReason why, int payer, int to, std::int64_t chips) {
  p.chips[payer] -= chips;
  p.chips[to] += chips;
  if (log) log->add(why, payer, to, chips);
}

// A seat's forfeit (a drop's, or a forfeit's) into the pot.
void pay_forfeit(Position& p, ChipLog* log, ChipReason why, int seat) {
  p.chips[seat] -= p.rules->pan.drop_forfeit;
  p.pot += p.rules->pan.drop_forfeit;
  if (log) log->add(why, seat, kPotSide, p.rules->pan.drop_forfeit);
}

// The pot to `seat`.
void take_pot(Position& p, ChipLog* log, int seat) {
  if (log) log->add(ChipReason::Pot, kPotSide, seat, p.pot);
  p.chips[seat] += p.pot;
  p.pot = 0;
}

bool pays_conditions(const Position& p, int payer, int seat) {
  if (payer == seat) return false;
  return p.rules->pan.condition_payers == ConditionPayers::Seated || p.in_deal(payer);
}

// `seat` goes out: it takes the pot and collects from every other seat still in the deal
// go_out_per_seat, plus (go_out_conditions_again) its final table's value.
void go_out(Position& p, ChipLog* log, int seat) {
  const std::int64_t again = p.rules->pan.go_out_conditions_again ? table_value(*p.rules, p.table[seat]) : 0;
  for (int o = 0; o < p.seats(); ++o)
    if (o != seat && p.in_deal(o)) {
      pay(p, log, ChipReason::GoingOut, o, seat, p.rules->pan.go_out_per_seat);
      pay(p, log, ChipReason::ConditionsAgain, o, seat, again);
    }
  take_pot(p, log, seat);
  turn::win(p, seat);
}

// Every seat has declared: nobody plays (a draw, the pot stays), one seat plays (it takes the
// pot at once), or the dealer turns the first card.
void end_declarations(Position& p, ChipLog* log) {
  const int players = std::popcount(static_cast<unsigned>(p.playing));
  if (players == 0) {
    p.phase = Phase::Over;
    p.result = {Outcome::Kind::Draw, -1};
    return;
  }
  if (players == 1) {
    const int seat = std::countr_zero(static_cast<unsigned>(p.playing));
    take_pot(p, log, seat);
    turn::win(p, seat);
    return;
  }
  p.opening_upcard = true;
  turn::enter_turn(p, p.dealer);
}

// After `seat` declared (or forfeited) in the declarations: the next seat to declare, skipping
// seats already out; past the dealer, the declarations end.
void next_declarer(Position& p, ChipLog* log, int seat) {
  for (int s = seat; s != p.dealer;) {
    s = (s + 1) % p.seats();
    if (((p.dropped >> s) & 1) == 0) {
      p.actor = static_cast<std::uint8_t>(s);
      return;
    }
    if (s == p.dealer) break;
  }
  end_declarations(p, log);
}

// `seat` leaves the deal (a forfeit): as a drop it pays the forfeit into the pot; the decision
// it held passes on as a refusal or a turn would; one seat left takes the pot at once.
void apply_forfeit(Position& p, ChipLog* log, int seat) {
  const bool declaring = p.phase == Phase::Declare;
  p.playing = static_cast<std::uint16_t>(p.playing & ~(1u << seat));
  p.dropped = static_cast<std::uint16_t>(p.dropped | (1u << seat));
  pay_forfeit(p, log, ChipReason::Forfeit, seat);
  if (declaring) {
    if (seat == p.actor) next_declarer(p, log, seat);
    return;
  }
  if (turn::seats_in(p) == 1) {
    const int last = std::countr_zero(static_cast<unsigned>(p.playing));
    take_pot(p, log, last);
    if (p.up != kNoCard) kill_card(p, p.up);
    p.up = kNoCard;
    return turn::win(p, last);
  }
  switch (p.phase) {
    case Phase::Turn:
      if (seat == p.actor && !p.opening_upcard) turn::enter_turn(p, turn::next_in(p, seat));
      return;
    case Phase::Offer:
    case Phase::Forced:
      if (seat == p.actor) turn::refuse(p);
      return;
    case Phase::ForceWindow:
      if (seat == p.actor || seat == turn::window_forcer(p)) turn::refuse(p);
      return;
    case Phase::Declare:
    case Phase::Over: return;
  }
}

void apply_take(Position& p, ChipLog* log, const Move& m) {
  const int s = m.seat;
  const CardCounts laid = m.table.counts() - p.table[s].counts() - [&] {
    CardCounts c;
    c.add(m.card);
    return c;
  }();
  const std::int64_t collect = take_collect(p, s, m.table);
  p.last_collect = collect;
  if (collect > 0) {
    for (int o = 0; o < p.seats(); ++o)
      if (pays_conditions(p, o, s)) pay(p, log, ChipReason::Condition, o, s, collect);
    if (log) log->paid.push_back({log->move, s, collect, paying_melds(*p.rules, p.table[s], m.table)});
  }
  p.high_value[s] = std::max(p.high_value[s], table_value(*p.rules, m.table));
  p.table[s] = m.table;
  p.hand[s] -= laid;
  p.up = kNoCard;
  if (p.table[s].cards() >= p.rules->target) return go_out(p, log, s);
  assert(m.discard != kNoCard);
  p.hand[s].remove(m.discard);
  if (p.rules->pan.discard_take == DiscardTake::TurnedOnly) {
    // A card thrown from a hand is taken by nobody (S7, S13): dead, and the next seat turns.
    kill_card(p, m.discard);
    return turn::enter_turn(p, turn::next_in(p, s));
  }
  turn::offer(p, m.discard, s, false);
}

}  // namespace

void apply(Position& p, const Move& m) { apply(p, m, nullptr); }

void apply(Position& p, const Move& m, ChipLog* log) {
  assert(judge(p, m).ok());
  if (implies_waive(p, m)) {
    apply(p, waive_move(to_act(p)), log);
    apply(p, m, log);
    return;
  }
  p.plies++;
  switch (m.kind) {
    case MoveKind::Play:
    case MoveKind::Drop:
      if (m.kind == MoveKind::Play) {
        p.playing = static_cast<std::uint16_t>(p.playing | (1u << m.seat));
      } else {
        p.dropped = static_cast<std::uint16_t>(p.dropped | (1u << m.seat));
        pay_forfeit(p, log, ChipReason::Drop, m.seat);
      }
      return next_declarer(p, log, m.seat);
    case MoveKind::Turn:
      if (p.stock_known) p.stock_top++;
      else p.stock_end--;
      if (p.opening_upcard) {  // the dealer's first card is offered as if the dealer threw it
        p.opening_upcard = false;
        return turn::offer(p, m.card, m.seat, false);
      }
      return turn::offer(p, m.card, m.seat, true);
    case MoveKind::Take: return apply_take(p, log, m);
    case MoveKind::Pass:
      if (turn::may_force_on_decline(p, m.seat, fits(p, m.seat, m.card))) {
        p.phase = Phase::ForceWindow;  // actor stays: the seat that refused
        return;
      }
      return turn::refuse(p);
    case MoveKind::Waive: return turn::refuse(p);
    case MoveKind::Force:
      p.phase = Phase::Forced;
      p.actor = m.other;
      return;
    case MoveKind::Forfeit: return apply_forfeit(p, log, m.seat);
  }
}

int to_act(const Position& p) {
  if (p.phase == Phase::ForceWindow) return turn::window_forcer(p);
  return p.actor;
}

bool fits(const Position& p, int seat, Card card) {
  if (p.table[seat].count == 0) return false;  // nothing to add it to
  CardCounts cards = p.table[seat].counts();
  cards.add(card);
  return can_partition(*p.rules, cards);
}

std::int64_t take_collect(const Position& p, int seat, const Table& after) {
  const std::int64_t value = table_value(*p.rules, after);
  return value > p.high_value[seat] ? value - p.high_value[seat] : 0;
}

int paying_seats(const Position& p, int seat) {
  int n = 0;
  for (int o = 0; o < p.seats(); ++o) n += pays_conditions(p, o, seat) ? 1 : 0;
  return n;
}

Move waive_move(int seat) {
  Move m;
  m.kind = MoveKind::Waive;
  m.seat = static_cast<std::uint8_t>(seat);
  return m;
}

}  // namespace conquian::pan
