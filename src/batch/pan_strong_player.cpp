// "strong", Panguingue's: decides from its seat's view only (its hand, every table, the dead
// cards and the face-up card; never another hand or the stock), looking one move ahead.
//
// - Declaring: it plays a hand whose cards can grow into melds with the cards still live (not
//   dead, not on a table); against more seats it asks more of the hand, since more seats
//   compete for the same cards and pay each other's conditions.
// - Taking: every take moves it a card nearer going out; it weighs the chips the take collects,
//   the cards still live that its new table could take (its outs), and the card it must throw.
// - Throwing: it keeps cards with live partners, and never throws the next seat a card its
//   table takes alone when it can help it (the next seat would collect, or be a card nearer out).
// - Going flat: it lays its last cards (ten on the table, none in hand) only when its table's
//   outs are many; with few, a card in hand still makes melds.
// - Forcing: it forces a card on the seat that refused it when that seat is far from going out
//   (the forced seat loses its turn's card); near the end it lets it be.
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "batch/pan_players.h"
#include "pan/engine.h"
#include "pan/melds.h"
#include "pan/partition.h"

namespace conquian::batch {
namespace {

// Copies of each card that may still come: the pack less what this seat can see (its hand,
// the tables, the dead cards, the face-up card).
CardCounts live_cards(const pan::Position& p, int seat) {
  CardCounts live = pan::pack(*p.rules);
  live -= p.hand[seat];
  live -= p.dead;
  for (int s = 0; s < p.seats(); ++s) live -= p.table[s].counts();
  if (p.up != kNoCard) live.remove(p.up);
  return live;
}

// How well a card sits in a hand: copies and same-rank cards (groups), same-suit neighbours
// (sequences), each weighed by how many live cards could complete the meld.
double card_worth(const Deck& d, const CardCounts& hand, const CardCounts& live, Card c) {
  const int rank = d.rank_of(c), suit = d.suit_of(c);
  double w = 0;
  hand.for_each([&](Card o, int copies) {
    const int n = o == c ? copies - 1 : copies;
    if (n <= 0) return;
    if (d.rank_of(o) == rank) w += 1.0 * n;
    else if (d.suit_of(o) == suit && std::abs(d.rank_of(o) - rank) <= 2) w += 0.8 * n;
  });
  // Live cards of its rank (a group) and of its suit next to it (a sequence).
  int live_near = 0;
  for (int s = 0; s < d.suit_count(); ++s) live_near += live.count(d.card(s, rank));
  for (int r = std::max(0, rank - 2); r <= std::min(d.rank_count() - 1, rank + 2); ++r)
    if (r != rank) live_near += live.count(d.card(suit, r));
  return w + 0.05 * live_near;
}

// Live copies of cards that a table could take alone (its outs).
int outs(const Ruleset& r, const pan::Table& t, const CardCounts& live) {
  if (t.count == 0) return 0;
  const CardCounts cards = t.counts();
  int n = 0;
  live.for_each([&](Card c, int copies) {
    CardCounts with = cards;
    with.add(c);
    if (pan::can_partition(r, with)) n += copies;
  });
  return n;
}

class StrongPanPlayer : public PanPlayer {
 public:
  const char* name() const override { return "strong"; }

  std::size_t choose(const pan::Position& p, const std::vector<pan::Move>& legal, Rng&) override {
    const int seat = pan::to_act(p);
    const CardCounts live = live_cards(p, seat);
    std::size_t best = 0;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const double s = score(p, seat, live, legal[i]);
      if (s > best_score) best = i, best_score = s;
    }
    return best;
  }

 private:
  static double score(const pan::Position& p, int seat, const CardCounts& live, const pan::Move& m) {
    const Ruleset& r = *p.rules;
    const Deck& d = r.deck;
    switch (m.kind) {
      case pan::MoveKind::Play:
      case pan::MoveKind::Drop: {
        double hand = 0;
        p.hand[seat].for_each([&](Card c, int n) { hand += n * card_worth(d, p.hand[seat], live, c); });
        const double wanted = 6.0 + 0.4 * p.seats();
        return m.kind == pan::MoveKind::Play ? hand - wanted : 0;
      }
      case pan::MoveKind::Take: {
        const double collect = static_cast<double>(pan::take_collect(p, seat, m.table)) * pan::paying_seats(p, seat);
        double s = 100.0 + 10.0 * m.table.cards() + 2.0 * collect;
        if (m.table.cards() >= r.target) return 1e9;  // going out ends the deal with the pot
        CardCounts laid = m.table.counts() - p.table[seat].counts();
        laid.remove(m.card);
        const CardCounts left = p.hand[seat] - laid;
        s -= 3.0 * card_worth(d, left, live, m.discard);
        const int next = turn::next_in(p, seat);
        if (pan::fits(p, next, m.discard)) s -= 15.0;  // a card the next seat takes alone
        const int out_count = outs(r, m.table, live);
        s += 0.5 * out_count;
        if (left.size() == 1 && out_count < 6) s -= 20.0;  // flat with few outs: keep a card
        return s;
      }
      case pan::MoveKind::Force: return p.table[p.actor].cards() < r.target - 3 ? 1.0 : -1.0;
      case pan::MoveKind::Waive: return 0;
      default: return 0;
    }
  }
};

}  // namespace

std::unique_ptr<PanPlayer> make_strong_pan_player() { return std::make_unique<StrongPanPlayer>(); }

}  // namespace conquian::batch
