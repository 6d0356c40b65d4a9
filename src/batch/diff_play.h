// Playing the same shuffled decks under several rulesets with the same players: the deal
// half of `conquian diff`. Deal i of seed S is the same under every ruleset and with any
// number of threads or MPI ranks (specs/diff-report.md, "The same decks").
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/rng.h"
#include "rules/ruleset.h"

namespace conquian::batch {

// What the report needs of one deal under one ruleset. Only 32-bit fields, no padding,
// so that MPI can gather it as plain integers.
struct DealSummary {
  std::int32_t winner = -2;  // seat; -1 drawn; -2 unfinished
  std::int32_t dealer = 0;
  std::int32_t moves = 0;   // record moves
  std::int32_t turned = 0;  // cards turned from the stock
  std::int32_t forces = 0, decline_forces = 0, offer_forces = 0, hits = 0;
  std::int32_t forced_won = 0, forcer_won = 0, forced_drawn = 0;
  std::int32_t loser_points = 0;
};
inline constexpr int kDealSummaryInts = 12;
static_assert(sizeof(DealSummary) == kDealSummaryInts * sizeof(std::int32_t));

struct DiffPlan {
  std::vector<std::shared_ptr<const Ruleset>> rules;
  std::uint64_t deals = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> players;  // per seat, round robin; empty: greedy everywhere
  // The largest deck among the rulesets: every deal shuffles this many positions.
  int max_deck() const;
  const std::string& player_of(int seat) const;
};

// The deck order of a deck of `size` cards from a shuffle of `max_size` positions (the
// largest deck compared): the positions below `size`, in shuffled order. Equal sizes get
// the very shuffle `conquian simulate` uses for the same seed and deal.
std::vector<Card> mapped_deck(std::span<const Card> shuffled_max, int size);

// results[r][i - first]: deal i under ruleset r.
using DealTable = std::vector<std::vector<DealSummary>>;

// Plays deals [first, last) under every ruleset of the plan on `threads` threads;
// `progress` (may be empty) is called on the calling thread with the deals done since
// its last call.
DealTable play_deals(const DiffPlan& plan, std::uint64_t first, std::uint64_t last, int threads,
                     const std::function<void(std::uint64_t)>& progress);

}  // namespace conquian::batch
