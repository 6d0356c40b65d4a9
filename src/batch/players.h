// Built-in players. Each sees only what its seat may see: its own hand, every table, the
// dead cards, the face-up card (and, with the swap, the card it passed). None looks at
// another hand or at the stock order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/rng.h"
#include "engine/engine.h"
#include "engine/game.h"

namespace conquian::batch {

// A player of game G (turn/game.h): Conquian's players below, Panguingue's in
// batch/pan_players.h.
template <class G>
class PlayerOf {
 public:
  virtual ~PlayerOf() = default;
  virtual const char* name() const = 0;
  // Picks one of `legal` (never empty) for the seat to act.
  virtual std::size_t choose(const typename G::Position& pos, const std::vector<typename G::Move>& legal, Rng& rng) = 0;
};

// "random" of any game: any legal move, uniformly.
template <class G>
class RandomPlayerOf : public PlayerOf<G> {
 public:
  const char* name() const override { return "random"; }
  std::size_t choose(const typename G::Position&, const std::vector<typename G::Move>& legal, Rng& rng) override {
    return rng.below(legal.size());
  }
};

using Player = PlayerOf<ConquianGame>;

// "random": any legal move, uniformly.
std::unique_ptr<Player> make_random_player();
// "greedy": takes what melds the most, throws what fits least, declines a card whose take
// would break its hand or feed the opponent, forces when it hurts (players.cpp says how).
std::unique_ptr<Player> make_greedy_player();
// "strong": plays from its seat's view (engine/seat_view.h) by PIMC over a few worlds,
// each solved by expectimax within a node budget, else on one sampled stock order, else
// as "greedy" (strong_player.cpp); two seats.
std::unique_ptr<Player> make_strong_player();
// "strong-pi": samples the other hand and the stock order together and solves each with
// every card known, else plays as "greedy" (strong_pi_player.cpp); the "strong" before the
// seat's view.
std::unique_ptr<Player> make_strong_pi_player();
// By name ("random", "greedy", "strong", "strong-pi"); nullptr for an unknown name.
std::unique_ptr<Player> make_player(const std::string& name);
const std::vector<std::string>& player_names();
// Why `players` (one name per seat, round robin) cannot play under `rules` ("" when they can),
// the sentence starting with `option` ("--players"): an unknown player (with the nearest
// name), more names than seats, or "strong" where it cannot play (more than two seats: it
// would silently play as greedy, strong_player.cpp).
// A panguingue ruleset asks batch/pan_players.h's names, at `seats` (0: its default seats).
std::string why_not_players(const std::vector<std::string>& players, const Ruleset& rules, const std::string& option,
                            int seats = 0);

}  // namespace conquian::batch
