// Every deal of a small two-seat ruleset, solved exactly with the stock as chance
// (chance.h): the probability that each seat wins, or that the deal is drawn, when both
// seats see both hands and play their best and the stock is shuffled fairly.
//
// The deals are every pair of hands (each equally likely under a fair shuffle), with a fixed
// dealer. Deals that are the same up to renaming the suits, or reversing the ranks (both map
// melds to melds when nothing is wild), have the same value and are solved once. One table
// of solved positions is shared by all deals, since positions after a few turns recur.
// Solving every stock order as well (each known to both seats) would multiply the work by
// (stock size)!, 362880 for the tiny ruleset: not done.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "solve/chance.h"

namespace conquian::solve {

struct WholeDeckResult {
  bool solved = false;         // false: a deal went past max_nodes
  std::uint64_t deals = 0;     // pairs of hands
  std::uint64_t distinct = 0;  // solved (up to symmetry)
  int first = 0;               // the seat that plays first
  Chances value;               // seat 0's view, averaged over every deal
  ExactChances exact;          // the same, exactly (over deals x n!)
  std::uint64_t nodes = 0;
  double seconds = 0;
  // The same from the view of the seat that plays first.
  double first_wins() const { return first == 0 ? value.win0 : value.win1; }
  double first_loses() const { return first == 0 ? value.win1 : value.win0; }
};

// Why the whole deck of `rules` cannot be solved this way ("" when it can): more than two
// seats, a swap, or more than `max_deals` deals.
std::string why_not_whole_deck(const Ruleset& rules, std::uint64_t max_deals);

// `progress(done, total)` is called now and then (may be empty).
WholeDeckResult solve_whole_deck(const Ruleset& rules, const Options& options, int dealer,
                                 const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace conquian::solve
