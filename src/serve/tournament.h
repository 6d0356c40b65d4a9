// `conquian tournament` (specs/referee.md, "Tournaments"): a duplicate round robin. Every
// pair of players plays the same D deals twice, once each way round (the seats swapped), so
// that the luck of the cards cancels; per player the deals won, drawn and lost, the points
// (1 a win, 1/2 a draw), the duplicate score difference with its 95 % interval, and a
// Bradley-Terry rating on the Elo scale with its 95 % interval.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "batch/stats.h"
#include "serve/referee.h"

namespace conquian::serve {

// One board: a deal played both ways round by players a and b.
struct Board {
  std::uint64_t deal = 0;
  double a_points = 0;  // a's points over the two games (0..2); b has 2 - a_points
  int a_wins = 0, draws = 0, b_wins = 0;
  int a_forfeits = 0, b_forfeits = 0;
};

struct Pairing {
  int a = 0, b = 0;  // indices into the players
  std::vector<Board> boards;
};

struct PlayerStanding {
  std::string name;
  std::uint64_t won = 0, drawn = 0, lost = 0, forfeits = 0;
  double points = 0;
  // Per board, over all its boards: (its points) - (the opponent's points), in -2..2, the
  // mean with its 95 % interval (normal approximation over boards).
  double dup_diff = 0;
  batch::Interval dup_ci;
  // Bradley-Terry on the Elo scale (400 log10 of the strength), the players' mean 0; the
  // interval from a bootstrap over the boards of each pairing.
  double rating = 0;
  batch::Interval rating_ci;
};

// The players' names as a table shows them, told apart: a name given twice or more is numbered
// from its second seat on ("greedy", "greedy 2", "greedy 3"), each in the order given.
std::vector<std::string> distinct_names(const std::vector<std::string>& names);
// The mean of `v` with its 95 % interval (normal approximation); {0, {}} when empty.
std::pair<double, batch::Interval> mean_ci(const std::vector<double>& v);

struct TournamentReport {
  std::string ruleset;
  std::uint64_t deals = 0;  // per pairing (each played twice)
  std::uint64_t seed = 0;
  int move_time_ms = 0;
  std::string command;
  std::vector<std::string> players;
  std::vector<Pairing> pairings;
  std::vector<PlayerStanding> standings;  // in the players' order
  int bootstrap_samples = 0;
};

// Plays the round robin. `progress(games)` is called after each game (may be empty).
TournamentReport play_tournament(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players,
                                 std::uint64_t deals, const std::function<void(std::uint64_t)>& progress);

// The boards of the deals [first, last) of every pairing, in pairing order: one MPI rank's
// share (the deals are dealt from the seed by number, and every player is seeded per deal,
// so a board is the same whichever process plays it). Tells the players to quit at the end.
std::vector<Pairing> play_boards(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players,
                                 std::uint64_t first, std::uint64_t last,
                                 const std::function<void(std::uint64_t)>& progress);

// The report of played pairings: the setup, the players and the standings.
TournamentReport tournament_report(const RefereeSetup& setup, const std::vector<SeatPlayer*>& players,
                                   std::uint64_t deals, std::vector<Pairing> pairings);

// Pairings as bytes for MPI's gather, and back: `append_boards` adds the boards that `bytes`
// holds to the pairings of `into` (which has them all, in the same order), after its own.
std::string boards_bytes(const std::vector<Pairing>& pairings);
void append_boards(std::vector<Pairing>& into, const std::string& bytes);

// The standings of played pairings (exposed for the tests): won/drawn/lost, points, the
// duplicate difference, the ratings with their bootstrap intervals (`samples` resamples,
// from `seed`).
std::vector<PlayerStanding> standings_of(const std::vector<std::string>& players, const std::vector<Pairing>& pairings,
                                         int samples, std::uint64_t seed);

// Bradley-Terry strengths from a matrix of points (wins[i][j]: i's points against j, draws
// as halves), by the MM iteration (Hunter 2004), as Elo-scale ratings with mean 0. A player
// with no points, or all of them, is held within +-1200 of the rest by a prior of one
// drawn game against each opponent.
std::vector<double> bradley_terry(const std::vector<std::vector<double>>& wins);

}  // namespace conquian::serve
