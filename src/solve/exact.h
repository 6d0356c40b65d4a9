// Exact probabilities for the search with the stock unknown (specs/solve.md, "Exact values").
//
// Decisions never change the stock, and a turn from an unknown stock of n cards is a uniform
// draw among them, so a position's probability of any outcome, times n!, is an integer:
// a turn's value times n! is the sum of its children's values times (n-1)!. The search works
// on these integers (numerators over n!), so sums, ties and bounds are exact. They are
// 128-bit: n! fits for n <= 33 (34! does not), with room for the sums and windows of one
// chance node (2 x 33! < 2^127).
#pragma once

#include <string>

namespace conquian::solve {

__extension__ typedef __int128 Int128;

// The largest number of unseen cards whose values are exact (kMaxExactUnseen! < 2^126).
inline constexpr int kMaxExactUnseen = 33;

// n! for 0 <= n <= kMaxExactUnseen.
Int128 factorial(int n);

// Decimal digits of a 128-bit integer.
std::string to_string(Int128 x);

// num / den as the nearest double (through long double: both may pass 2^64).
double to_double(Int128 num, Int128 den);

// num / den in lowest terms, "p/q" (or "p" when q is 1); den > 0.
std::string fraction(Int128 num, Int128 den);

}  // namespace conquian::solve
