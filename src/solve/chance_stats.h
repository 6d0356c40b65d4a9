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
// Decided entries: a tabled position whose own bounds (a certain winner, no seat
// able to win) settle it before any search, and a tabled position searched, with what the
// search and the table then knew: its exact value (`decided`: -1, 0 or +1 exactly, else a
// fraction), or only a bound.
void caught_before_search(std::uint64_t hash);
void searched(std::uint64_t hash, bool exact, bool decided);
// CHANCE_STATS_NO_SHED set: no sure winner two cards from the target (wins_after_one_take),
// for counting the same search before and after that gain in one build.
bool shed_winner_off();
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
inline void caught_before_search(std::uint64_t) {}
inline void searched(std::uint64_t, bool, bool) {}
constexpr bool shed_winner_off() { return false; }
#endif

}  // namespace conquian::solve::chance_stats
