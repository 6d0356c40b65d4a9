// How big a table the machine affords (specs/solve.md, "The table").
#pragma once

namespace conquian::solve {

// The largest N in [min_bits, max_bits] such that a table of 2^N entries of 64 bytes, with
// the outcome pass's table beside it (a quarter of its entries), takes at most half of the
// memory the system reports available (MemAvailable in /proc/meminfo); min_bits when that
// cannot be read. A table grows to it only as a search fills it, so the bound costs a small
// search nothing.
int affordable_table_bits(int min_bits, int max_bits);

// The table of a search with the stock unknown unless told (solve, the bench): 2^22 to
// 2^25 entries, 256 MiB to 2 GiB (measured, specs/solve.md "The table").
inline int default_chance_table_bits() { return affordable_table_bits(22, 25); }

}  // namespace conquian::solve
