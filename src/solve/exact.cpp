#include "solve/exact.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace conquian::solve {
namespace {

constexpr std::array<Int128, kMaxExactUnseen + 1> make_factorials() {
  std::array<Int128, kMaxExactUnseen + 1> f{};
  f[0] = 1;
  for (int n = 1; n <= kMaxExactUnseen; ++n) f[static_cast<std::size_t>(n)] = f[static_cast<std::size_t>(n - 1)] * n;
  return f;
}

constexpr auto kFactorials = make_factorials();

Int128 abs_of(Int128 x) { return x < 0 ? -x : x; }

Int128 gcd_of(Int128 a, Int128 b) {
  a = abs_of(a), b = abs_of(b);
  while (b != 0) {
    Int128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

}  // namespace

Int128 factorial(int n) {
  assert(n >= 0 && n <= kMaxExactUnseen);
  return kFactorials[static_cast<std::size_t>(n)];
}

std::string to_string(Int128 x) {
  if (x == 0) return "0";
  const bool negative = x < 0;
  std::string digits;
  for (Int128 r = abs_of(x); r > 0; r /= 10) digits += static_cast<char>('0' + static_cast<int>(r % 10));
  if (negative) digits += '-';
  std::reverse(digits.begin(), digits.end());
  return digits;
}

double to_double(Int128 num, Int128 den) {
  return static_cast<double>(static_cast<long double>(num) / static_cast<long double>(den));
}

std::string fraction(Int128 num, Int128 den) {
  Int128 g = gcd_of(num, den);
  if (g == 0) g = 1;
  num /= g, den /= g;
  return den == 1 ? to_string(num) : to_string(num) + "/" + to_string(den);
}

}  // namespace conquian::solve
