// What `conquian solve` answers for one position (specs/solve.md); the command line, the engine
// protocol's `solve` and the Python module's `solve` turn their options into a Question and
// write the Answer. Which search answers depends on the position: none when the deal is over;
// every card known: the exact value (Solver); the stock order unknown: the exact odds
// (ChanceSolver), or with `samples` an estimate from sampled stock orders.
//
// Every answer to a position that is not over names a best move, however the search ended:
// - `Basis::Exact`: the search finished; the value and the best move are proved.
// - `Basis::Interval`: the search was cut short (time, nodes, a stop) after it had the value of
//   a root move: the best move proved so far (its value is known, and every root move searched
//   before it was proved no better), with the bounds on the position's value that the search
//   proved.
// - `Basis::Estimate`: the search proved no root move's value, or the quick estimate (estimate.h)
//   puts another move's whole 95% interval above the value proved for the best so far: the best
//   by the estimate, each choice with its interval; bounds the search proved are given too.
// With a time budget (`seconds`) the search gets the first half and, when it does not finish,
// the estimate the rest (an answer that is only an estimate then still has one to give, and one
// that proved a best so far gets every move's estimate beside it).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "solve/chance.h"
#include "solve/estimate.h"
#include "solve/pimc.h"
#include "solve/sampling.h"
#include "solve/solver.h"

namespace conquian::solve {

// The default time for the answer on one position (`conquian solve --time`, the Python
// module's `solve`): long enough to solve most positions with a few cards left, short enough
// not to keep a user waiting for the others, which get what was proved and an estimate.
inline constexpr double kDefaultAnswerSeconds = 5;

struct Question {
  Options search;          // search.stop and search.report are honoured; search.deadline is set from `seconds`
  bool all_moves = false;  // also the value of every legal move
  int samples = 0;         // > 0 with the stock unknown: estimate from this many stock orders
  std::uint64_t seed = 1;  // of the samples
  // Called now and then with the work done so far (may be empty): Chance, the nodes searched
  // (against search.max_nodes); Sampled, the stock orders solved (against samples).
  std::function<void(std::uint64_t)> progress;
  // The time for the whole answer, in seconds (0: none; the node budgets alone).
  double seconds = 0;
  // The quick estimate's budgets, when the search does not answer (its stop, deadline and
  // report are the question's; its seed is `seed`).
  EstimateOptions estimate;
};

// A move of a line with the position it is played in (to write the move in words).
struct Step {
  Position before;
  Move move;
};
// The moves of `line` played from `root`, each with the position before it.
std::vector<Step> steps(const Position& root, std::span<const Move> line);

enum class Basis { Exact, Interval, Estimate };
const char* basis_name(Basis basis);  // "exact", "interval", "estimate"

struct Answer {
  enum class Kind { Over, Exact, Chance, Sampled };
  Kind kind = Kind::Over;
  Value over;               // Over: the outcome (plies 0)
  Result exact;             // Exact
  ChanceResult chance;      // Chance
  SampleEstimate estimate;  // Sampled
  std::vector<Step> line;   // Exact, Chance: the principal variation

  // Not over: the seat's best choice (with the stock unknown, turning a card is a blind turn,
  // pimc.h), and what it stands on.
  std::optional<Move> best;
  Basis basis = Basis::Exact;
  // Not solved (Exact, Chance): bounds on seat 0's score that the search proved (-1 and 1:
  // nothing); from the stopped search's table (Chance) or from its best move so far.
  double lower = -1, upper = 1;
  // Not solved: every choice estimated (estimate.h).
  std::optional<PimcResult> choices;
  // Not solved: the search's best move so far and seat 0's score after it, when it had one
  // (`best` unless the estimate beat it: Basis::Estimate).
  std::optional<SearchProgress::Best> best_so_far;
  // Not solved: the time or a stop cut the search short (not its node budget).
  bool interrupted = false;

  // False when the search stopped short of the value (Sampled: no order was solved).
  bool solved() const;
  // Whether anything is proved: solved, a best move so far, or bounds narrower than [-1, 1].
  bool proved() const;
  // Exact, Chance: the best decision is not to force (a waive, which no record writes).
  bool force_declined() const;
};

// `pos` must be over, or solvable (why_unsolvable() empty); `samples` only with an unknown
// stock.
Answer answer(const Position& pos, const Question& question);

// The answer for a seat's view (PIMC, pimc.h): with a time budget the worlds get the first
// half; when none was solved by then (each world's exact search is too big for the time), the
// quick estimate takes the rest. `options.stop`, `deadline` and `report` are honoured.
// The result's moves are never empty (why_not_pimc(view) must be empty).
struct ViewAnswer {
  PimcResult pimc;
  bool quick = false;  // the quick estimate answered (estimate.h), not PIMC with its own budgets
  bool interrupted = false;
};
// The first of the seat's choices at `pos` (choices_at, pimc.h) in the search's own move order
// (move_order.h): the best known before any search, given until a search or an estimate has
// one (the engine's first info line). None when the deal is over.
std::optional<Move> first_choice(const Position& pos);

// `progress(done, total)`: PIMC's, as PimcSolver::solve's.
ViewAnswer answer_view(const SeatView& view, const PimcOptions& options, double seconds,
                       const EstimateOptions& estimate,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace conquian::solve
