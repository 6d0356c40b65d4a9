// A two-seat Conquian position as an extensive-form game (solve/cfr.h), to value a seat's
// moves without strategy fusion.
//
// The game model (specs/solve.md, "One seat's view"):
// - The root is a chance node that deals the cards hidden from the public (both hands and
//   the stock) uniformly among the deals consistent with what is public: the tables, the
//   dead and face-up cards, the size of each hand (Deal::Public). Each seat then sees its
//   own hand; every later move is public, and each card turned from the stock is a chance
//   event over the stock of that deal. A seat's information set is the public history with
//   its own hand. The seat's real hand picks its information set at the root, and its moves
//   are valued there against the other seat's strategy. This is the game in which the other
//   seat does not know the seat's hand either, as at a real table; the uniform deal is the
//   same assumption PIMC makes (no model of how the past play shaped the hands).
// - Deal::Seat deals only the worlds of the seat's view (its own hand fixed): the other seat
//   then knows both hands, as PIMC assumes. Used for EPIMC below.
// - `horizon` (EPIMC, Arjonilla, Saffidine and Cazenave 2024): after that many decisions a
//   position is not searched further but valued with both hands known, by exact expectimax
//   with the stock as chance (ChanceSolver), as PIMC values the position after the seat's
//   move. Horizon 1 with Deal::Seat is PIMC itself; a longer horizon postpones the
//   perfect-information evaluation and so fuses less. Horizon 0: play to the end.
//
// The tree leaves out what needs no strategy: a seat with one legal move makes it without a
// node (the move stays in the public history), and a subtree where chance alone acts is one
// terminal of its mean value. `horizon` counts decisions among two or more moves.
//
// Positions in the swap, or after it while a passed card is still hidden in a hand (private
// knowledge of one seat this model does not carry), are refused.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "solve/cfr.h"

namespace conquian::solve {

class ChanceSolver;

enum class DealModel { Public, Seat };

struct EndgameOptions {
  DealModel deal = DealModel::Public;
  int horizon = 0;                      // decisions before perfect-information leaves (0: none)
  std::uint64_t max_nodes = 4'000'000;  // the game tree's size limit
};

struct EndgameGame {
  efg::Game game;
  std::uint64_t deals = 0;         // children of the root
  std::uint32_t root_infoset = 0;  // the seat's information set at its real hand
  std::vector<Move> actions;       // its moves there, in action order (a blind turn: card kNoCard)
  // The seat's information sets right after the deal (one per hand it may hold): where a
  // tremble (Cfr::tremble) makes every first move's value a value against a reply.
  std::vector<std::uint32_t> seat_root_infosets;
  std::uint64_t leaves = 0;  // positions valued by expectimax at the horizon
};

// Whether two moves are the same as every seat sees them (kind, seat, cards, table after).
bool same_public_move(const Move& a, const Move& b);

// Why the position cannot be modelled ("" when it can).
std::string why_not_endgame(const Position& full, int seat);

// The game of `full` (every card known; the real hands) for `seat`, which must be to act.
// nullopt when the tree grows past options.max_nodes or a leaf's expectimax past the
// budget of `leaf_solver`.
std::optional<EndgameGame> build_endgame(const Position& full, int seat, const EndgameOptions& options,
                                         ChanceSolver& leaf_solver);

}  // namespace conquian::solve
