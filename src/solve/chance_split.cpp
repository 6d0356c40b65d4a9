// The threshold split at a turn: a null-window test "is the sum of the
// cards' values at least beta?" given to each card as its own test, instead of Star1's windows.
//
// Star1 gives a card the window outside which the sum falls outside (alpha, beta) whatever its
// siblings are worth. While the siblings' bounds are still the trivial [-(n-1)!, (n-1)!], that
// window is nearly the whole range, so the first cards of every turn are searched exactly and
// a threshold test costs about what the exact value does (specs/solve.md measured 1.98 times).
//
// Here each card c gets an estimate e_c within its proved bounds [l_c, u_c] (from the table:
// the side a test proved, or the middle), and the estimates pick a direction: their weighted
// sum E at least beta, prove the sum >= beta; otherwise prove it <= alpha. Going up, the slack
// S = E - beta is shared among the cards in proportion to their room e_c - l_c (weighted), and
// card c is asked "at least t_c = e_c - its share?"; the t_c sum to at least beta, so every
// card passing proves the turn. A card that passes is spent (its estimate becomes what it
// proved, which leaves the others' shares at least as large); a card that fails lowers its
// estimate to the bound it proved and the split is computed again, the other cards absorbing
// the deficit (or the direction turns). Down is the mirror image. Each test narrows a card's
// proved bounds, so the loop ends; the answer is fail-soft, the sum of the proved bounds.
#include <algorithm>

#include "solve/chance_search.h"

namespace conquian::solve {
namespace {

// A card's estimate from its proved bounds [lower, upper] and those it has with no search
// [none_lower, none_upper]: the side a search proved, or the middle.
Int128 guess_of(Int128 lower, Int128 upper, Int128 none_lower, Int128 none_upper) {
  const bool low_proved = lower > none_lower, high_proved = upper < none_upper;
  if (low_proved && !high_proved) return lower;
  if (high_proved && !low_proved) return upper;
  return lower + (upper - lower) / 2;
}

}  // namespace

Int128 ChanceSearch::chance_split(Frame& f, Int128 alpha, Int128 beta, Int128 unit) {
  std::vector<Child>& children = f.children;
  const std::size_t count = children.size();
  for (Child& c : children) {
    Int128 none_lower = c.lower, none_upper = c.upper;
    if (!c.node.pos.result.over()) c.node.bounds(unit, none_lower, none_upper);
    c.guess = guess_of(c.lower, c.upper, none_lower, none_upper);
  }
  for (;;) {
    Int128 lower_sum = 0, upper_sum = 0, guess_sum = 0;
    for (const Child& c : children) {
      lower_sum += c.weight * c.lower;
      upper_sum += c.weight * c.upper;
      guess_sum += c.weight * c.guess;
    }
    if (lower_sum >= beta) return lower_sum;
    if (upper_sum <= alpha) return upper_sum;
    const bool up = guess_sum >= beta;
    // The slack to share, and the weighted room it is shared over (both > 0 here: going up,
    // guess_sum >= beta > lower_sum; going down, guess_sum <= alpha < upper_sum).
    const Int128 slack = up ? guess_sum - beta : alpha - guess_sum;
    const Int128 room = up ? guess_sum - lower_sum : upper_sum - guess_sum;
    Child* next = nullptr;
    Int128 t = 0;
    for (std::size_t k = 0; k < count && !next; ++k) {
      Child& c = children[reverse_ ? count - 1 - k : k];
      const Int128 r = up ? c.guess - c.lower : c.upper - c.guess;
      const Int128 share = slack * r / room;  // the weighted shares sum to at most the slack
      t = up ? c.guess - share : c.guess + share;
      if (up ? c.lower < t : c.upper > t) next = &c;
    }
    // Some card must be tested: the thresholds sum past what the bounds prove (above).
    Child& c = *next;
    if (up) {
      const Int128 v = search_node(c.node, t - 1, t);
      if (v >= t) c.lower = std::max(c.lower, v), c.guess = c.lower;  // spent
      else c.upper = std::min(c.upper, v), c.guess = c.upper;
    } else {
      const Int128 v = search_node(c.node, t, t + 1);
      if (v <= t) c.upper = std::min(c.upper, v), c.guess = c.upper;  // spent
      else c.lower = std::max(c.lower, v), c.guess = c.lower;
    }
    c.guess = std::clamp(c.guess, c.lower, c.upper);
  }
}

}  // namespace conquian::solve
