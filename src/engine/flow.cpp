#include "engine/flow.h"

namespace conquian::flow {

int offer_count(const Position& pos) { return pos.up_turned ? pos.seats() : pos.seats() - 1; }

// The j-th seat (j = 1 .. seats - 1) after the card's origin in the order claims are
// settled (claim_priority): round the table in the order of play, or against it.
int claimant(const Position& pos, int j) {
  int n = pos.seats();
  return pos.rules->claim_priority == ClaimPriority::Next ? (pos.origin + j) % n : (pos.origin + n - j) % n;
}

int offer_seat(const Position& pos, int index) {
  if (!pos.up_turned) return claimant(pos, index + 1);
  if (pos.rules->first_offer == FirstOffer::Turner) return index == 0 ? pos.origin : claimant(pos, index);
  return index == pos.seats() - 1 ? pos.origin : claimant(pos, index + 1);
}

void win(Position& pos, int seat) {
  pos.phase = Phase::Over;
  pos.result = {Outcome::Kind::Win, seat};
}

void enter_turn(Position& pos, int seat) {
  // No card is face up: nothing of the last one stays in the state (a stale up_turned made
  // equal positions differ in their hash and in the solvers' keys).
  pos.up = kNoCard;
  pos.origin = kNoSeat;
  pos.up_turned = false;
  pos.refusals = 0;
  if (pos.stock_left() > 0) {
    pos.phase = Phase::Turn;
    pos.actor = static_cast<std::uint8_t>(seat);
    return;
  }
  pos.phase = Phase::Over;
  pos.result = {Outcome::Kind::Draw, -1};
  if (pos.rules->stock_out == StockOut::FewestInHand) {
    // A house rule: the fewest cards left in hand wins; a tie is still a draw.
    int best = -1, best_count = 1 << 20, ties = 0;
    for (int s = 0; s < pos.seats(); ++s) {
      int n = pos.hand[s].size();
      if (n < best_count) best = s, best_count = n, ties = 0;
      else if (n == best_count) ++ties;
    }
    if (ties == 0) pos.result = {Outcome::Kind::Win, best};
  }
}

void offer(Position& pos, Card card, int origin, bool turned) {
  pos.up = card;
  pos.origin = static_cast<std::uint8_t>(origin);
  pos.up_turned = turned;
  pos.refusals = 0;
  pos.phase = Phase::Offer;
  pos.actor = static_cast<std::uint8_t>(offer_seat(pos, 0));
}

void refuse(Position& pos) {
  pos.refusals++;
  if (pos.refusals < offer_count(pos)) {
    pos.phase = Phase::Offer;
    pos.actor = static_cast<std::uint8_t>(offer_seat(pos, pos.refusals));
    return;
  }
  pos.dead.insert(pos.up);
  enter_turn(pos, (pos.origin + 1) % pos.seats());
}

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
