// The statistics build's counters (chance_stats.h); empty without -DCHANCE_STATS_ON.
#include "solve/chance_stats.h"

#ifdef CHANCE_STATS_ON

#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

namespace conquian::solve::chance_stats {
namespace {

// The distinct positions are kept only when CHANCE_STATS is set (they cost memory).
bool wanted() {
  static const bool on = std::getenv("CHANCE_STATS") != nullptr;
  return on;
}

struct Counters {
  std::uint64_t by_phase[8] = {}, tt_cut = 0, chance_nodes = 0, chance_children = 0, chance_searched = 0,
                chance_cut = 0, chance_exact_children = 0, decisions = 0, moves = 0, searched_moves = 0, dup = 0;
  std::unordered_set<std::uint64_t> distinct_chance, distinct_all, by_n[34];
  // Tabled positions by what is known of them at the last visit that searched them: 1 a
  // bound, 2 an exact fraction, 3 exactly -1, 0 or +1; and those settled before any search.
  std::unordered_map<std::uint64_t, std::uint8_t> searched;
  std::unordered_set<std::uint64_t> caught;
  ~Counters() {
    if (!wanted()) return;
    std::size_t known[4] = {};
    for (const auto& [hash, status] : searched)
      if (!caught.count(hash)) ++known[status];
    const std::size_t decided = caught.size() + known[3], all = caught.size() + known[1] + known[2] + known[3];
    std::fprintf(stderr,
                 "tabled positions %zu: decided (-1, 0 or +1 exactly) %zu (%.1f%%), of which caught before any "
                 "search %zu (%.1f%% of the decided), found by searching %zu; exact fractions %zu, bounds only %zu\n",
                 all, decided, all ? 100.0 * double(decided) / double(all) : 0.0, caught.size(),
                 decided ? 100.0 * double(caught.size()) / double(decided) : 0.0, known[3], known[2], known[1]);
    std::fprintf(stderr, "distinct chance %zu all %zu\n", distinct_chance.size(), distinct_all.size());
    for (int i = 0; i < 34; ++i)
      if (!by_n[i].empty()) std::fprintf(stderr, "  n=%d: %zu\n", i, by_n[i].size());
    for (int i = 0; i < 8; ++i) std::fprintf(stderr, "phase %d: %llu\n", i, (unsigned long long)by_phase[i]);
    std::fprintf(stderr, "tt_cut %llu chance_nodes %llu children %llu searched %llu cut %llu exact_children %llu\n",
                 (unsigned long long)tt_cut, (unsigned long long)chance_nodes, (unsigned long long)chance_children,
                 (unsigned long long)chance_searched, (unsigned long long)chance_cut,
                 (unsigned long long)chance_exact_children);
    std::fprintf(stderr, "decisions %llu moves %llu searched %llu dup-children %llu\n", (unsigned long long)decisions,
                 (unsigned long long)moves, (unsigned long long)searched_moves, (unsigned long long)dup);
  }
} counters;

}  // namespace

void node(int phase, std::uint64_t hash) {
  counters.by_phase[phase]++;
  if (wanted()) counters.distinct_all.insert(hash);
}

void bounds_cut(bool cut) {
  if (cut) counters.tt_cut++;
}

void decision(std::size_t moves) {
  counters.decisions++;
  counters.moves += moves;
}

void move_searched() { counters.searched_moves++; }
void research() { counters.dup++; }

void chance_node(std::uint64_t hash, int stock_left, std::size_t children) {
  counters.chance_nodes++;
  if (wanted()) {
    counters.distinct_chance.insert(hash);
    counters.by_n[stock_left].insert(hash);
  }
  counters.chance_children += children;
}

void chance_cut() { counters.chance_cut++; }
void chance_child_searched() { counters.chance_searched++; }

void chance_child_exact(bool exact) {
  if (exact) counters.chance_exact_children++;
}

bool shed_winner_off() {
  static const bool off = std::getenv("CHANCE_STATS_NO_SHED") != nullptr;
  return off;
}

void caught_before_search(std::uint64_t hash) {
  if (wanted()) counters.caught.insert(hash);
}

void searched(std::uint64_t hash, bool exact, bool decided) {
  if (!wanted()) return;
  const std::uint8_t status = !exact ? 1 : decided ? 3 : 2;
  std::uint8_t& was = counters.searched[hash];
  if (status > was) was = status;
}

}  // namespace conquian::solve::chance_stats

#endif
