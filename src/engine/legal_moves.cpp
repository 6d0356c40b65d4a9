// legal_moves(): every legal move of a position, built from the same pieces judge() uses.
#include "engine/engine.h"
#include "engine/flow.h"
#include "engine/takes.h"

namespace conquian {
namespace {

Move make(MoveKind kind, int seat, Card card = kNoCard) {
  Move m;
  m.kind = kind;
  m.seat = static_cast<std::uint8_t>(seat);
  m.card = card;
  return m;
}

// A take or lay with table `after`, passed to `emit`: once with rearrange (the table is a
// set), once per grouping without it (the grouping is state, and the seat chooses it: a run
// of six or two runs of three, the taken card into one kept meld or another).
template <class F>
void with_tables(const Position& p, Move m, Card card, CardSet laid, F&& emit) {
  m.table = p.table[m.seat] | laid;
  if (card != kNoCard) m.table.insert(card);
  if (p.rules->rearrange) return emit(m);
  takes::for_each_fixed_grouping(p, m.seat, card, laid, [&](const MeldList& g) {
    m.grouping = g;
    emit(m);
    return true;
  });
}

void add_takes(const Position& p, std::vector<Move>& out) {
  int s = p.actor;
  bool forced = p.phase == Phase::Forced;
  std::vector<CardSet> laid_sets;
  if (forced && !p.rules->forcing.forced_extra_melds) laid_sets.push_back(CardSet{});
  else takes::laid_options(p, s, p.up, laid_sets);
  for (CardSet laid : laid_sets) {
    CardSet left = p.hand[s] - laid;
    with_tables(p, make(MoveKind::Take, s, p.up), p.up, laid, [&](Move m) {
      if (left.empty()) return out.push_back(m);
      for (Card d : left) {
        m.discard = d;
        m.other = 0xFF;
        out.push_back(m);
        if (p.rules->forcing.hit && m.table.size() < p.rules->target)
          for (int o = 0; o < p.seats(); ++o)
            if (o != s && flow::fits(p, o, d)) {
              m.other = static_cast<std::uint8_t>(o);
              out.push_back(m);
            }
      }
    });
  }
}

void add_lays(const Position& p, std::vector<Move>& out) {
  if (p.rules->meld_timing != MeldTiming::Turn) return;
  std::vector<CardSet> laid_sets;
  takes::laid_options(p, p.actor, kNoCard, laid_sets);
  for (CardSet laid : laid_sets)
    with_tables(p, make(MoveKind::Lay, p.actor), kNoCard, laid, [&](const Move& m) { out.push_back(m); });
}

}  // namespace

void legal_moves(const Position& p, std::vector<Move>& out) {
  out.clear();
  int s = p.actor;
  switch (p.phase) {
    case Phase::Over: return;
    case Phase::Swap:
      for (Card c : p.hand[s]) out.push_back(make(MoveKind::Swap, s, c));
      return;
    case Phase::Turn:
      add_lays(p, out);
      if (p.stock_known) {
        out.push_back(make(MoveKind::Turn, s, p.stock[p.stock_top]));
      } else {
        for (Card c : p.unseen()) out.push_back(make(MoveKind::Turn, s, c));
      }
      return;
    case Phase::Offer: {
      add_lays(p, out);
      add_takes(p, out);
      if (!takes::must_take(p, s)) out.push_back(make(MoveKind::Pass, s, p.up));
      for (int t = 0; t < p.seats(); ++t)
        if (flow::may_force_by_offer(p, s, t)) {
          Move f = make(MoveKind::Force, s);
          f.other = static_cast<std::uint8_t>(t);
          out.push_back(f);
        }
      return;
    }
    case Phase::ForceWindow: turn::list_window(p, out); return;
    case Phase::Forced: add_takes(p, out); return;
    case Phase::Throw:
      for (Card c : p.hand[s]) out.push_back(make(MoveKind::Throw, s, c));
      return;
  }
}

void take_tables(const Position& p, int seat, Card card, bool forced, std::vector<CardSet>& out) {
  out.clear();
  std::vector<CardSet> laid_sets;
  if (forced && !p.rules->forcing.forced_extra_melds) laid_sets.push_back(CardSet{});
  else takes::laid_options(p, seat, card, laid_sets);
  for (CardSet laid : laid_sets) out.push_back(p.table[seat] | laid | CardSet::of(card));
}

}  // namespace conquian
