// legal_moves(): every legal Panguingue move, from the same pieces judge() uses.
//
// A take is listed once for each set of cards laid from the hand and each discard, with the
// table grouped to pay the most conditions. Other groupings of the same cards are legal too
// (judge() takes any), but none pays more now, and none pays more later: a take collects the
// rise of the table's value above its highest so far, so the chips a seat collects over a deal
// come to the highest value its table reaches, and a seat may regroup at every take.
#include "pan/engine.h"
#include "pan/partition.h"

namespace conquian::pan {
namespace {

Move make(MoveKind kind, int seat, Card card = kNoCard) {
  Move m;
  m.kind = kind;
  m.seat = static_cast<std::uint8_t>(seat);
  m.card = card;
  return m;
}

struct Laid {
  CardCounts cards;
  std::vector<CardCounts> melds;
  std::int64_t value = -1;
};

void add_takes(const Position& p, std::vector<Move>& out) {
  const Ruleset& r = *p.rules;
  const int s = p.actor;
  const bool only_the_card = p.phase == Phase::Forced && !r.forcing.forced_extra_melds;
  CardCounts required = p.table[s].counts();
  required.add(p.up);
  thread_local std::vector<Laid> found;
  found.clear();
  for_each_cover(r, required, only_the_card ? CardCounts{} : p.hand[s], [&](const Cover& c) {
    if (c.melds.size() > static_cast<std::size_t>(kMaxMelds)) return true;
    const std::int64_t value = melds_value(r, c.melds);
    for (Laid& l : found)
      if (l.cards == c.laid) {
        if (value > l.value) l.value = value, l.melds = c.melds;
        return true;
      }
    found.push_back({c.laid, c.melds, value});
    return true;
  });
  for (const Laid& l : found) {
    Move m = make(MoveKind::Take, s, p.up);
    if (!to_table(l.melds, m.table)) continue;
    if (m.table.cards() >= r.target) {
      out.push_back(m);
      continue;
    }
    const CardCounts left = p.hand[s] - l.cards;
    for (Card d : left.support()) {
      m.discard = d;
      out.push_back(m);
    }
  }
}

}  // namespace

void legal_moves(const Position& p, std::vector<Move>& out) {
  out.clear();
  const int s = p.actor;
  switch (p.phase) {
    case Phase::Over: return;
    case Phase::Declare:
      out.push_back(make(MoveKind::Play, s));
      out.push_back(make(MoveKind::Drop, s));
      return;
    case Phase::Turn:
      if (p.stock_known) {
        out.push_back(make(MoveKind::Turn, s, p.stock[p.stock_top]));
      } else {
        for (Card c : p.unseen().support()) out.push_back(make(MoveKind::Turn, s, c));
      }
      return;
    case Phase::Offer:
      add_takes(p, out);
      out.push_back(make(MoveKind::Pass, s, p.up));
      return;
    case Phase::ForceWindow: turn::list_window(p, out); return;
    case Phase::Forced: add_takes(p, out); return;
  }
}

}  // namespace conquian::pan
