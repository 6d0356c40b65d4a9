// Two-player zero-sum games in extensive form, solved by CFR+ (Tammelin 2014: regret
// matching with regrets floored at zero, alternating updates, the average strategy weighted
// by the iteration number), with the exploitability of a strategy computed exactly by a
// best response of each player.
//
// The game is an explicit tree: chance nodes (every outcome equally likely, which is all
// Conquian needs: a deal among equally likely deals, a card from the stock), decision nodes
// belonging to an information set, and terminals with player 0's payoff. Players have
// perfect recall, and every history of an information set lies at the same depth (true
// when, as here, every move is public and only the deal is private).
#pragma once

#include <cstdint>
#include <vector>

namespace conquian::solve::efg {

struct Node {
  enum Kind : std::uint8_t { Terminal, Chance, Decision };
  Kind kind = Terminal;
  std::uint8_t player = 0;    // Decision
  std::uint32_t infoset = 0;  // Decision
  std::uint32_t first = 0;    // children are nodes[first, first + children)
  std::uint32_t children = 0;
  std::uint32_t depth = 0;  // edges from the root
  double value = 0;         // Terminal: player 0's payoff
};

struct InfoSet {
  std::uint8_t player = 0;
  std::uint32_t actions = 0;
  std::uint32_t offset = 0;  // into a strategy vector: actions entries from here
};

struct Game {
  std::vector<Node> nodes;  // nodes[0] is the root
  std::vector<InfoSet> infosets;
  std::uint32_t strategy_size = 0;  // sum of the actions of every information set

  // Building: a new information set with `actions` actions for `player`.
  std::uint32_t add_infoset(int player, std::uint32_t actions);
  // Reserves `n` consecutive children for nodes[parent] and returns the first index.
  std::uint32_t add_children(std::uint32_t parent, std::uint32_t n);
};

// A strategy profile: for each information set, a probability per action (Game::offset).
using Profile = std::vector<double>;
Profile uniform_profile(const Game& game);

// Best responses against a profile, computed exactly.
struct BestResponse {
  double value0 = 0;  // player 0's payoff best-responding to player 1's strategy
  double value1 = 0;  // player 1's payoff (the negative of player 0's) best-responding to player 0's
  // (value0 + value1) / 2: zero at an equilibrium, and how much, on average, each player
  // gains by deviating from the profile (half of the "NashConv").
  double exploitability() const { return (value0 + value1) / 2; }
};
BestResponse best_responses(const Game& game, const Profile& profile);

// Counterfactual values, for `player`, of each action at `infoset` when the other player
// follows `profile` and `player` best-responds after the action: the mean over the
// histories of the information set, weighted by the chance and opponent reach of each.
std::vector<double> action_values(const Game& game, const Profile& profile, std::uint32_t infoset);

class Cfr {
 public:
  explicit Cfr(const Game& game);
  // Plays every action of `infoset` with probability at least `delta` (a perturbed game, as
  // for a quasi-perfect equilibrium): the other player's strategy after an action that an
  // equilibrium never takes is then still trained against it, so that the value of such an
  // action (action_values) is its value against a reply, not against an arbitrary strategy.
  // Costs at most about 2 * actions * delta of exploitability. Call before iterating.
  void tremble(std::uint32_t infoset, double delta);
  // `n` more iterations (each: player 0's update, then player 1's).
  void iterate(int n);
  int iterations() const { return t_; }
  // The average strategy: what converges to an equilibrium.
  Profile average() const;
  // Iterates until the average's exploitability is at most `target` (checked every
  // `check_every` iterations) or `max_iterations` is reached; returns the exploitability.
  double solve(double target, int max_iterations, int check_every = 50);

 private:
  void update(int player);
  void current_strategy();

  const Game& g_;
  std::vector<double> regret_, delta_, sum_, current_, free_;
  std::vector<double> reach_self_, reach_other_, value_;  // per node
  std::vector<double> tremble_;                           // per information set: the least probability of each action
  int t_ = 0;
};

}  // namespace conquian::solve::efg
