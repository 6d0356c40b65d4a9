#include "python/game_state.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "python/action_steps.h"
#include "replay/move_words.h"

namespace conquian::python {

GameState state_of(std::unique_ptr<serve::Session> session) {
  if (auto* c = dynamic_cast<serve::GameSession*>(session.get())) return GameState(std::move(*c));
  throw std::invalid_argument("this module's State plays conquian rulesets only");
}

serve::PlayVerdict GameState::play(const nlohmann::json& move) {
  serve::PlayVerdict v = session_.play(move);
  if (v.legal) changed();
  return v;
}

bool GameState::undo() {
  if (!chosen_.empty()) {  // a half-chosen move is taken back first, a step at a time
    chosen_.pop_back();
    return true;
  }
  bool undone = session_.undo();
  if (undone) changed();
  return undone;
}

void GameState::changed() {
  chosen_.clear();
  if (!cache_) return;
  if (cache_.use_count() == 1) cache_->valid = false;  // ours alone: keep its storage
  else cache_.reset();                                 // a clone reads it still
}

const GameState::Candidates& GameState::candidates() const {
  if (!cache_) cache_ = std::make_shared<Candidates>();
  if (!cache_->valid) {
    session_.legal_moves(cache_->moves);
    move_steps(session_.position(), cache_->moves, cache_->steps);
    cache_->valid = true;
  }
  return *cache_;
}

bool GameState::matches(std::span<const int> steps) const {
  return steps.size() > chosen_.size() && std::equal(chosen_.begin(), chosen_.end(), steps.begin());
}

std::vector<int> GameState::legal_actions() const {
  std::vector<int> out;
  legal_actions(out);
  return out;
}

void GameState::legal_actions(std::vector<int>& out) const {
  const MoveSteps& steps = candidates().steps;
  out.clear();
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (auto s = steps.of(i); matches(s)) out.push_back(s[chosen_.size()]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void GameState::apply_action(int action) {
  const Candidates& c = candidates();
  bool legal = false;
  for (std::size_t i = 0; i < c.steps.size(); ++i) {
    const auto steps = c.steps.of(i);
    if (!matches(steps) || steps[chosen_.size()] != action) continue;
    legal = true;
    if (steps.size() != chosen_.size() + 1) continue;
    // The move's last step: played through the session, which asks the engine to judge it.
    serve::PlayVerdict v = session_.play(c.moves[i]);
    if (!v.legal)  // the engine listed it: a refusal here is a bug, not bad input
      throw std::logic_error(fmt::format("the engine refuses its own legal move: {}: {}", v.code, v.reason));
    changed();
    return;
  }
  if (!legal) {
    if (session_.over()) throw IllegalAction(fmt::format("action {}: the game is over", action));
    throw IllegalAction(fmt::format("action {} ({}) is not legal here; the legal actions are {}", action,
                                    step_text(action, session_.rules().deck), fmt::join(legal_actions(), ", ")));
  }
  chosen_.push_back(action);
}

bool GameState::is_chance_node() const {
  if (session_.over()) return false;
  const Position& p = session_.position();
  if (p.phase != Phase::Turn || p.stock_known) return false;
  const MoveSteps& steps = candidates().steps;
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (auto s = steps.of(i); matches(s) && (s[chosen_.size()] < kTurnBase || s[chosen_.size()] >= kLayBase))
      return false;
  return true;
}

std::vector<std::pair<int, double>> GameState::chance_outcomes() const {
  std::vector<std::pair<int, double>> out;
  if (!is_chance_node()) return out;
  std::vector<int> cards = legal_actions();
  for (int a : cards) out.emplace_back(a, 1.0 / static_cast<double>(cards.size()));
  return out;
}

int GameState::current_player() const {
  if (session_.over()) return kTerminalPlayer;
  if (is_chance_node()) return kChancePlayer;
  const Position& p = session_.position();
  // In a force window the first seat that may force answers for it (forces or waives).
  if (chosen_.empty() && p.phase == Phase::ForceWindow) return (p.actor + 1) % p.seats();
  const Candidates& c = candidates();
  for (std::size_t i = 0; i < c.steps.size(); ++i)
    if (matches(c.steps.of(i))) return c.moves[i].move.seat;
  return session_.to_act();
}

std::vector<double> GameState::returns() const {
  const Position& p = session_.position();
  std::vector<double> out(p.seats(), 0.0);
  if (p.result.kind == Outcome::Kind::Win)
    for (int s = 0; s < p.seats(); ++s) out[s] = s == p.result.winner ? 1.0 : -1.0;
  return out;
}

std::string GameState::action_to_string(int action) const { return step_text(action, session_.rules().deck); }

}  // namespace conquian::python
