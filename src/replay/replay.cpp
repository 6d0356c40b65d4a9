#include "replay/replay.h"

namespace conquian {

Replay replay(const record::GameRecord& rec, const Ruleset& rules, std::size_t upto, const MoveVisitor& visit) {
  if (!visit) return replay_game<ConquianGame>(rec, rules, upto, [](const Position&, const Move&) {});
  return replay_game<ConquianGame>(rec, rules, upto, visit);
}

}  // namespace conquian
