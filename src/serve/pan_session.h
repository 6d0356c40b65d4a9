// A Panguingue game that another program plays move by move: the session of serve/session.h
// for Pan (serve/session_of.h does the part every game shares), made from a ruleset, a seat
// count and a seed, a deal, or a record cut after N moves. Its state and views are Pan's
// (serve/pan_state_json.h). It has no solver (a deal of several seats and 300 unseen cards is
// far past an exact search): solve() answers with the strong Pan player's choice from the
// seat's view, said to be no more than that (basis "player", nothing proved).
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "pan/game.h"
#include "serve/session_of.h"

namespace conquian::serve {

class PanSession final : public SessionOf<PanGame> {
 public:
  // The pack shuffled from `seed` as `conquian simulate` deals game 0 of that seed, dealt to
  // `seats` seats by `dealer`.
  static PanSession from_seed(std::shared_ptr<const Ruleset> rules, std::uint64_t seed, int seats, int dealer);
  // The pack in `order` (top first) dealt to `seats` seats by `dealer` (the referee's deals).
  static PanSession from_order(std::shared_ptr<const Ruleset> rules, int seats, const std::vector<Card>& order,
                               int dealer);
  // A deal as records write it ({"dealer", "hands", "stock"}: as many hands as seats sit).
  static PanSession from_deal(std::shared_ptr<const Ruleset> rules, const nlohmann::json& deal);
  // A record `rec` after its first `after` moves (all: GameSession::kAllMoves).
  static PanSession from_record(record::GameRecord rec, std::size_t after, std::shared_ptr<const Ruleset> rules);

  // A whole position as it stands (a world drawn from a seat's knowledge: pan/world.h); no record.
  static PanSession from_world(std::shared_ptr<const Ruleset> rules, const pan::Position& world);

  std::unique_ptr<Session> clone() const override { return std::make_unique<PanSession>(*this); }

  nlohmann::json state() const override;
  void append_state_json(std::string& out) const override;
  nlohmann::json view(int seat) const override;
  nlohmann::json solve(const SolveRequest& request, std::atomic<bool>& stop,
                       const std::function<void(const SolveProgress&)>& progress = {}) const override;

 private:
  PanSession() = default;
};

template <>
struct SessionType<PanGame> {
  using type = PanSession;
};

}  // namespace conquian::serve
