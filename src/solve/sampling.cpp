// Estimates by sampling stock orders (sampling.h).
#include <algorithm>
#include <chrono>
#include <cmath>

#include "base/rng.h"
#include "solve/pimc.h"
#include "solve/sampling.h"

namespace conquian::solve {

SampleEstimate estimate_by_sampling(const Position& pos, int samples, std::uint64_t seed, const Options& options,
                                    const std::function<void(int, int)>& progress) {
  auto t0 = std::chrono::steady_clock::now();
  SampleEstimate est;
  Options o = options;
  o.fastest_win = false;  // only the value counts
  Solver solver(o);
  Rng rng(seed);
  std::vector<Card> unseen;
  for (Card c : pos.unseen()) unseen.push_back(c);
  double sum = 0, sum_sq = 0;
  // Every choice of the seat to act, valued on each order by the solver's `moves`.
  const std::vector<Move> choices = choices_at(pos);
  std::vector<double> move_sum(choices.size(), 0), move_sq(choices.size(), 0);
  int move_samples = 0;
  for (int i = 0; i < samples; ++i) {
    Position p = pos;
    std::vector<Card> order = unseen;
    for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[rng.below(k)]);
    p.stock_known = true;
    p.stock_top = 0;
    p.stock_end = static_cast<std::uint8_t>(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) p.stock[k] = order[k];
    Result r = solver.solve(p, true);
    if (progress) progress(i + 1, samples);
    est.nodes += r.nodes;
    if (!r.solved) {
      ++est.unsolved;
      continue;
    }
    if (r.moves.size() == choices.size()) {
      ++move_samples;
      for (const MoveValue& mv : r.moves) {
        const std::size_t k = static_cast<std::size_t>(
            std::find_if(choices.begin(), choices.end(), [&](const Move& c) { return is_choice(c, mv.move); }) -
            choices.begin());
        if (k == choices.size()) continue;  // not reached: the same moves on every order
        const double x = mv.value.kind == Outcome::Kind::Draw ? 0 : mv.value.winner == 0 ? 1 : -1;
        move_sum[k] += x, move_sq[k] += x * x;
      }
    }
    int v = r.value.kind == Outcome::Kind::Draw ? 0 : r.value.winner == 0 ? 1 : -1;
    (v > 0 ? est.wins0 : v < 0 ? est.wins1 : est.draws)++;
    sum += v;
    sum_sq += v * v;
    ++est.samples;
  }
  if (est.samples > 0) {
    double n = est.samples;
    est.mean = sum / n;
    double var = est.samples > 1 ? std::max(0.0, (sum_sq - n * est.mean * est.mean) / (n - 1)) : 0;
    est.half_width = 1.96 * std::sqrt(var / n);
  }
  for (std::size_t k = 0; k < choices.size(); ++k) {
    SampledMove m{choices[k], 0, 1};
    if (move_samples > 0) {
      const double n = move_samples;
      m.mean = move_sum[k] / n;
      const double var = move_samples > 1 ? std::max(0.0, (move_sq[k] - n * m.mean * m.mean) / (n - 1)) : 1;
      m.half_width = 1.96 * std::sqrt(var / n);
    }
    est.moves.push_back(m);
  }
  est.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return est;
}

}  // namespace conquian::solve
