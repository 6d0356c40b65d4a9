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
#include "pan/position.h"
#include "replay/game_of.h"
#include "rules/ruleset.h"

namespace conquian::batch {

// What the report needs of one deal under one ruleset. Only 32-bit fields, no padding,
// so that MPI can gather it as plain integers. The last fields are Panguingue's settlement
// (zero under Conquian, whose deal pays no chips).
struct DealSummary {
  std::int32_t winner = -2;  // seat; -1 drawn; -2 unfinished
  std::int32_t dealer = 0;
  std::int32_t moves = 0;   // record moves
  std::int32_t turned = 0;  // cards turned from the stock
  std::int32_t forces = 0, decline_forces = 0, offer_forces = 0, hits = 0;
  std::int32_t forced_won = 0, forcer_won = 0, forced_drawn = 0;
  std::int32_t loser_points = 0;
  std::int32_t seats = 0;                   // seats dealt in
  std::int32_t dropped = 0;                 // bit s: seat s dropped (Panguingue)
  std::int32_t pot = 0;                     // chips left in the pot (Panguingue)
  std::int32_t went_out = 0;                // 1: a seat went out (Panguingue)
  std::int32_t conditions = 0;              // chips paid for conditions (Panguingue)
  std::int32_t pot_taken = 0;               // the pot the winner took (Panguingue)
  std::int32_t chips[pan::kMaxSeats] = {};  // each seat's net chips (Panguingue)
};
inline constexpr int kDealSummaryInts = 18 + pan::kMaxSeats;
static_assert(sizeof(DealSummary) == kDealSummaryInts * sizeof(std::int32_t));

struct DiffPlan {
  std::vector<std::shared_ptr<const Ruleset>> rules;
  std::uint64_t deals = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> players;  // per seat, round robin; empty: greedy everywhere
  int pan_seats = 0;                 // Panguingue: the seats dealt in (0: each ruleset's default)
  // The largest deck among the rulesets: every deal shuffles this many positions.
  int max_deck() const;
  const std::string& player_of(int seat) const;
  // The seats a deal of `rules` is played at.
  int seats_of(const Ruleset& rules) const;
  // Whether the rulesets' game settles in chips (a plan's rulesets all play one game).
  bool pan() const { return !rules.empty() && game_facts(*rules.front()).settles_in_chips; }
};

// The deck order of a deck of `size` cards from a shuffle of `max_size` positions (the
// largest deck compared): the positions below `size`, in shuffled order. Equal sizes get
// the very shuffle `conquian simulate` uses for the same seed and deal.
std::vector<Card> mapped_deck(std::span<const Card> shuffled_max, int size);

// Panguingue's packs compared: the union of the packs (each card as often as the most any
// ruleset holds it), shuffled, and each ruleset's pack order from it: every card's first
// copies, as many as its pack holds, where they stand. So 5 packs are the 8 packs' order with
// the later three packs' cards taken out, and the 310-card pack the 320's with the stripped
// spades taken out; a plan of one pack size gets the very shuffle `conquian simulate` uses.
CardCounts union_pack(std::span<const std::shared_ptr<const Ruleset>> rules);
std::vector<Card> pack_order(std::span<const Card> shuffled_union, const CardCounts& pack);

// results[r][i - first]: deal i under ruleset r.
using DealTable = std::vector<std::vector<DealSummary>>;

// Plays deals [first, last) under every ruleset of the plan on `threads` threads;
// `progress` (may be empty) is called on the calling thread with the deals done since
// its last call.
DealTable play_deals(const DiffPlan& plan, std::uint64_t first, std::uint64_t last, int threads,
                     const std::function<void(std::uint64_t)>& progress);

}  // namespace conquian::batch
