// Counters of the chance search (chance_search.cpp), for measuring how much it searches and
// what cuts it: compiled in only with -DCHANCE_STATS_ON, and printed on standard error at
// exit when CHANCE_STATS is set in the environment (specs/solve.md counts positions with
// them). In the ordinary build every call below is an empty inline function, so the search
// pays nothing. The counters are plain globals: read them from one-thread searches.
#pragma once

#include <cstddef>
#include <cstdint>

namespace conquian::solve::chance_stats {

#ifdef CHANCE_STATS_ON
void node(int phase, std::uint64_t hash);  // a position searched, in its phase
void bounds_cut(bool cut);                 // the table's bounds (and the position's own) settled it
void decision(std::size_t moves);          // a seat's decision, with its moves
void move_searched();                      // one of them searched
void research();                           // a null-window search that had to be searched again
void chance_node(std::uint64_t hash, int stock_left, std::size_t children);  // a turn, its classes of draws
void chance_cut();                                                           // the turn's bounds cut its last draws
void chance_child_searched();                                                // a draw reached (maybe known already)
void chance_child_exact(bool exact);                                         // a draw searched, exact now or not
#else
inline void node(int, std::uint64_t) {}
inline void bounds_cut(bool) {}
inline void decision(std::size_t) {}
inline void move_searched() {}
inline void research() {}
inline void chance_node(std::uint64_t, int, std::size_t) {}
inline void chance_cut() {}
inline void chance_child_searched() {}
inline void chance_child_exact(bool) {}
#endif

}  // namespace conquian::solve::chance_stats
