// The value of a two-seat deal with best play by both seats, every card known.
//
// A two-seat deal is zero-sum: seat 0 maximises (+1 a win, 0 a draw, -1 a loss), seat 1
// minimises. Scores carry the distance to the end, so that among wins the shortest is
// preferred, and among losses the longest ("fastest win"); the principal variation is then
// the shortest forced win. Three, four seats: refused (no single minimax value: a third seat
// may help either of the others, and coalitions are not part of the rules).
//
// Search: alpha-beta over engine moves (legal_moves / apply / outcome; no rule is written
// here), a transposition table keyed by Position::hash() and verified against an exact key
// (solve/transposition.h), move ordering (the table's best move, winning takes, takes, then
// the rest). Each may be turned off to measure what it buys.
//
// Force windows: after a seat refuses a card that fits its table, to_act() is the seat that
// may force it; MoveKind::Waive (not forcing) is a search move that records do not write.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace conquian::solve {

// What a search has found so far, for a progress report (`conquian engine`'s info lines):
// the searching thread publishes, any other thread reads.
class SearchProgress {
 public:
  // The best move at the root among those searched so far, and seat 0's score after it
  // (+1 a win, 0 a draw, -1 a loss; with the stock unknown, the expected score). A search
  // (alpha-beta at the root) publishes its first move once its value is known, then each move
  // shown to be better: so the value is that move's exact value, and every move searched
  // before it was proved no better. With the stock unknown, turning a card is a blind turn
  // (is_blind_turn, pimc.h). An estimate (pimc.h) publishes its best choice so far with
  // `proved` false and the mean of its samples.
  struct Best {
    Move move;
    double value = 0;
    bool proved = true;
  };
  void publish_best(const Move& move, double value, bool proved = true) {
    std::lock_guard<std::mutex> lock(mutex_);
    best_ = Best{move, value, proved};
    ++changes_;
  }
  std::optional<Best> best() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return best_;
  }
  // The best a search proved so far (none: nothing yet, or only an estimate).
  std::optional<Best> proved_best() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (best_ && best_->proved) return best_;
    return std::nullopt;
  }
  // How many times a best was published: a watcher tells a new best from the one it saw.
  std::uint64_t changes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return changes_;
  }
  // Nodes searched so far (published every 1,024).
  std::atomic<std::uint64_t> nodes{0};
  // PIMC and the estimate: the worlds finished so far.
  std::atomic<std::uint64_t> worlds{0};

 private:
  mutable std::mutex mutex_;
  std::optional<Best> best_;
  std::uint64_t changes_ = 0;
};

struct Options {
  bool transposition = true;             // the transposition table
  bool ordering = true;                  // move ordering (off: legal_moves order)
  bool fastest_win = true;               // prefer short wins and long losses (off: any win will do)
  std::uint64_t max_nodes = 50'000'000;  // give up past this many nodes (0: no limit)
  int table_bits = 20;                   // 2^bits entries of 64 bytes (20: 64 MiB)
  // The search with the stock unknown (chance.h): threads sharing one table for a
  // position's value (1: this thread alone). max_nodes is then shared out among them.
  int threads = 1;
  // ... of which the first solo_nodes are searched by one thread alone (chance.cpp).
  std::uint64_t solo_nodes = 100'000;
  // When set, the search gives up (as past max_nodes) soon after *stop turns true: checked
  // where max_nodes is, every 1,024 nodes (`conquian engine`'s stop).
  const std::atomic<bool>* stop = nullptr;
  // The search gives up (as past max_nodes) soon after this time (checked with `stop`, every
  // 1,024 nodes: a clock read costs tens of nanoseconds, the nodes between two reads about
  // a third of a millisecond); max(): no limit (`--time`, the engine's movetime).
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // When set, the search publishes its nodes and its best root move so far there.
  SearchProgress* report = nullptr;

  // Whether *stop is true or the deadline has passed.
  bool interrupted() const {
    return (stop && stop->load(std::memory_order_relaxed)) ||
           (deadline != std::chrono::steady_clock::time_point::max() && std::chrono::steady_clock::now() >= deadline);
  }
};

// A value with best play: who wins (or a draw), and in how many plies (moves, counting
// waives) from the position.
struct Value {
  Outcome::Kind kind = Outcome::Kind::Draw;  // Win or Draw
  int winner = -1;
  int plies = 0;
  bool operator==(const Value&) const = default;
};

// Internal score, seat 0's view: kWinScore - plies for a win of seat 0, the negative for a
// win of seat 1, 0 for a draw (without fastest_win: +-kWinScore and 0).
inline constexpr int kWinScore = 30000;
Value value_of_score(int score);
int score_of_outcome(const Outcome& outcome);

struct MoveValue {
  Move move;
  Value value;
};

struct Result {
  bool solved = false;  // false: stopped at max_nodes (value, best, line unset)
  Value value;
  std::optional<Move> best;      // none when the position is already over
  std::vector<Move> line;        // the principal variation (may hold Waive moves)
  std::vector<MoveValue> moves;  // every legal move's value (when asked), best first
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Why a position cannot be solved ("" when it can): more than two seats, the swap phase
// (a simultaneous hidden choice), an unknown stock (see chance.h).
std::string why_unsolvable(const Position& pos);

class Solver {
 public:
  explicit Solver(Options options = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Solves `pos` (why_unsolvable(pos) must be empty). With `all_moves`, also the exact value
  // of every legal move.
  Result solve(const Position& pos, bool all_moves = false);
  // The exact score of a position (seat 0's view; see kWinScore). Throws BudgetExceeded past
  // max_nodes nodes.
  int score(const Position& pos);
  // The same for a position of the deal the last search was of (the same stock, in the same
  // order: the table's key leaves the stock out), keeping that search's table entries, so
  // that the moves of one decision share what they have in common. max_nodes counts afresh.
  int score_same_deal(const Position& pos);
  // The nodes of the last score(), score_same_deal() or solve(), finished or not.
  std::uint64_t last_nodes() const;

  const Options& options() const { return options_; }

 private:
  struct Impl;
  Options options_;
  Impl* impl_;
};

struct BudgetExceeded {};

// A plain minimax without pruning, table or ordering: the reference the tests compare the
// solver with (seat 0's view: +1, 0, -1).
int plain_minimax(const Position& pos, std::uint64_t* nodes = nullptr);
// The same with distances: the score Solver::score() gives with fastest_win.
int plain_minimax_score(const Position& pos, std::uint64_t* nodes = nullptr);

}  // namespace conquian::solve
