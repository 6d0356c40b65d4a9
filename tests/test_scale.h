// How many random cases the heavy tests run: all of them normally, a fraction under the
// sanitizer build (CONQUIAN_TEST_SCALE=0.1), which is several times slower per case.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace conquian::testing {

// The fraction of CONQUIAN_TEST_SCALE, or 1 when it is unset or out of (0, 1].
inline double test_scale() {
  const char* s = std::getenv("CONQUIAN_TEST_SCALE");
  if (!s) return 1;
  const double f = std::atof(s);
  return f <= 0 || f > 1 ? 1 : f;
}

inline int scaled(int count) {
  const double f = test_scale();
  return f == 1 ? count : std::max(1, static_cast<int>(count * f));
}

// A decorator for a case whose time is nearly all spent inside Z3, which the sanitizers do
// not instrument (the same CPU seconds as in the release build, measured 15.9 s against
// 19.1 s on "000's claim"): it runs in the release suite and is skipped, and reported as
// skipped, under the sanitizer scale. Lighter cases of the same code still run there.
inline doctest::skip z3_bound() { return doctest::skip(test_scale() < 1); }

}  // namespace conquian::testing
