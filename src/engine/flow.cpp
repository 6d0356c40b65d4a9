#include "engine/flow.h"

namespace conquian {

void stock_ran_out(Position& pos) {
  pos.result = {Outcome::Kind::Draw, -1};
  if (pos.rules->stock_out != StockOut::FewestInHand) return;
  // A house rule: the fewest cards left in hand wins; a tie is still a draw.
  int best = -1, best_count = 1 << 20, ties = 0;
  for (int s = 0; s < pos.seats(); ++s) {
    int n = pos.hand[s].size();
    if (n < best_count) best = s, best_count = n, ties = 0;
    else if (n == best_count) ++ties;
  }
  if (ties == 0) pos.result = {Outcome::Kind::Win, best};
}

}  // namespace conquian

namespace conquian::flow {

MeldList kept_melds(const Position& pos, int seat) {
  MeldList out;
  for (Card c : pos.table[seat]) {
    int id = pos.meld_of[c];
    while (out.count <= id) out.push(CardSet{});
    out.melds[id].insert(c);
  }
  return out;
}

void keep_melds(Position& pos, int seat, const MeldList& melds) {
  for (Card c : pos.table[seat]) pos.meld_of[c] = kNoMeld;
  for (int i = 0; i < melds.count; ++i)
    for (Card c : melds.melds[i]) pos.meld_of[c] = static_cast<std::uint8_t>(i);
}

bool fits(const Position& pos, int seat, Card card) {
  const MeldIndex& idx = pos.rules->meld_index();
  if (pos.table[seat].empty()) return false;  // nothing to add it to
  if (pos.rules->rearrange) return idx.can_partition(pos.table[seat].with(card));
  for (CardSet m : kept_melds(pos, seat))
    if (idx.is_meld(m.with(card))) return true;
  return false;
}

}  // namespace conquian::flow
