#include "batch/pan_players.h"

#include <algorithm>

#include "base/spelling.h"
#include "solve/pan_greedy.h"

namespace conquian::batch {
namespace {

// Greedy's rules of thumb are solve's (solve/pan_greedy.h), the one copy the estimates from a
// seat's view play out with.
class GreedyPanPlayer : public PanPlayer {
 public:
  const char* name() const override { return "greedy"; }
  std::size_t choose(const pan::Position& p, const std::vector<pan::Move>& legal, Rng&) override {
    return solve::greedy_pan_choice(p, legal);
  }
};

}  // namespace

std::unique_ptr<PanPlayer> make_pan_player(const std::string& name) {
  if (name == "random") return std::make_unique<RandomPlayerOf<PanGame>>();
  if (name == "greedy") return std::make_unique<GreedyPanPlayer>();
  if (name == "strong") return make_strong_pan_player();
  return nullptr;
}

const std::vector<std::string>& pan_player_names() {
  static const std::vector<std::string> names = {"random", "greedy", "strong"};
  return names;
}

std::string why_not_pan_players(const std::vector<std::string>& players, const Ruleset& rules,
                                const std::string& option, int seats) {
  const auto& names = pan_player_names();
  // Checked by name, as why_not_players checks a Conquian player's: no player is made.
  for (const auto& p : players)
    if (std::find(names.begin(), names.end(), p) == names.end()) {
      std::string known;
      for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
      const std::string near = did_you_mean(p, names);
      return option + ": unknown panguingue player '" + p + "'" + (near.empty() ? " (" + known + ")" : near);
    }
  const int n = seats > 0 ? seats : rules.seats;
  if (static_cast<int>(players.size()) > n)
    return option + " names " + std::to_string(players.size()) + " players, but the deal seats " + std::to_string(n);
  return "";
}

}  // namespace conquian::batch
