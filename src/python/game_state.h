// The state a Python program holds (conquian.State): one serve::GameSession, plus the steps of
// a move chosen so far through the OpenSpiel shape (python/action_steps.h). The record-shaped
// calls (legal_moves, play) ask the session directly; the action calls read the session's
// legal moves as steps and play the move once its steps are complete.
#pragma once

#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "python/action_steps.h"
#include "serve/game_session.h"

namespace conquian::python {

// OpenSpiel's player ids for a chance node and a finished game.
inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -4;

// An action that is not legal here; the message says why (apply_action).
struct IllegalAction : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class GameState;
// The state of a session of either game; a game this module does not play yet is refused
// with the reason (std::invalid_argument, a ValueError in Python).
GameState state_of(std::unique_ptr<serve::Session> session);

class GameState {
 public:
  explicit GameState(serve::GameSession session) : session_(std::move(session)) {}

  serve::GameSession& session() { return session_; }
  const serve::GameSession& session() const { return session_; }
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
  bool is_terminal() const { return session_.over(); }
  std::vector<double> returns() const;
  std::string action_to_string(int action) const;

 private:
  struct Candidates {
    bool valid = false;  // false: the state changed since they were read
    std::vector<serve::GameSession::LegalMove> moves;
    MoveSteps steps;
  };
  const Candidates& candidates() const;
  bool matches(std::span<const int> steps) const;  // starts with chosen_
  void changed();

  serve::GameSession session_;
  std::vector<int> chosen_;
  // The session's legal moves as steps, read once per state. Clones share them until one
  // changes; the storage is reused when no clone holds it (a playout allocates little).
  mutable std::shared_ptr<Candidates> cache_;
};

}  // namespace conquian::python
