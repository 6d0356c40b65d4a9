#include "serve/pan_session.h"

#include <fmt/format.h>

#include <chrono>

#include "batch/pan_players.h"

#include "batch/pan_simulate.h"
#include "pan/world.h"
#include "serve/deal_words.h"
#include "serve/pan_state_json.h"

namespace conquian::serve {

PanSession PanSession::from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int seats, int dealer) {
  Rng rng = deal_rng(seed, 0);
  const std::vector<Card> order = batch::shuffled_pack(*rules, rng);
  return from_order(std::move(rules), seats, order, dealer);
}

PanSession PanSession::from_order(std::shared_ptr<const Ruleset> rules, int seats, const std::vector<Card>& order,
                                  int dealer) {
  if (seats < rules->seats_min || seats > rules->seats)
    throw SessionError("bad-field", fmt::format("'seats' {}: ruleset {} seats {} to {}", seats, rules->name,
                                                rules->seats_min, rules->seats));
  if (dealer < 0 || dealer >= seats)
    throw SessionError("bad-field", fmt::format("'dealer' {}: there is no such seat in a {}-seat game", dealer, seats));
  PanSession s;
  s.rules_ = std::move(rules);
  s.pos_ = pan::deal(*s.rules_, seats, order, dealer);
  s.record_.emplace();
  to_record_deal(*s.rules_, seats, order, dealer, *s.record_);
  name_ruleset(*s.rules_, *s.record_);
  return s;
}

PanSession PanSession::from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal) {
  record::GameRecord rec = deal_record(*rules, deal);
  PanDealOrFault d = start_pan_from_record(rec, *rules);
  if (!d.fault.ok()) throw SessionError("bad-deal", "deal: " + fault_text(d.fault));
  PanSession s;
  s.rules_ = std::move(rules);
  s.pos_ = d.position;
  s.record_ = std::move(rec);
  return s;
}

PanSession PanSession::from_record(record::GameRecord rec, std::size_t after, std::shared_ptr<const Ruleset> rules) {
  PanSession s;
  s.rules_ = rules;
  const std::size_t upto = std::min(after, rec.moves.size());
  const auto r = replay_game<PanGame>(
      rec, *rules, upto, [&](const pan::Position& before, const pan::Move&) { s.history_.push_back(before); });
  if (!r.fault.ok()) {
    if (r.in_deal) throw SessionError("bad-record", "the deal: " + fault_text(r.fault));
    const auto& m = rec.moves[r.moves];
    throw SessionError("bad-record",
                       fmt::format("move {} (line {}): {}", r.moves + 1, m.mark.line, fault_text(r.fault)));
  }
  if (after != static_cast<std::size_t>(-1) && after > rec.moves.size())
    throw SessionError("bad-record", fmt::format("'after' {}: the game has {} moves", after, rec.moves.size()));
  s.pos_ = r.position;
  rec.moves.resize(upto);
  rec.result = {};
  s.record_ = std::move(rec);
  return s;
}

PanSession PanSession::from_world(std::shared_ptr<const Ruleset> rules, const pan::Position& world) {
  PanSession s;
  s.rules_ = std::move(rules);
  s.pos_ = world;
  s.pos_.rules = s.rules_.get();
  return s;
}

void PanSession::forget_stock_order() {
  pos_ = pan::forget_stock(pos_);
  for (pan::Position& p : history_) p = pan::forget_stock(p);
  if (record_) {
    record_->has_stock = false;
    record_->stock.clear();
  }
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
  const std::vector<pan::Move> moves = engine_moves();
  auto player = batch::make_strong_pan_player();
  Rng rng = deal_rng(0, pos_.plies);
  const pan::Move& best = moves[player->choose(pos_, moves, rng)];
  const nlohmann::json words = protocol_words(pos_, best);
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
