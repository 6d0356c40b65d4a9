#include "solve/exact.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace conquian::solve {
namespace {

constexpr std::array<Exact, kMaxExactUnseen + 1> make_factorials() {
  std::array<Exact, kMaxExactUnseen + 1> f{};
  f[0] = 1;
  for (int n = 1; n <= kMaxExactUnseen; ++n) f[static_cast<std::size_t>(n)] = f[static_cast<std::size_t>(n - 1)] * n;
  return f;
}

constexpr auto kFactorials = make_factorials();

Exact abs_of(Exact x) { return x < 0 ? -x : x; }

Exact gcd_of(Exact a, Exact b) {
  a = abs_of(a), b = abs_of(b);
  while (b != 0) {
    Exact t = a % b;
    a = b;
    b = t;
  }
  return a;
}

}  // namespace

Exact factorial(int n) {
  assert(n >= 0 && n <= kMaxExactUnseen);
  return kFactorials[static_cast<std::size_t>(n)];
}

std::string to_string(Exact x) {
  if (x == 0) return "0";
  const bool negative = x < 0;
  std::string digits;
  for (Exact r = abs_of(x); r > 0; r /= 10) digits += static_cast<char>('0' + static_cast<int>(r % 10));
  if (negative) digits += '-';
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::string fraction(Exact num, Exact den) {
  Exact g = gcd_of(num, den);
  if (g == 0) g = 1;
  num /= g, den /= g;
  return den == 1 ? to_string(num) : to_string(num) + "/" + to_string(den);
}

}  // namespace conquian::solve
