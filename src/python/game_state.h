// The state a Python program holds (conquian.State): a session of either game of the family
// (python/state_core.h), plus the steps of a move chosen so far through the OpenSpiel shape
// (python/action_steps.h). The record-shaped calls (legal_moves, play) ask the session
// directly; the action calls read the session's legal moves as steps and play the move once
// its steps are complete.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <utility>
#include <vector>

#include "python/action_steps.h"
#include "python/state_core.h"

namespace conquian::python {

// OpenSpiel's player ids for a chance node and a finished game.
inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -4;

// An action that is not legal here; the message says why (apply_action).
struct IllegalAction : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class GameState;
// The state of a session of either game.
GameState state_of(std::unique_ptr<serve::Session> session);

class GameState {
 public:
  // A session of any game (serve::SessionType<G>::type).
  template <class S>
  explicit GameState(S session) : core_(core_of(std::move(session))) {}
  GameState(const GameState& o) : core_(o.core_->clone()), chosen_(o.chosen_), prefix_(o.prefix_) {}
  GameState(GameState&&) = default;
  GameState& operator=(const GameState& o) {
    if (this != &o) *this = GameState(o);
    return *this;
  }
  GameState& operator=(GameState&&) = default;

  serve::Session& session() { return core_->session(); }
  const serve::Session& session() const { return core_->session(); }
  const ActionLayout& layout() const { return core_->layout(); }
  std::string phase() const { return core_->phase(); }
  std::vector<float> observation(int seat) const { return core_->observation(seat); }
  int observation_size() const { return core_->observation_size(); }
  const std::vector<int>& chosen_steps() const { return chosen_; }

  // The record-shaped play: clears any steps chosen (the move replaces them).
  serve::PlayVerdict play(const nlohmann::json& move);
  bool undo();

  std::vector<int> legal_actions() const;
  // The same into `out` (cleared first, its storage reused).
  void legal_actions(std::vector<int>& out) const;
  void apply_action(int action);
  bool is_chance_node() const;
  // Each unseen card the turn may show, with its probability (uniform: the stock is shuffled).
  std::vector<std::pair<int, double>> chance_outcomes() const;
  int current_player() const;
  bool is_terminal() const { return session().over(); }
  // Each seat's net chips for the deal (the session's chips(): the engine's settlement).
  std::vector<double> returns() const;
  std::string action_to_string(int action) const;

  // The moves as `seat` saw them: the record's, or, in a world resampled from a view, the
  // moves the viewing seat saw before it (as that seat saw them) and the world's own since.
  nlohmann::json moves_seen_by(int seat) const;
  // A world drawn from `seat`'s view (the game's own sampler: StateCore::world), carrying the
  // seat's history and the steps chosen so far.
  GameState resample(int seat, std::uint64_t seed) const;

 private:
  explicit GameState(std::unique_ptr<StateCore> core) : core_(std::move(core)) {}
  bool matches(std::span<const int> steps) const;  // starts with chosen_
  void changed();

  std::unique_ptr<StateCore> core_;
  std::vector<int> chosen_;
  // A resampled world's history before it was drawn, as the viewing seat saw it (shared by
  // the world's clones); null for a game with its own record.
  std::shared_ptr<const nlohmann::json> prefix_;
};

}  // namespace conquian::python
