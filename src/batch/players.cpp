#include "batch/players.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>

#include "base/spelling.h"
#include "batch/pan_players.h"
#include "engine/flow.h"
#include "replay/game_of.h"

namespace conquian::batch {
namespace {

// Cards that may still come: not dead, not on a table, not face up and not in `seat`'s
// hand (another hand or the stock, which this seat cannot tell apart).
CardSet live_cards(const Position& p, int seat) {
  CardSet gone = p.dead | p.hand[seat];
  for (int s = 0; s < p.seats(); ++s) gone |= p.table[s];
  if (p.up != kNoCard) gone.insert(p.up);
  return p.rules->deck.all() - gone;
}

// How useful a card is to keep: hand cards of the same rank, or of the same suit within
// two ranks, can grow into melds with it, if a card that completes them may still come.
int keep_value(const Position& p, int seat, Card c) {
  const Deck& d = p.rules->deck;
  CardSet live = live_cards(p, seat);
  int value = 0;
  int rc = d.rank_of(c), sc = d.suit_of(c);
  auto live_at = [&](int suit, int rank) { return rank >= 0 && rank < d.rank_count() && live.has(d.card(suit, rank)); };
  for (Card o : p.hand[seat]) {
    if (o == c) continue;
    int ro = d.rank_of(o);
    if (ro == rc) {
      if ((d.rank_cards(rc) & live).size() > 0) value += 2;
    } else if (d.suit_of(o) == sc && std::abs(ro - rc) <= 2) {
      int lo = std::min(ro, rc), hi = std::max(ro, rc);
      bool completes = hi - lo == 2 ? live_at(sc, lo + 1) : (live_at(sc, lo - 1) || live_at(sc, hi + 1));
      if (completes) value += 2;
    }
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

// "greedy": one look ahead, no search. It sees its own hand, the tables, the dead cards,
// hand sizes and the face-up card, nothing else. A take is worth the cards it melds, less what its
// discard costs (a card that belongs with others in the hand, or one that fits another
// seat's table and so feeds it; breaking a pair costs more as the hand shrinks); a pass
// is worth a fixed bar, so the seat declines a card that fits when every way of taking it
// breaks its hand or feeds the opponent, which is exactly when forcing bites. It forces
// when the forced seat keeps two or more cards (it must break them) and cannot win with
// the card.
class GreedyPlayer : public Player {
 public:
  const char* name() const override { return "greedy"; }
  std::size_t choose(const Position& p, const std::vector<Move>& legal, Rng& rng) override {
    int seat = to_act(p);
    cached_.fill(kUnknown);
    long best_score = std::numeric_limits<long>::min();
    std::size_t best = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      long score = score_move(p, seat, legal[i]) * 16 + static_cast<long>(rng.below(8));
      if (score > best_score) best_score = score, best = i;
    }
    return best;
  }

 private:
  static constexpr long kUnknown = std::numeric_limits<long>::min();
  // What discarding a card costs, per card, for the current decision.
  std::array<long, kMaxCards> cached_{};

  long discard_cost(const Position& p, int seat, Card c) {
    long& v = cached_[c];
    if (v == kUnknown) {
      // Breaking a pair matters more as the hand shrinks: a small hand is a hand about to go out.
      int left = std::max(1, p.hand[seat].size() - 1);  // the hand after the discard
      long scale = 10L * std::max(1, 6 / left);
      v = keep_value(p, seat, c) * scale + (helps_someone(p, seat, c) ? 60 : 0);
    }
    return v;
  }

  // The bar a take must clear: the value of a take that melds just the card and throws a
  // harmless one, less a margin. A pass that hands the card to a seat whose table it fits
  // costs what a harmful discard costs.
  long pass_score(const Position& p, int seat) {
    long s = 1100 - 80;
    bool others_follow = p.refusals + 1 < flow::offer_count(p);
    if (others_follow && helps_someone(p, seat, p.up)) s -= 60;
    return s;
  }

  long score_move(const Position& p, int seat, const Move& m) {
    const Ruleset& r = *p.rules;
    switch (m.kind) {
      case MoveKind::Take: {
        long laid = m.table.size() - p.table[seat].size();
        long s = 1000 + laid * 100;
        if (m.table.size() >= r.target) s += 100000;
        if (m.discard != kNoCard) {
          if (m.other != 0xFF) s += 40 - keep_value(p, seat, m.discard) * 10;  // a hit makes the other seat throw
          else s -= discard_cost(p, seat, m.discard);
        }
        return s;
      }
      case MoveKind::Lay: return 500 + (m.table.size() - p.table[seat].size()) * 100;
      case MoveKind::Force: {
        int t = m.other;
        // Forcing hurts when the forced seat is far from winning and must break its hand.
        long s = p.table[t].size() + 1 >= r.target ? -1000 : p.hand[t].size() >= 2 ? 50 : -50;
        // An offer replaces this seat's own take or pass: it must beat those.
        return p.phase == Phase::Offer ? pass_score(p, seat) + s : s;
      }
      case MoveKind::Waive: return 0;
      case MoveKind::Pass: return pass_score(p, seat);
      case MoveKind::Swap:
      case MoveKind::Throw: return -keep_value(p, seat, m.card) * 10;
      case MoveKind::Turn: return 0;
    }
    return 0;
  }
};

}  // namespace

std::unique_ptr<Player> make_random_player() { return std::make_unique<RandomPlayerOf<ConquianGame>>(); }
std::unique_ptr<Player> make_greedy_player() { return std::make_unique<GreedyPlayer>(); }

std::unique_ptr<Player> make_player(const std::string& name) {
  if (name == "random") return make_random_player();
  if (name == "greedy") return make_greedy_player();
  if (name == "strong") return make_strong_player();
  if (name == "strong-pi") return make_strong_pi_player();
  return nullptr;
}

const std::vector<std::string>& player_names() {
  static const std::vector<std::string> names = {"random", "greedy", "strong", "strong-pi"};
  return names;
}

namespace {

std::string why_not_players_of(GameTag<PanGame>, const std::vector<std::string>& players, const Ruleset& rules,
                               const std::string& option, int seats) {
  return why_not_pan_players(players, rules, option, seats);
}

std::string why_not_players_of(GameTag<ConquianGame>, const std::vector<std::string>& players, const Ruleset& rules,
                               const std::string& option, int) {
  const std::vector<std::string> names = {"random", "greedy", "strong"};
  // Checked by name: making a searching player to check its name would build its solver's tables.
  const std::vector<std::string>& known = player_names();
  for (const auto& p : players)
    if (std::find(known.begin(), known.end(), p) == known.end())
      return option + ": unknown player '" + p + "'" +
             (did_you_mean(p, names).empty() ? " (random, greedy, strong)" : did_you_mean(p, names));
  if (static_cast<int>(players.size()) > rules.seats)
    return fmt::format("{} names {} players, but ruleset {} has {} seats", option, players.size(), rules.name,
                       rules.seats);
  for (const auto& p : players)
    if (p == "strong" && rules.seats != 2)
      return fmt::format("{} strong: the strong player plays two seats only, and ruleset {} has {}", option, rules.name,
                         rules.seats);
  return "";
}

}  // namespace

std::string why_not_players(const std::vector<std::string>& players, const Ruleset& rules, const std::string& option,
                            int seats) {
  return visit_game(rules, [&](auto tag) { return why_not_players_of(tag, players, rules, option, seats); });
}

}  // namespace conquian::batch
