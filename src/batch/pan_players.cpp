#include "batch/pan_players.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "base/spelling.h"
#include "pan/melds.h"

namespace conquian::batch {
namespace {

// How many other cards of the seat's hand a card could meld with: copies and cards of its
// rank (a group), cards of its suit within two ranks (a sequence).
int partners(const Deck& d, const CardCounts& hand, Card c) {
  int n = hand.count(c) - 1;
  const int rank = d.rank_of(c), suit = d.suit_of(c);
  hand.for_each([&](Card o, int copies) {
    if (o == c) return;
    if (d.rank_of(o) == rank) n += copies;
    else if (d.suit_of(o) == suit && std::abs(d.rank_of(o) - rank) <= 2) n += copies;
  });
  return n;
}

class GreedyPanPlayer : public PanPlayer {
 public:
  const char* name() const override { return "greedy"; }

  std::size_t choose(const pan::Position& p, const std::vector<pan::Move>& legal, Rng&) override {
    const int seat = pan::to_act(p);
    if (p.phase == pan::Phase::Declare) return declare(p, seat, legal);
    std::size_t best = 0;
    long best_score = std::numeric_limits<long>::min();
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const long s = greedy_pan_score(p, seat, legal[i]);
      if (s > best_score) best = i, best_score = s;
    }
    return best;
  }

 private:
  // Plays when at least four cards of the hand have a partner: the hand can grow melds. A
  // drop costs the forfeit at once, a hand that never melds costs the conditions of the others.
  static std::size_t declare(const pan::Position& p, int seat, const std::vector<pan::Move>& legal) {
    const Deck& d = p.rules->deck;
    int paired = 0;
    p.hand[seat].for_each([&](Card c, int copies) {
      if (partners(d, p.hand[seat], c) > 0) paired += copies;
    });
    const pan::MoveKind want = paired >= 4 ? pan::MoveKind::Play : pan::MoveKind::Drop;
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (legal[i].kind == want) return i;
    return 0;
  }
};

}  // namespace

// A take first (the more cards on the table, the more chips it collects, the better), the
// discard the card with the fewest partners left. A force is no gain to the forcing seat
// (the forced seat melds a card and moves closer to going out), so it waives.
long greedy_pan_score(const pan::Position& p, int seat, const pan::Move& m) {
  switch (m.kind) {
    case pan::MoveKind::Take: {
      long s = 1'000'000L + 10'000L * m.table.cards() + 100L * pan::take_collect(p, seat, m.table);
      if (m.discard != kNoCard) {
        CardCounts laid = m.table.counts() - p.table[seat].counts();
        laid.remove(m.card);  // the taken card came from the table's offer, not the hand
        s -= 10L * partners(p.rules->deck, p.hand[seat] - laid, m.discard);
      }
      return s;
    }
    case pan::MoveKind::Force: return -1;
    default: return 0;
  }
}

std::unique_ptr<PanPlayer> make_pan_player(const std::string& name) {
  if (name == "random") return std::make_unique<RandomPlayerOf<PanGame>>();
  if (name == "greedy") return std::make_unique<GreedyPanPlayer>();
  if (name == "strong") return make_strong_pan_player();
  return nullptr;
}

const std::vector<std::string>& pan_player_names() {
  static const std::vector<std::string> names = {"random", "greedy", "strong"};
  return names;
}

std::string why_not_pan_players(const std::vector<std::string>& players, const Ruleset& rules,
                                const std::string& option, int seats) {
  const auto& names = pan_player_names();
  for (const auto& p : players)
    if (!make_pan_player(p)) {
      std::string known;
      for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
      const std::string near = did_you_mean(p, names);
      return option + ": unknown panguingue player '" + p + "'" + (near.empty() ? " (" + known + ")" : near);
    }
  const int n = seats > 0 ? seats : rules.seats;
  if (static_cast<int>(players.size()) > n)
    return option + " names " + std::to_string(players.size()) + " players, but the deal seats " + std::to_string(n);
  return "";
}

}  // namespace conquian::batch
