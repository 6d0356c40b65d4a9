#include "batch/endgames.h"

#include <algorithm>
#include <array>
#include <vector>

#include "batch/players.h"
#include "cards/shuffle.h"
#include "engine/seat_view.h"
#include "solve/endgame_game.h"
#include "solve/pimc.h"

namespace conquian::batch {

std::optional<Position> endgame_of_deal(const Ruleset& rules, std::uint64_t seed, std::uint64_t index,
                                        const EndgamePick& pick) {
  Rng rng = deal_rng(seed, index);
  std::vector<Card> deck = shuffled_deck(rules.deck.size(), rng);
  const int dealer = static_cast<int>(index % static_cast<std::uint64_t>(rules.seats));
  Position p = deal(rules, deck, dealer);
  auto greedy = make_greedy_player();
  std::vector<Move> legal;
  while (!p.result.over()) {
    legal_moves(p, legal);
    const int seat = to_act(p);
    if (p.phase != Phase::Swap && legal.size() >= static_cast<std::size_t>(std::max(2, pick.min_choices)) &&
        p.stock_left() <= pick.max_stock && world_count(view_of(p, -1)) <= pick.max_public_deals &&
        solve::why_not_endgame(p, seat).empty()) {
      const std::uint64_t worlds = world_count(view_of(p, seat));
      if (worlds >= pick.min_seat_worlds && worlds <= pick.max_seat_worlds) return p;
    }
    apply(p, legal[greedy->choose(p, legal, rng)]);
  }
  return std::nullopt;
}

}  // namespace conquian::batch
