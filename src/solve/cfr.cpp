#include "solve/cfr.h"

#include <algorithm>
#include <limits>
#include <span>

namespace conquian::solve::efg {

std::uint32_t Game::add_infoset(int player, std::uint32_t actions) {
  InfoSet i;
  i.player = static_cast<std::uint8_t>(player);
  i.actions = actions;
  i.offset = strategy_size;
  strategy_size += actions;
  infosets.push_back(i);
  return static_cast<std::uint32_t>(infosets.size() - 1);
}

std::uint32_t Game::add_children(std::uint32_t parent, std::uint32_t n) {
  const auto first = static_cast<std::uint32_t>(nodes.size());
  const std::uint32_t depth = nodes[parent].depth + 1;
  nodes.resize(nodes.size() + n);
  for (std::uint32_t i = 0; i < n; ++i) nodes[first + i].depth = depth;
  nodes[parent].first = first;
  nodes[parent].children = n;
  return first;
}

Profile uniform_profile(const Game& g) {
  Profile p(g.strategy_size);
  for (const InfoSet& i : g.infosets)
    for (std::uint32_t a = 0; a < i.actions; ++a) p[i.offset + a] = 1.0 / i.actions;
  return p;
}

namespace {

// Player `p`'s best-response values at every node against `profile`, and the value of each
// of p's actions at each of p's information sets (weighted by the others' reach, summed).
struct BestResponder {
  const Game& g;
  const Profile& profile;
  int p;
  std::vector<double> reach;   // chance and opponent reach of each node
  std::vector<double> value;   // p's best-response value of each node
  std::vector<double> action;  // per information set action: sum over h of reach(h) * value(h.a)
  std::vector<double> weight;  // per information set: sum over h of reach(h)

  BestResponder(const Game& game, const Profile& prof, int player)
      : g(game),
        profile(prof),
        p(player),
        reach(game.nodes.size(), 0),
        value(game.nodes.size(), 0),
        action(game.strategy_size, 0),
        weight(game.infosets.size(), 0) {
    // Reach: parents come before their children in the node vector.
    reach[0] = 1;
    for (std::uint32_t h = 0; h < g.nodes.size(); ++h) {
      const Node& n = g.nodes[h];
      for (std::uint32_t a = 0; a < n.children; ++a) {
        double r = reach[h];
        if (n.kind == Node::Chance) r /= n.children;
        else if (n.kind == Node::Decision && n.player != p) r *= profile[g.infosets[n.infoset].offset + a];
        reach[n.first + a] = r;
      }
    }
    // Values, deepest first: every history of an information set lies at one depth, so its
    // children's values are all known when the set chooses.
    // Nodes grouped by depth (a counting sort): level d is order[start[d], start[d + 1]).
    std::uint32_t max_depth = 0;
    for (const Node& n : g.nodes) max_depth = std::max(max_depth, n.depth);
    std::vector<std::uint32_t> start(max_depth + 2, 0), order(g.nodes.size());
    for (const Node& n : g.nodes) ++start[n.depth + 1];
    for (std::uint32_t d = 0; d <= max_depth; ++d) start[d + 1] += start[d];
    {
      std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
      for (std::uint32_t h = 0; h < g.nodes.size(); ++h) order[fill[g.nodes[h].depth]++] = h;
    }
    auto level = [&](std::uint32_t d) {
      return std::span<const std::uint32_t>(order.data() + start[d], start[d + 1] - start[d]);
    };
    std::vector<std::uint32_t> choice(g.infosets.size(), 0);
    for (std::uint32_t d = max_depth + 1; d-- > 0;) {
      for (std::uint32_t h : level(d)) {
        const Node& n = g.nodes[h];
        if (n.kind != Node::Decision || n.player != p) continue;
        const InfoSet& i = g.infosets[n.infoset];
        weight[n.infoset] += reach[h];
        for (std::uint32_t a = 0; a < n.children; ++a) action[i.offset + a] += reach[h] * value[n.first + a];
      }
      for (std::uint32_t h : level(d)) {
        const Node& n = g.nodes[h];
        if (n.kind != Node::Decision || n.player != p) continue;
        const InfoSet& i = g.infosets[n.infoset];
        std::uint32_t best = 0;
        for (std::uint32_t a = 1; a < i.actions; ++a)
          if (action[i.offset + a] > action[i.offset + best]) best = a;
        choice[n.infoset] = best;
      }
      for (std::uint32_t h : level(d)) {
        const Node& n = g.nodes[h];
        switch (n.kind) {
          case Node::Terminal: value[h] = p == 0 ? n.value : -n.value; break;
          case Node::Chance: {
            double s = 0;
            for (std::uint32_t a = 0; a < n.children; ++a) s += value[n.first + a];
            value[h] = s / n.children;
            break;
          }
          case Node::Decision:
            if (n.player == p) {
              value[h] = value[n.first + choice[n.infoset]];
            } else {
              const std::uint32_t off = g.infosets[n.infoset].offset;
              double s = 0;
              for (std::uint32_t a = 0; a < n.children; ++a) s += profile[off + a] * value[n.first + a];
              value[h] = s;
            }
            break;
        }
      }
    }
  }
};

}  // namespace

BestResponse best_responses(const Game& g, const Profile& profile) {
  BestResponse r;
  r.value0 = BestResponder(g, profile, 0).value[0];
  r.value1 = BestResponder(g, profile, 1).value[0];
  return r;
}

std::vector<double> action_values(const Game& g, const Profile& profile, std::uint32_t infoset) {
  const InfoSet& i = g.infosets[infoset];
  BestResponder br(g, profile, i.player);
  std::vector<double> out(i.actions, 0);
  const double w = br.weight[infoset];
  for (std::uint32_t a = 0; a < i.actions; ++a) out[a] = w > 0 ? br.action[i.offset + a] / w : 0;
  return out;
}

Cfr::Cfr(const Game& game)
    : g_(game),
      regret_(game.strategy_size, 0),
      delta_(game.strategy_size, 0),
      sum_(game.strategy_size, 0),
      current_(game.strategy_size, 0),
      free_(game.strategy_size, 0),
      reach_self_(game.nodes.size(), 0),
      reach_other_(game.nodes.size(), 0),
      value_(game.nodes.size(), 0),
      tremble_(game.infosets.size(), 0) {}

void Cfr::tremble(std::uint32_t infoset, double delta) { tremble_[infoset] = delta; }

// Regret matching on the floored regrets; uniform where no regret is positive. free_ is
// the strategy regret matching chooses, current_ the one played (free_ mixed with the
// tremble: delta + (1 - actions * delta) * free).
void Cfr::current_strategy() {
  for (std::size_t k = 0; k < g_.infosets.size(); ++k) {
    const InfoSet& i = g_.infosets[k];
    double total = 0;
    for (std::uint32_t a = 0; a < i.actions; ++a) total += regret_[i.offset + a];
    const double d = tremble_[k];
    for (std::uint32_t a = 0; a < i.actions; ++a) {
      double f = total > 0 ? regret_[i.offset + a] / total : 1.0 / i.actions;
      free_[i.offset + a] = f;
      current_[i.offset + a] = d > 0 ? d + (1 - i.actions * d) * f : f;
    }
  }
}

// One update of `player`: a forward sweep gives every node's reach (the player's own, and
// chance's times the other player's), a backward sweep its value for the player, and at
// the player's decisions the regret changes (delta_) and the average's increments (sum_).
// Parents precede their children in the node vector, so two linear sweeps do it.
void Cfr::update(int player) {
  const std::size_t n = g_.nodes.size();
  reach_self_[0] = 1;
  reach_other_[0] = 1;
  for (std::size_t h = 0; h < n; ++h) {
    const Node& x = g_.nodes[h];
    if (x.kind == Node::Terminal) continue;
    const double rs = reach_self_[h], ro = reach_other_[h];
    if (x.kind == Node::Chance) {
      const double r = ro / x.children;
      for (std::uint32_t a = 0; a < x.children; ++a) reach_self_[x.first + a] = rs, reach_other_[x.first + a] = r;
      continue;
    }
    const double* sigma = &current_[g_.infosets[x.infoset].offset];
    if (x.player == player)
      for (std::uint32_t a = 0; a < x.children; ++a)
        reach_self_[x.first + a] = rs * sigma[a], reach_other_[x.first + a] = ro;
    else
      for (std::uint32_t a = 0; a < x.children; ++a)
        reach_self_[x.first + a] = rs, reach_other_[x.first + a] = ro * sigma[a];
  }
  const double weight = static_cast<double>(t_);
  for (std::size_t h = n; h-- > 0;) {
    const Node& x = g_.nodes[h];
    const double* child = &value_[x.first];
    switch (x.kind) {
      case Node::Terminal: value_[h] = player == 0 ? x.value : -x.value; continue;
      case Node::Chance: {
        double s = 0;
        for (std::uint32_t a = 0; a < x.children; ++a) s += child[a];
        value_[h] = s / x.children;
        continue;
      }
      case Node::Decision: break;
    }
    const InfoSet& i = g_.infosets[x.infoset];
    const double* sigma = &current_[i.offset];
    double v = 0;
    for (std::uint32_t a = 0; a < x.children; ++a) v += sigma[a] * child[a];
    value_[h] = v;
    if (x.player != player) continue;
    // The regret of the free part of the strategy (the tremble is not the player's choice).
    double baseline = v;
    if (tremble_[x.infoset] > 0) {
      baseline = 0;
      for (std::uint32_t a = 0; a < x.children; ++a) baseline += free_[i.offset + a] * child[a];
    }
    const double ro = reach_other_[h], rs = weight * reach_self_[h];
    for (std::uint32_t a = 0; a < x.children; ++a) {
      delta_[i.offset + a] += ro * (child[a] - baseline);
      sum_[i.offset + a] += rs * sigma[a];
    }
  }
}

void Cfr::iterate(int n) {
  for (int k = 0; k < n; ++k) {
    ++t_;
    for (int player = 0; player < 2; ++player) {
      current_strategy();
      std::fill(delta_.begin(), delta_.end(), 0.0);
      update(player);
      for (const InfoSet& i : g_.infosets)
        if (i.player == player)
          for (std::uint32_t a = 0; a < i.actions; ++a)
            regret_[i.offset + a] = std::max(0.0, regret_[i.offset + a] + delta_[i.offset + a]);
    }
  }
}

Profile Cfr::average() const {
  Profile p(g_.strategy_size);
  for (const InfoSet& i : g_.infosets) {
    double total = 0;
    for (std::uint32_t a = 0; a < i.actions; ++a) total += sum_[i.offset + a];
    for (std::uint32_t a = 0; a < i.actions; ++a)
      p[i.offset + a] = total > 0 ? sum_[i.offset + a] / total : 1.0 / i.actions;
  }
  return p;
}

double Cfr::solve(double target, int max_iterations, int check_every) {
  double e = std::numeric_limits<double>::infinity();
  while (t_ < max_iterations) {
    iterate(std::min(check_every, max_iterations - t_));
    e = best_responses(g_, average()).exploitability();
    if (e <= target) break;
  }
  return e;
}

}  // namespace conquian::solve::efg
