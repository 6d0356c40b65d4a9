// The part of conquian.State that depends on which game it plays: a session of any game
// (serve::SessionType<G>::type), its legal moves read once per position as steps of
// the game's action layout (python/action_steps.h), and the move of a candidate played through
// the session. GameState (python/game_state.h) holds one and does the rest the same for both.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "python/action_steps.h"
#include "serve/game_session.h"
#include "serve/pan_session.h"

namespace conquian::python {

// A game's moves as steps (conquian_steps.cpp, pan_steps.cpp): the steps of `move`, played at
// `before` while the session stands at `now`, appended to `out`. `draw_step`: a turn from an
// unknown stock is first chosen as the draw (the seat might also lay).
void append_steps(const ActionLayout& layout, const Position& now, const Position& before, const Move& move,
                  bool draw_step, std::vector<int>& out);
void append_steps(const ActionLayout& layout, const pan::Position& now, const pan::Position& before,
                  const pan::Move& move, bool draw_step, std::vector<int>& out);
// Whether `move` turns a card from a stock whose order is unknown (a chance outcome).
bool unknown_turn(const Position& before, const Move& move);
bool unknown_turn(const pan::Position& before, const pan::Move& move);

class StateCore {
 public:
  virtual ~StateCore() = default;
  virtual std::unique_ptr<StateCore> clone() const = 0;
  virtual serve::Session& session() = 0;
  virtual const serve::Session& session() const = 0;
  virtual const ActionLayout& layout() const = 0;
  // The legal moves' steps (read once per position; clones share them until one changes).
  virtual const MoveSteps& steps() const = 0;
  // The seat whose decision candidate i is: the engine's to_act at the position it is played in.
  virtual int seat_of(std::size_t i) const = 0;
  virtual bool chance_move(std::size_t i) const = 0;
  // Plays candidate i through the session (the engine judges it).
  virtual serve::PlayVerdict play(std::size_t i) = 0;
  // The position changed by other means (a move by its words, an undo).
  virtual void changed() = 0;
  // Keeps the moves played from now on, for moves_since (a world resampled from a view has no
  // record to list them).
  virtual void keep_moves() = 0;
  // The moves kept since keep_moves(), as `seat` saw them (the engine's seen_by).
  virtual nlohmann::json moves_since(int seat) const = 0;
  virtual void undo_kept() = 0;
  // How many copies of `card` the stock may show now (Conquian: one of each unseen card;
  // Panguingue: the unseen copies of it), which weighs a chance outcome.
  virtual int unseen_copies(Card card) const = 0;
  // A world drawn from what `seat` knows (Conquian: engine/seat_view.h's sample_world;
  // Panguingue: pan/world.h's), as a session without a record.
  virtual std::unique_ptr<StateCore> world(int seat, std::uint64_t seed) const = 0;
  // The seat's observation tensor (python/observation.h, python/pan_observation.h) and its size.
  virtual std::vector<float> observation(int seat) const = 0;
  virtual int observation_size() const = 0;
  // The phase's name, as the game's state JSON writes it.
  virtual std::string phase() const = 0;
};

// The core of a session of any game (serve::SessionType<G>::type).
template <class S>
std::unique_ptr<StateCore> core_of(S session);

}  // namespace conquian::python
