// "strong", Panguingue's: decides from its seat's view only (its hand, every table, the dead
// cards, the face-up card and how many cards each hand and the stock hold; never another hand
// or the stock's order), by playing sampled worlds out.
//
// Greedy's rules of thumb (take whatever melds the most, throw the loneliest card) are good
// one move deep but blind to what a move does next: which card the next seat takes, whether a
// table that stays small keeps its outs, when a force costs the forced seat its turn. So at
// each choice it deals the cards it cannot see at random (pan::sample_world_with_stock, many
// times), plays each move it is weighing out to the deal's end with greedy at every seat, and
// keeps the move with the most chips over the worlds (solve/pan_estimate.h, the estimate
// `solve --view` and `analyse` give). Every move is played out on the same worlds, so the
// worlds' luck cancels between the moves and a few of them tell the moves apart.
//
// - Declaring: plays, unless a drop beats playing in the same worlds by a margin. A drop's
//   chips are known (the ante and the forfeit: its playouts all agree), a play's are estimated;
//   only a hand with few cards that have a partner is weighed (a stronger hand always plays).
// - Taking and passing: greedy's few favourite takes (solve/pan_greedy.h, pan_lookahead_moves)
//   and the pass.
// - Forcing: the force and the waive.
#include <algorithm>
#include <cmath>
#include <vector>

#include "batch/pan_players.h"
#include "pan/engine.h"
#include "solve/pan_estimate.h"
#include "solve/pan_greedy.h"

namespace conquian::batch {
namespace {

// Worlds a choice is played out in, greedy's favourite takes weighed, and the standard errors
// by which another move must beat greedy's favourite, as measured in duplicate rings against
// greedy (specs/panguingue.md): fewer worlds or a wider margin gained less, and 32 worlds keep
// a 6-seat deal to about 30 ms of one core.
constexpr std::size_t kWorlds = solve::kPanWorlds;
constexpr std::size_t kTakesWeighed = solve::kPanTakesWeighed;
constexpr double kMargin = 1.5;
// A declaration: a drop weighed only for a hand of at most this many cards with a partner (the
// weaker fifth of ten cards from eight packs), in more worlds than a take (a whole deal is
// played out, whose chips vary the most), and taken only when it beats playing by the margin.
constexpr int kWeighDropAtMost = 7;
constexpr std::size_t kDeclareWorlds = 64;
constexpr double kDeclareMargin = kMargin;

// The move to play of those played out (chips[i][w]: move i's chips in world w): greedy's
// favourite (the first) unless another beats it in the same worlds by more than `z` standard
// errors of the difference. A few worlds of a deal that a going out swings by ten chips are
// noisy, and the best of several noisy means is biased up: without the margin it would trade
// greedy's move for one that only looked better.
std::size_t clearly_better(const std::vector<std::vector<double>>& chips, double z) {
  std::size_t best = 0;
  double best_margin = 0;
  const double n = static_cast<double>(chips[0].size());
  for (std::size_t i = 1; i < chips.size(); ++i) {
    double mean = 0, var = 0;
    for (std::size_t w = 0; w < chips[i].size(); ++w) mean += chips[i][w] - chips[0][w];
    mean /= n;
    for (std::size_t w = 0; w < chips[i].size(); ++w) {
      const double d = chips[i][w] - chips[0][w] - mean;
      var += d * d;
    }
    const double se = std::sqrt(var / std::max(1.0, n - 1) / n);
    const double margin = mean - z * se;
    if (margin > best_margin) best = i, best_margin = margin;
  }
  return best;
}

class StrongPanPlayer : public PanPlayer {
 public:
  const char* name() const override { return "strong"; }

  std::size_t choose(const pan::Position& p, const std::vector<pan::Move>& legal, Rng& rng) override {
    if (legal.size() <= 1) return 0;
    const int seat = pan::to_act(p);
    if (p.phase == pan::Phase::Declare) return declare(p, seat, legal, rng);
    const std::vector<std::size_t> moves = solve::pan_lookahead_moves(p, seat, legal, kTakesWeighed);
    if (moves.size() == 1) return moves[0];
    std::vector<pan::Move> weighed;
    for (std::size_t i : moves) weighed.push_back(legal[i]);
    solve::PanEstimateOptions how;
    how.worlds = kWorlds;
    const solve::PanEstimate e = solve::estimate_pan_moves(p, seat, weighed, how, rng);
    const std::vector<std::vector<double>>& chips = e.chips;
    return moves[clearly_better(chips, kMargin)];
  }

 private:
  // Play, or drop when that is clearly better (chips[0]: playing's, chips[1]: dropping's).
  static std::size_t declare(const pan::Position& p, int seat, const std::vector<pan::Move>& legal, Rng& rng) {
    std::size_t play = legal.size(), drop = legal.size();
    for (std::size_t i = 0; i < legal.size(); ++i) {
      if (legal[i].kind == pan::MoveKind::Play) play = i;
      if (legal[i].kind == pan::MoveKind::Drop) drop = i;
    }
    if (play == legal.size()) return solve::greedy_pan_choice(p, legal);
    if (drop == legal.size() || solve::pan_paired_cards(p, seat) > kWeighDropAtMost) return play;
    // Worlds of its own (the caller's generator copied, then stirred), so that the worlds of
    // the choices after a declaration are the ones they would be had it played at once.
    Rng copy = rng;
    Rng own(copy.next() ^ 0x6465636c617265ULL);
    solve::PanEstimateOptions how;
    how.worlds = kDeclareWorlds;
    const solve::PanEstimate e = solve::estimate_pan_moves(p, seat, {legal[play], legal[drop]}, how, own);
    return clearly_better(e.chips, kDeclareMargin) == 1 ? drop : play;
  }
};

}  // namespace

std::unique_ptr<PanPlayer> make_strong_pan_player() { return std::make_unique<StrongPanPlayer>(); }

}  // namespace conquian::batch
