#include "solve/pan_greedy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "pan/engine.h"

namespace conquian::solve {
namespace {

// The cards with a partner at or below which greedy drops a hand whose forfeit costs nothing
// beside what a hand that never melds pays; a dearer forfeit lowers the bar in proportion (at
// its full price, it never drops). Ten cards from eight packs have eight and a half cards with
// a partner on average; six or fewer is a hand of the weakest fourteenth or so.
constexpr double kWeakHand = 6;

// The cheapest condition a meld of three cards pays each paying seat (0 when none pays).
int cheapest_condition(const Conditions& c) {
  int least = std::numeric_limits<int>::max();
  for (int v : {c.valle_one_suit, c.valle_mixed, c.one_suit, c.end_sequence})
    if (v > 0) least = std::min(least, v);
  return least == std::numeric_limits<int>::max() ? 0 : least;
}

}  // namespace

int pan_partners(const Deck& d, const CardCounts& hand, Card c) {
  int n = hand.count(c) - 1;
  const int rank = d.rank_of(c), suit = d.suit_of(c);
  hand.for_each([&](Card o, int copies) {
    if (o == c) return;
    if (d.rank_of(o) == rank) n += copies;
    else if (d.suit_of(o) == suit && std::abs(d.rank_of(o) - rank) <= 2) n += copies;
  });
  return n;
}

int pan_paired_cards(const pan::Position& p, int seat) {
  const Deck& d = p.rules->deck;
  int paired = 0;
  p.hand[seat].for_each([&](Card c, int copies) {
    if (pan_partners(d, p.hand[seat], c) > 0) paired += copies;
  });
  return paired;
}

// A drop costs the forfeit at once (the ante is paid either way). A hand that plays and never
// melds pays the seat that goes out (go_out_per_seat, and with go_out_conditions_again at least
// a condition more) and at least one condition laid by another seat. The cheaper the forfeit
// beside that, the stronger a hand must be to play: it drops at or below kWeakHand cards with a
// partner times the share of that cost the forfeit saves.
bool greedy_pan_plays(const pan::Position& p, int seat) {
  const PanTerms& t = p.rules->pan;
  const int condition = cheapest_condition(t.conditions);
  const double never_melds = t.go_out_per_seat + (t.go_out_conditions_again ? condition : 0) + condition;
  if (never_melds <= 0 || t.drop_forfeit >= never_melds) return true;
  const double saved = (never_melds - std::max(0, t.drop_forfeit)) / never_melds;
  const int bar = static_cast<int>(std::lround(kWeakHand * saved));
  return pan_paired_cards(p, seat) > bar;
}

long greedy_pan_score(const pan::Position& p, int seat, const pan::Move& m) {
  switch (m.kind) {
    case pan::MoveKind::Take: {
      long s = 1'000'000L + 10'000L * m.table.cards() + 100L * pan::take_collect(p, seat, m.table);
      if (m.discard != kNoCard) {
        CardCounts laid = m.table.counts() - p.table[seat].counts();
        laid.remove(m.card);  // the taken card came from the table's offer, not the hand
        s -= 10L * pan_partners(p.rules->deck, p.hand[seat] - laid, m.discard);
      }
      return s;
    }
    // A force is no gain to the forcing seat (the forced seat melds a card and moves closer to
    // going out), so greedy waives.
    case pan::MoveKind::Force: return -1;
    default: return 0;
  }
}

std::size_t greedy_pan_choice(const pan::Position& p, const std::vector<pan::Move>& legal) {
  const int seat = pan::to_act(p);
  if (p.phase == pan::Phase::Declare) {
    const pan::MoveKind want = greedy_pan_plays(p, seat) ? pan::MoveKind::Play : pan::MoveKind::Drop;
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (legal[i].kind == want) return i;
    return 0;
  }
  std::size_t best = 0;
  long best_score = std::numeric_limits<long>::min();
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const long s = greedy_pan_score(p, seat, legal[i]);
    if (s > best_score) best = i, best_score = s;
  }
  return best;
}

std::int64_t pan_greedy_playout(pan::Position pos, int seat) {
  thread_local std::vector<pan::Move> legal;
  const bool settled_when_out = pos.rules->pan.condition_payers == ConditionPayers::InDeal;
  // Every move turns a card, takes one or refuses one: a deal ends long before this.
  const std::uint32_t max_plies = pos.plies + 64u * static_cast<std::uint32_t>(pan::kMaxPackCards);
  while (!pos.result.over() && pos.plies < max_plies) {
    if (settled_when_out && ((pos.dropped >> seat) & 1) != 0) break;
    pan::legal_moves(pos, legal);
    if (legal.empty()) break;
    pan::apply(pos, legal[greedy_pan_choice(pos, legal)]);
  }
  return pos.chips[static_cast<std::size_t>(seat)];
}

std::vector<std::size_t> pan_lookahead_moves(const pan::Position& p, int seat, const std::vector<pan::Move>& legal,
                                             std::size_t takes) {
  std::vector<std::size_t> take_moves, out;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const pan::Move& m = legal[i];
    if (m.kind != pan::MoveKind::Take) out.push_back(i);
    else if (m.table.cards() >= p.rules->target) return {i};
    else take_moves.push_back(i);
  }
  std::vector<long> score(legal.size(), 0);
  for (std::size_t i : take_moves) score[i] = greedy_pan_score(p, seat, legal[i]);
  std::stable_sort(take_moves.begin(), take_moves.end(),
                   [&](std::size_t a, std::size_t b) { return score[a] > score[b]; });
  if (take_moves.size() > takes) take_moves.resize(takes);
  take_moves.insert(take_moves.end(), out.begin(), out.end());
  return take_moves;
}

}  // namespace conquian::solve
