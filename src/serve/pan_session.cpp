#include "serve/pan_session.h"

#include <fmt/format.h>

#include <chrono>

#include "cards/shuffle.h"
#include "pan/world.h"
#include "serve/deal_words.h"
#include "serve/pan_state_json.h"
#include "serve/solve_json.h"
#include "solve/pan_estimate.h"

namespace conquian::serve {

PanSession PanSession::from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int seats, int dealer) {
  Rng rng = deal_rng(seed, 0);
  std::vector<Card> order = PanGame::pack(*rules);
  shuffle_cards(order, rng);
  return from_order(std::move(rules), seats, order, dealer);
}

PanSession PanSession::from_order(std::shared_ptr<const Ruleset> rules, int seats, const std::vector<Card>& order,
                                  int dealer) {
  PanSession s;
  s.init_dealt(std::move(rules), seats, order, dealer);
  return s;
}

PanSession PanSession::from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal) {
  PanSession s;
  s.init_from_deal(std::move(rules), deal);
  return s;
}

PanSession PanSession::from_record(record::GameRecord rec, std::size_t after, std::shared_ptr<const Ruleset> rules) {
  PanSession s;
  s.init_from_record(std::move(rec), after, std::move(rules));
  return s;
}

PanSession PanSession::from_world(std::shared_ptr<const Ruleset> rules, const pan::Position& world) {
  PanSession s;
  s.init_from_world(std::move(rules), world);
  return s;
}

nlohmann::json PanSession::state() const { return pan_state_json(pos_); }

void PanSession::append_state_json(std::string& out) const { out += state().dump(); }

nlohmann::json PanSession::view(int seat) const {
  if (seat < 0 || seat >= pos_.seats())
    throw SessionError("bad-seat",
                       fmt::format("'seat' {}: there is no such seat in a {}-seat deal", seat, pos_.seats()));
  return pan_view_json(pos_, seat);
}

nlohmann::json PanSession::solve(const SolveRequest& request, std::atomic<bool>& stop,
                                 const std::function<void(const SolveProgress&)>& progress) const {
  if (over()) return {{"over", true}, {"best", nullptr}, {"line", nlohmann::json::array()}};
  // Only a seat's view is answered: every mode asks the seat to act's (or the seat named's).
  const int seat = request.seat >= 0 ? request.seat : pan::to_act(pos_);
  if (seat >= pos_.seats())
    throw SessionError("bad-seat",
                       fmt::format("'seat' {}: there is no such seat in a {}-seat deal", seat, pos_.seats()));
  std::vector<pan::Move> moves;
  offered_moves<PanGame>(pos_, seat, moves);
  if (moves.empty())
    throw SessionError("bad-seat",
                       fmt::format("'seat' {}: it has no decision now; seat {} is to act", seat, pan::to_act(pos_)));
  // The worlds asked for, or as many as the movetime allows (at least a few), else the strong
  // player's count.
  solve::PanEstimateOptions how;
  how.worlds = request.worlds > 0        ? static_cast<std::size_t>(request.worlds)
               : request.movetime_ms > 0 ? 0
                                         : solve::kPanAdviceWorlds;
  if (request.movetime_ms > 0)
    how.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(request.movetime_ms);
  how.stop = &stop;
  Rng rng = deal_rng(0, pos_.plies);
  const solve::PanEstimate e = solve::estimate_pan_moves(pos_, seat, moves, how, rng);
  nlohmann::json answer = serve::pan_view_answer_json(pos_, seat, moves, e);
  answer["solved"] = false;
  answer["to_act"] = pan::to_act(pos_);
  answer["stopped"] = stop.load();
  answer["reason"] = fmt::format(
      "not solved: a panguingue deal of {} seats, the stock and {} other hand{} unseen by the seat, is far past an "
      "exact search, and its value is chips; each move of seat {} is an estimate of its chips over {} worlds drawn "
      "from its view",
      pos_.seats(), pos_.seats() - 1, pos_.seats() == 2 ? "" : "s", seat, e.worlds);
  if (progress) progress({0, e.worlds, answer["best"]});
  return answer;
}

}  // namespace conquian::serve
