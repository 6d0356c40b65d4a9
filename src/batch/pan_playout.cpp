#include "batch/pan_playout.h"

#include <vector>

#include "pan/engine.h"

namespace conquian::batch {

std::int64_t pan_playout_chips(pan::Position pos, int seat, PanPlayer& player, Rng& rng) {
  thread_local std::vector<pan::Move> legal;
  // Every move turns a card, takes one or refuses one: a deal ends long before this.
  const std::uint32_t max_plies = pos.plies + 64u * static_cast<std::uint32_t>(pan::kMaxPackCards);
  while (!pos.result.over() && pos.plies < max_plies) {
    pan::legal_moves(pos, legal);
    if (legal.empty()) break;
    pan::apply(pos, legal[player.choose(pos, legal, rng)]);
  }
  return pos.chips[static_cast<std::size_t>(seat)];
}

}  // namespace conquian::batch
