// What the Python module adds to each game of the family (turn/game.h): its action layout, its
// observation tensor and the unseen copies of a card, one overload per game, so that the state
// (python/state_core.cpp) and the ruleset's calls are written once over the game.
#pragma once

#include <vector>

#include "python/action_steps.h"
#include "python/observation.h"
#include "python/pan_observation.h"
#include "replay/game_of.h"
#include "serve/game_session.h"
#include "serve/pan_session.h"

namespace conquian::python {

inline ActionLayout layout_of(GameTag<ConquianGame>) { return conquian_layout(); }
inline ActionLayout layout_of(GameTag<PanGame>) { return pan_layout(); }

// The observation tensor's length for `seats` seats dealt in (Conquian's: its ruleset's seats).
inline int observation_size(GameTag<ConquianGame>, const Ruleset& rules, int) { return observation_size(rules); }
inline int observation_size(GameTag<PanGame>, const Ruleset& rules, int seats) {
  return pan_observation_size(rules, seats);
}
// What `seat` observes of the session's position.
inline std::vector<float> observation_of(const serve::GameSession& s, int seat) {
  return observation_tensor(s.seat_view(seat));
}
inline std::vector<float> observation_of(const serve::PanSession& s, int seat) {
  return pan_observation_tensor(s.position(), seat);
}
// How many copies of `card` nobody has seen (Conquian: 0 or 1, a card of one deck).
inline int unseen_copies(const Position& p, Card card) { return p.unseen().has(card) ? 1 : 0; }
inline int unseen_copies(const pan::Position& p, Card card) { return p.unseen().count(card); }

}  // namespace conquian::python
