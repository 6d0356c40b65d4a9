// Which game a ruleset plays: the one place that names every game of the family. Every front
// end asks it (visit_game, for code written once as a template over the game; game_facts, for
// what a front end may ask without the game's types) instead of testing the ruleset's `game`
// itself, so that a third game is added here, in its engine folder and in its game type
// (turn/game.h), and nowhere else.
#pragma once

#include <string>
#include <utility>

#include "engine/game.h"
#include "pan/game.h"
#include "rules/ruleset.h"

namespace conquian {

// Stands for game G in a call of visit_game's function: `using G = typename decltype(tag)::Game`.
template <GameInterface G>
struct GameTag {
  using Game = G;
};

// f(GameTag<G>{}) for the game `rules` plays; every branch returns the same type.
template <class F>
decltype(auto) visit_game(const Ruleset& rules, F&& f) {
  switch (rules.game) {
    case Game::Panguingue: return std::forward<F>(f)(GameTag<PanGame>{});
    case Game::Conquian: break;
  }
  return std::forward<F>(f)(GameTag<ConquianGame>{});
}

// What a front end may ask of a ruleset's game without its types.
struct GameFacts {
  const char* name = "";  // "conquian", "panguingue" (as rulesets write `game:`)
  int default_seats = 0;  // a deal nobody sized
  int min_seats = 0;      // the ruleset's range of seats
  int max_seats = 0;
  int most_seats = 0;             // the most any ruleset of the game may seat (G::kMaxSeats)
  bool solved = false;            // G::kSolved
  bool plays_matches = false;     // G::kPlaysMatches
  bool settles_in_chips = false;  // G::kSettlesInChips
  bool fixed_seats() const { return min_seats == max_seats; }
};

template <GameInterface G>
GameFacts facts_of(const Ruleset& rules) {
  return {G::kName,   G::default_seats(rules), G::min_seats(rules), G::max_seats(rules), G::kMaxSeats,
          G::kSolved, G::kPlaysMatches,        G::kSettlesInChips};
}

inline GameFacts game_facts(const Ruleset& rules) {
  return visit_game(rules, [&](auto tag) { return facts_of<typename decltype(tag)::Game>(rules); });
}

}  // namespace conquian
