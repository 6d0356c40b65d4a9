#include "serve/pan_session.h"

#include <fmt/format.h>

#include <chrono>

#include "batch/pan_players.h"

#include "cards/shuffle.h"
#include "pan/world.h"
#include "serve/deal_words.h"
#include "serve/pan_state_json.h"

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

nlohmann::json PanSession::solve(const SolveRequest& request, std::atomic<bool>&,
                                 const std::function<void(const SolveProgress&)>& progress) const {
  if (over()) return {{"over", true}, {"best", nullptr}, {"line", nlohmann::json::array()}};
  if (request.mode == "view" && request.seat != pan::to_act(pos_))
    throw SessionError("bad-seat", fmt::format("'seat' {}: a panguingue hint is for the seat to act ({})", request.seat,
                                               pan::to_act(pos_)));
  // A hint, not a value: the strong player's choice, which reads no more than the seat's view.
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<pan::Move> moves = own_moves();
  auto player = batch::make_strong_pan_player();
  Rng rng = deal_rng(0, pos_.plies);
  const pan::Move& best = moves[player->choose(pos_, moves, rng)];
  const nlohmann::json words = protocol_words(pos_, PanGame::offered_as(pos_, best, best.seat));
  if (progress) progress({0, 0, words});
  return {{"solved", false},
          {"basis", "player"},
          {"proved", false},
          {"to_act", pan::to_act(pos_)},
          {"best", words},
          {"player", "strong"},
          {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()},
          {"stopped", false},
          {"reason", fmt::format("not solved: a panguingue deal of {} seats, the stock and {} other hands unseen by "
                                 "the seat to act, is far past an exact search, and its chips are no win-or-lose "
                                 "value; best is the strong player's choice from the seat's view, with no value",
                                 pos_.seats(), pos_.seats() - 1)}};
}

}  // namespace conquian::serve
