#include "python/game_state.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "serve/sessions.h"

namespace conquian::python {

GameState state_of(std::unique_ptr<serve::Session> session) {
  return serve::visit_session(*session, [](auto& s) { return GameState(std::move(s)); });
}

serve::PlayVerdict GameState::play(const nlohmann::json& move) {
  // A world lists its moves from the engine moves its actions play (it has no record for
  // words to go into), so a move by its words would be missing from its history.
  if (prefix_)
    throw serve::SessionError("bad-field",
                              "play: a world resampled from a view is played through apply_action, which keeps "
                              "the history its information state lists");
  serve::PlayVerdict v = session().play(move);
  if (v.legal) changed();
  return v;
}

bool GameState::undo() {
  if (!chosen_.empty()) {  // a half-chosen move is taken back first, a step at a time
    chosen_.pop_back();
    return true;
  }
  bool undone = session().undo();
  if (undone) {
    core_->undo_kept();
    changed();
  }
  return undone;
}

void GameState::changed() {
  chosen_.clear();
  core_->changed();
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
  const MoveSteps& steps = core_->steps();
  out.clear();
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (auto s = steps.of(i); matches(s)) out.push_back(s[chosen_.size()]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void GameState::apply_action(int action) {
  const MoveSteps& c = core_->steps();
  bool legal = false;
  for (std::size_t i = 0; i < c.size(); ++i) {
    const auto steps = c.of(i);
    if (!matches(steps) || steps[chosen_.size()] != action) continue;
    legal = true;
    if (steps.size() != chosen_.size() + 1) continue;
    // The move's last step: played through the session, which asks the engine to judge it.
    serve::PlayVerdict v = core_->play(i);
    if (!v.legal)  // the engine listed it: a refusal here is a bug, not bad input
      throw std::logic_error(fmt::format("the engine refuses its own legal move: {}: {}", v.code, v.reason));
    chosen_.clear();
    return;
  }
  if (!legal) {
    if (session().over()) throw IllegalAction(fmt::format("action {}: the game is over", action));
    throw IllegalAction(fmt::format("action {} ({}) is not legal here; the legal actions are {}", action,
                                    action_to_string(action), fmt::join(legal_actions(), ", ")));
  }
  chosen_.push_back(action);
}

bool GameState::is_chance_node() const {
  if (session().over()) return false;
  const MoveSteps& steps = core_->steps();
  bool any = false;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    auto s = steps.of(i);
    if (!matches(s)) continue;
    // A chance step: a turn from an unknown stock whose next step is its card (not the draw).
    if (!core_->chance_move(i) || s.size() != chosen_.size() + 1) return false;
    any = true;
  }
  return any;
}

std::vector<std::pair<int, double>> GameState::chance_outcomes() const {
  std::vector<std::pair<int, double>> out;
  if (!is_chance_node()) return out;
  // Each card by its share of the copies the stock may hold (one each in Conquian's pack).
  std::vector<int> cards = legal_actions();
  double total = 0;
  for (int a : cards) {
    const int copies = core_->unseen_copies(static_cast<Card>(a - layout().turn_base()));
    out.emplace_back(a, static_cast<double>(copies));
    total += copies;
  }
  for (auto& [a, p] : out) p = total > 0 ? p / total : 1.0 / static_cast<double>(out.size());
  return out;
}

int GameState::current_player() const {
  if (session().over()) return kTerminalPlayer;
  if (is_chance_node()) return kChancePlayer;
  if (chosen_.empty()) return session().to_act();
  // Part of a move is chosen: its seat is the engine's to_act where the move is played (past
  // a force window's waive, the seat the card goes to next).
  const MoveSteps& steps = core_->steps();
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (matches(steps.of(i))) return core_->seat_of(i);
  return session().to_act();
}

std::vector<double> GameState::returns() const {
  std::vector<double> out;
  for (std::int64_t c : session().chips()) out.push_back(static_cast<double>(c));
  return out;
}

std::string GameState::action_to_string(int action) const {
  return step_text(action, layout(), session().rules().deck);
}

nlohmann::json GameState::moves_seen_by(int seat) const {
  if (!prefix_) return session().moves_seen_by(seat);
  nlohmann::json out = *prefix_;
  for (auto& m : core_->moves_since(seat)) out.push_back(std::move(m));
  return out;
}

GameState GameState::resample(int seat, std::uint64_t seed) const {
  GameState world(core_->world(seat, seed));
  world.prefix_ = std::make_shared<const nlohmann::json>(moves_seen_by(seat));
  world.core_->keep_moves();
  for (int step : chosen_) world.apply_action(step);
  return world;
}

}  // namespace conquian::python
