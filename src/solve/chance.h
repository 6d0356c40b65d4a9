// Two-seat deals whose stock order nobody knows (every hand known): exact expectimax.
//
// At each turn the card turned is a chance event, every unseen card equally likely (the
// engine's legal_moves() lists one Turn per unseen card); every other decision is a seat's,
// seat 0 maximising its expected score (+1 a win, 0 a draw, -1 a loss) and seat 1
// minimising it. The result is exact: the expected score, and the probability of each
// outcome when both seats follow the strategy below, as fractions over n! (n = the unseen
// cards; exact.h).
//
// The expected score with best play is unique; how it splits into wins, draws and losses
// depends on which of equally good moves is played. The strategy reported: at each
// decision, the first move of best expected score in legal_moves() order; at a turn, the
// turn unless a lay (meld_timing: turn) is strictly better (specs/solve.md, "Tie-break").
//
// The search (chance_search.h) is alpha-beta with Star1/Star2 at the turns and a table of
// bounds, kept across calls for positions of one ruleset, so that many positions of a deal
// share their common subtrees. One instance per thread: an instance shares nothing.
// Past max_nodes it gives up; sampling stock orders (estimate_by_sampling, sampling.h) then
// gives an estimate. The plain expectimax the tests hold it to is chance_reference.h.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "solve/exact.h"
#include "solve/solver.h"

namespace conquian::solve {

// Probabilities of the three outcomes, under best play (approximations of ExactChances).
struct Chances {
  double win0 = 0, draw = 0, win1 = 0;
  double value() const { return win0 - win1; }  // seat 0's expected score
  // The outcome when its probability is 1 (within 1e-9), plies 0; none while uncertain.
  std::optional<Value> certain() const;
};

// The same, exact: numerators over `denominator` (n!, n the unseen cards of the position).
struct ExactChances {
  Int128 denominator = 1;
  Int128 expected = 0;  // seat 0's expected score times denominator (win0 - win1)
  bool split = false;   // whether win0, draw and win1 were computed
  Int128 win0 = 0, draw = 0, win1 = 0;
  Chances approx() const;  // the probabilities as doubles (all 0 unless split)
};

struct ChanceMoveValue {
  Move move;
  Chances value;       // (unset without outcomes)
  ExactChances exact;  // over the root's denominator
};

struct ChanceResult {
  bool solved = false;  // false: stopped at max_nodes
  Chances value;
  ExactChances exact;
  std::optional<Move> best;            // none when over, or when the next event is chance
  std::vector<Move> line;              // best play up to the next turn of an unknown card
  std::vector<ChanceMoveValue> moves;  // every legal move's value (when asked), best first
  std::uint64_t nodes = 0;             // the search and the outcome pass together
  std::uint64_t outcome_nodes = 0;     // of which the outcome pass (and the line, the moves)
  // Unsolved: bounds on seat 0's expected score times exact.denominator that the part
  // searched proves (ChanceSearch::proved_bounds); solved: both exact.expected.
  Int128 proved_lower = 0, proved_upper = 0;
  double seconds = 0;
};

// What to compute beyond the expected score of the position.
struct ChanceRequest {
  bool all_moves = false;  // the exact value of every legal move (a Turn: each card turned)
  bool outcomes = true;    // the chance of each outcome (off: expected scores only, faster)
  // Unsolved: the table is read this many levels down for the proved bounds, whatever the
  // clock says, so that the bounds do not depend on timing (analyse); 0: as deep as is cheap
  // next to the search's time.
  int bound_depth = 0;
};

class ChanceSolver {
 public:
  // Uses options.max_nodes (per call), table_bits, transposition and ordering; fastest_win
  // does not apply (values are expectations).
  explicit ChanceSolver(Options options = {});
  ~ChanceSolver();
  ChanceSolver(const ChanceSolver&) = delete;
  ChanceSolver& operator=(const ChanceSolver&) = delete;

  // Positions of one ruleset at a time (another ruleset clears the table). At most
  // kMaxExactUnseen unseen cards (why_not_exact()).
  ChanceResult solve(const Position& pos, const ChanceRequest& request);
  ChanceResult solve(const Position& pos, bool all_moves = false) { return solve(pos, ChanceRequest{all_moves, true}); }
  // The value alone; throws BudgetExceeded past max_nodes nodes since reset_nodes().
  Chances value(const Position& pos);
  ExactChances exact_value(const Position& pos, bool outcomes = true);
  // Bounds on `pos`'s expected score for seat 0 (times n!, n its unseen cards) that the
  // table proves, read `depth` levels down with no search (ChanceSearch::proved_bounds): after
  // a search stopped by its budget, what it proved of the positions it met.
  void proved_bounds(const Position& pos, int depth, Int128& lower, Int128& upper);
  void reset_nodes();
  std::uint64_t nodes() const;
  // Called every 65,536 nodes with the nodes searched so far in this call; returning false
  // stops the search as max_nodes does (for a progress line, or a time limit).
  void on_progress(std::function<bool(std::uint64_t)> f);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Why the exact search cannot take `pos` ("" when it can): more unseen cards than exact
// values hold (kMaxExactUnseen).
std::string why_not_exact(const Position& pos);

}  // namespace conquian::solve
