#include "batch/players.h"

#include <limits>

namespace conquian::batch {
namespace {

class RandomPlayer : public Player {
 public:
  const char* name() const override { return "random"; }
  std::size_t choose(const Position&, const std::vector<Move>& legal, Rng& rng) override {
    return rng.below(legal.size());
  }
};

// How useful a card is to keep: hand cards of the same rank, or of the same suit within
// two ranks, can grow into melds with it.
int keep_value(const Position& p, int seat, Card c) {
  const Deck& d = p.rules->deck;
  int value = 0;
  for (Card o : p.hand[seat]) {
    if (o == c) continue;
    if (d.rank_of(o) == d.rank_of(c)) value += 2;
    else if (d.suit_of(o) == d.suit_of(c) && std::abs(d.rank_of(o) - d.rank_of(c)) <= 2) value += 2;
  }
  if (p.rules->melds.wild.has(c)) value += 10;
  return value;
}

// A card that fits another seat's table is a gift to that seat (or a weapon, to force).
bool helps_someone(const Position& p, int seat, Card c) {
  for (int o = 0; o < p.seats(); ++o)
    if (o != seat && fits_table(p, o, c)) return true;
  return false;
}

class GreedyPlayer : public Player {
 public:
  const char* name() const override { return "greedy"; }
  std::size_t choose(const Position& p, const std::vector<Move>& legal, Rng& rng) override {
    int seat = to_act(p);
    long best_score = std::numeric_limits<long>::min();
    std::size_t best = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      long score = score_move(p, seat, legal[i]) * 16 + static_cast<long>(rng.below(8));
      if (score > best_score) best_score = score, best = i;
    }
    return best;
  }

 private:
  static long score_move(const Position& p, int seat, const Move& m) {
    const Ruleset& r = *p.rules;
    switch (m.kind) {
      case MoveKind::Take: {
        long laid = m.table.size() - p.table[seat].size();
        long s = 1000 + laid * 100;
        if (m.table.size() >= r.target) s += 100000;
        if (m.discard != kNoCard) {
          s -= keep_value(p, seat, m.discard) * 10;
          if (m.other != 0xFF) s += 40;  // a hit makes the other seat throw
          else if (helps_someone(p, seat, m.discard)) s -= 60;
        }
        return s;
      }
      case MoveKind::Lay: return 500 + (m.table.size() - p.table[seat].size()) * 100;
      case MoveKind::Force: {
        int t = m.other;
        // Forcing hurts when the forced seat is far from winning and must break its hand.
        if (p.table[t].size() + 1 >= r.target) return -1000;
        return p.hand[t].size() >= 4 ? 50 : -50;
      }
      case MoveKind::Waive: return 0;
      case MoveKind::Pass: return 0;
      case MoveKind::Swap:
      case MoveKind::Throw: return -keep_value(p, seat, m.card) * 10;
      case MoveKind::Turn: return 0;
    }
    return 0;
  }
};

}  // namespace

std::unique_ptr<Player> make_random_player() { return std::make_unique<RandomPlayer>(); }
std::unique_ptr<Player> make_greedy_player() { return std::make_unique<GreedyPlayer>(); }

std::unique_ptr<Player> make_player(const std::string& name) {
  if (name == "random") return make_random_player();
  if (name == "greedy") return make_greedy_player();
  return nullptr;
}

const std::vector<std::string>& player_names() {
  static const std::vector<std::string> names = {"random", "greedy"};
  return names;
}

}  // namespace conquian::batch
