// One seat's view solved by perfect-information Monte Carlo (PIMC): the worlds consistent
// with what the seat saw (engine/seat_view.h), each solved as if both hands were known, and
// every move's results averaged over them.
//
// - Worlds: enumerated when there are at most `max_worlds`, else `samples` drawn uniformly
//   (with replacement). Every world has the same weight: no model of the opponent's past
//   choices (which would make some hidden hands likelier than others) is used.
// - Each world: exact expectimax with the stock as chance (ChanceSolver) within
//   `world_nodes` nodes; past that, `stock_orders` random stock orders, each solved with
//   every card known (Solver, `order_nodes` each), their mean standing for the world. That
//   is the perfect-information value averaged over orders, not the expectimax value (both
//   seats would know the order), and is reported as not exact. Exact search is tried on
//   every world when the first world finishes within the budget, else on none.
// - A total budget (`max_nodes`) leaves out the worlds not begun once it is spent: the
//   result then stands on fewer worlds (`skipped` says how many), which a caller that needs
//   every world (analyse) treats as unsolved.
// - The 95% interval of a move's expected score covers the sampling error only: of the
//   worlds when they were sampled (normal approximation, 1.96 standard errors of the
//   per-world results, which include any stock-order sampling), and of the stock orders when
//   every world was enumerated (the variance of each sampled world's mean; a world with one
//   solved order counts with the largest possible variance, 1). It is [x, x] when every world
//   was enumerated and solved exactly. It does not cover strategy fusion: PIMC lets each
//   world's best play depend on the world, which the seat cannot do (solve/cfr.h measures
//   what that costs on small endgames).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/seat_view.h"
#include "solve/solver.h"

namespace conquian::solve {

struct PimcOptions {
  std::uint64_t max_worlds = 2000;        // enumerate up to this many worlds
  int samples = 200;                      // else sample this many
  std::uint64_t world_nodes = 1'000'000;  // exact expectimax budget per world (0: never exact)
  int stock_orders = 4;                   // orders per world past the budget
  std::uint64_t order_nodes = 2'000'000;  // perfect-information budget per order and move
  unsigned threads = 1;                   // one solver per thread
  std::uint64_t seed = 1;                 // world and order sampling
  int table_bits = 18;                    // per solver
  // All worlds together (0: no limit): once this many nodes are spent, the worlds not yet
  // begun are left out and counted in `skipped` (the overshoot is at most one world per
  // thread). With one thread, which worlds run does not depend on timing.
  std::uint64_t max_nodes = 0;
  // Every world's search gives up soon after *stop turns true (Options::stop): the world
  // being solved is left out as unsolved, the worlds not yet begun as skipped.
  const std::atomic<bool>* stop = nullptr;
  // The same at this time (Options::deadline): max(), none.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // When set, the seat's best choice over the worlds solved so far is published there after
  // each world (by the order of the result: expected score, then wins), and the nodes.
  SearchProgress* report = nullptr;
};

// The seat's decisions: its legal moves, except that turning a card from the unknown stock
// is one decision (a Turn move with card kNoCard), whatever card comes.
std::vector<Move> seat_choices(const SeatView& view);
// The same at any position, for its seat to act (empty when the deal is over).
std::vector<Move> choices_at(const Position& pos);
bool is_blind_turn(const Move& m);
// Whether the seat's choice is the move `m` of the game: the blind turn is any turn from the
// stock; other moves by what every seat sees of them (same_public_move).
bool is_choice(const Move& choice, const Move& m);

struct PimcMove {
  Move move;
  // From the seat's side, averaged over the worlds.
  double win = 0, draw = 0, loss = 0;
  double expected = 0;    // win - loss
  double lo = 0, hi = 0;  // 95% interval of `expected` (see above)
};

struct PimcResult {
  int seat = 0;
  std::uint64_t world_count = 0;  // worlds consistent with the view
  bool enumerated = false;        // every world used once; else sampled
  int worlds = 0;                 // worlds solved (enumerated or sampled, less unsolved)
  int unsolved = 0;               // worlds left out: no stock order solved within the budget
  int skipped = 0;                // worlds left out: `max_nodes` spent before they began
  int exact_worlds = 0;           // worlds solved by exact expectimax
  bool exact = false;             // enumerated and every world exact
  std::vector<PimcMove> moves;    // best first (highest expected, then highest win)
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Why a view cannot be solved this way ("" when it can): more than two seats, the swap,
// the deal over, a seat not to act, or an impossible view (why_impossible).
std::string why_not_pimc(const SeatView& view);

// Keeps its solvers (one per thread, each with its tables) from one view to the next: a
// player asks it at every decision. Positions of one ruleset only.
class PimcSolver {
 public:
  explicit PimcSolver(PimcOptions options = {});
  ~PimcSolver();
  PimcSolver(const PimcSolver&) = delete;
  PimcSolver& operator=(const PimcSolver&) = delete;

  // `progress(done, total)` is called as worlds finish (from any thread, one call at a
  // time). Throws std::invalid_argument when why_not_pimc(view) is not empty.
  PimcResult solve(const SeatView& view, const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});
  // A new seed for the worlds and stock orders sampled from now on.
  void reseed(std::uint64_t seed);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The same with a solver made for the one call.
PimcResult solve_view(const SeatView& view, const PimcOptions& options,
                      const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace conquian::solve
