#include "batch/pan_lookahead.h"

#include <algorithm>

namespace conquian::batch {

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

}  // namespace conquian::batch
