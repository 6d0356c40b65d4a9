// apply(): the position after a legal move; start(): the position after the deal.
#include <cassert>

#include "engine/engine.h"
#include "engine/flow.h"
#include "engine/laid_cards.h"
#include "engine/takes.h"

namespace conquian {
namespace {

// Lays cards on a seat's table: the set, and the kept grouping where regrouping is barred.
void lay_table(Position& p, int s, Card card, const Move& m) {
  const CardSet laid = laid_cards(p, m);
  if (!p.rules->rearrange) {
    MeldList grouping = m.grouping;
    if (grouping.count == 0)
      takes::for_each_fixed_grouping(p, s, card, laid, [&](const MeldList& g) {
        grouping = g;
        return false;
      });
    p.table[s] = m.table;
    flow::keep_melds(p, s, grouping);
  } else {
    p.table[s] = m.table;
  }
  p.hand[s] -= laid;
}

// A hit: the discard joins seat o's table. Without rearrange it joins, of the kept melds it
// extends, the one holding the first card in the deck's order: 002 lets the hitter choose the meld, but a record
// names only the seat (`onto`), so the choice is fixed, and fixed by the cards rather than
// by the order melds were written in (specs/step-model.md).
void add_to_table(Position& p, int o, Card card) {
  if (!p.rules->rearrange) {
    MeldList melds = flow::kept_melds(p, o);
    int best = -1;
    for (int i = 0; i < melds.count; ++i)
      if (!melds.melds[i].empty() && p.rules->meld_index().is_meld(melds.melds[i].with(card)) &&
          (best < 0 || melds.melds[i].lowest() < melds.melds[best].lowest()))
        best = i;
    if (best >= 0) p.meld_of[card] = static_cast<std::uint8_t>(best);
  }
  p.table[o].insert(card);
}

void apply_take(Position& p, const Move& m) {
  int s = m.seat;
  lay_table(p, s, m.card, m);
  p.up = kNoCard;
  if (p.table[s].size() >= p.rules->target) return flow::win(p, s);
  // A take without a discard lays the whole hand: with hand + table at the hand size before
  // it (engine/invariants.h; position files are checked for it), the table then holds hand
  // size + 1 cards, and a ruleset's target is at most that (checked when it loads): it won.
  assert(m.discard != kNoCard);
  p.hand[s].erase(m.discard);
  if (m.other != 0xFF) {  // hit: the discard goes onto another seat's table
    int o = m.other;
    add_to_table(p, o, m.discard);
    if (p.table[o].size() >= p.rules->target) return flow::win(p, o);
    if (p.hand[o].empty()) return flow::enter_turn(p, (o + 1) % p.seats());
    p.phase = Phase::Throw;
    p.actor = static_cast<std::uint8_t>(o);
    return;
  }
  flow::offer(p, m.discard, s, false);
}

void finish_swap(Position& p) {
  int n = p.seats();
  std::array<CardSet, kMaxSeats> hands = p.hand;
  for (int s = 0; s < n; ++s) {
    hands[s].erase(p.swap_card[s]);
    hands[(s + 1) % n].insert(p.swap_card[s]);
  }
  p.hand = hands;
  p.passed = p.swap_card;
  p.swap_card.fill(kNoCard);
  p.opening_upcard = p.rules->first_upcard == FirstUpcard::Dealer;
  flow::enter_turn(p, p.opening_upcard ? p.dealer : (p.dealer + 1) % n);
}

}  // namespace

Position start(const Ruleset& rules, std::span<const CardSet> hands, int dealer, std::span<const Card> stock,
               bool stock_known) {
  Position p;
  p.rules = &rules;
  p.meld_of.fill(kNoMeld);
  for (int s = 0; s < rules.seats && s < static_cast<int>(hands.size()); ++s) p.hand[s] = hands[s];
  p.dealer = static_cast<std::uint8_t>(dealer);
  p.stock_known = stock_known;
  if (stock_known) {
    for (std::size_t i = 0; i < stock.size() && i < p.stock.size(); ++i) p.stock[i] = stock[i];
    p.stock_end = static_cast<std::uint8_t>(std::min<std::size_t>(stock.size(), p.stock.size()));
  } else {
    CardSet dealt;
    for (int s = 0; s < rules.seats; ++s) dealt |= p.hand[s];
    p.stock_end = static_cast<std::uint8_t>(rules.deck.size() - dealt.size());
  }
  if (rules.swap) {
    p.phase = Phase::Swap;
    p.actor = static_cast<std::uint8_t>((dealer + 1) % rules.seats);
  } else {
    p.opening_upcard = rules.first_upcard == FirstUpcard::Dealer;
    flow::enter_turn(p, p.opening_upcard ? dealer : (dealer + 1) % rules.seats);
  }
  return p;
}

Position deal(const Ruleset& rules, std::span<const Card> order, int dealer) {
  std::array<CardSet, kMaxSeats> hands{};
  std::size_t next = 0;
  for (int s = 0; s < rules.seats; ++s)
    for (int k = 0; k < rules.hand; ++k) hands[s].insert(order[next++]);
  return start(rules, std::span<const CardSet>(hands.data(), rules.seats), dealer, order.subspan(next), true);
}

void apply(Position& p, const Move& m) {
  assert(judge(p, m).ok());
  if (implies_waive(p, m)) {
    apply(p, waive_move(to_act(p)));
    apply(p, m);
    return;
  }
  p.plies++;
  switch (m.kind) {
    case MoveKind::Swap:
      p.swap_card[m.seat] = m.card;
      p.actor = static_cast<std::uint8_t>((m.seat + 1) % p.seats());
      if (p.actor == (p.dealer + 1) % p.seats()) finish_swap(p);
      return;
    case MoveKind::Turn:
      if (p.stock_known) p.stock_top++;
      else p.stock_end--;
      if (p.opening_upcard) {  // the dealer's upcard is offered as if the dealer threw it
        p.opening_upcard = false;
        return flow::offer(p, m.card, m.seat, false);
      }
      return flow::offer(p, m.card, m.seat, true);
    case MoveKind::Take: return apply_take(p, m);
    case MoveKind::Pass:
      if (flow::may_force_on_decline(p, m.seat, m.card)) {
        p.phase = Phase::ForceWindow;  // actor stays: the seat that refused
        return;
      }
      return flow::refuse(p);
    case MoveKind::Waive: return flow::refuse(p);
    case MoveKind::Force:
      p.phase = Phase::Forced;
      p.actor = m.other;
      return;
    case MoveKind::Throw: p.hand[m.seat].erase(m.card); return flow::offer(p, m.card, m.seat, false);
    case MoveKind::Lay:
      lay_table(p, m.seat, kNoCard, m);
      // The target reached wins, whatever move reached it (000: "whoever first has eleven
      // cards melded"); a lay can reach it only when the target is at most the hand size.
      // A card on offer then goes out with the deal.
      if (p.table[m.seat].size() >= p.rules->target) {
        if (p.up != kNoCard) p.dead.insert(p.up);
        p.up = kNoCard;
        flow::win(p, m.seat);
      }
      return;
  }
}

CardSet laid_cards(const Position& p, const Move& m) {
  if (m.kind != MoveKind::Take && m.kind != MoveKind::Lay) return {};
  CardSet laid = m.table - p.table[m.seat];
  if (m.kind == MoveKind::Take) laid.erase(m.card);
  return laid;
}

int to_act(const Position& p) {
  if (p.phase == Phase::ForceWindow) return turn::window_forcer(p);
  return p.actor;
}

bool fits_table(const Position& p, int seat, Card card) { return flow::fits(p, seat, card); }

MeldList table_melds(const Position& p, int seat) {
  if (!p.rules->rearrange) return flow::kept_melds(p, seat);
  MeldList out;
  p.rules->meld_index().find_partition(p.table[seat], out);
  return out;
}

}  // namespace conquian
