#include "pan/position.h"

#include "pan/engine.h"

namespace conquian::pan {

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Declare: return "declare";
    case Phase::Turn: return "turn";
    case Phase::Offer: return "offer";
    case Phase::ForceWindow: return "force-window";
    case Phase::Forced: return "forced";
    case Phase::Over: return "over";
  }
  return "?";
}

CardCounts Meld::counts() const {
  CardCounts c;
  for (int i = 0; i < size; ++i) c.add(cards[i]);
  return c;
}

bool Meld::operator==(const Meld& o) const {
  if (size != o.size) return false;
  for (int i = 0; i < size; ++i)
    if (cards[i] != o.cards[i]) return false;
  return true;
}

int Table::cards() const {
  int n = 0;
  for (int i = 0; i < count; ++i) n += melds[i].size;
  return n;
}

CardCounts Table::counts() const {
  CardCounts c;
  for (int i = 0; i < count; ++i)
    for (int k = 0; k < melds[i].size; ++k) c.add(melds[i].cards[k]);
  return c;
}

bool Table::operator==(const Table& o) const {
  if (count != o.count) return false;
  for (int i = 0; i < count; ++i)
    if (!(melds[i] == o.melds[i])) return false;
  return true;
}

CardCounts Position::unseen() const {
  CardCounts out = pack(*rules);
  for (int s = 0; s < seats(); ++s) {
    out -= hand[s];
    out -= table[s].counts();
  }
  out -= dead;
  if (up != kNoCard) out.remove(up);
  if (stock_known)
    for (int i = stock_top; i < stock_end; ++i) out.remove(stock[i]);
  return out;
}

// An empty stock with no winner draws the deal (Q10's most common reading): the condition
// payments made stand, and the pot stays on the table.
void stock_ran_out(Position& p) { p.result = {Outcome::Kind::Draw, -1}; }

}  // namespace conquian::pan
