// How many random cases the heavy tests run: all of them normally, a fraction under the
// sanitizer build (CONQUIAN_TEST_SCALE=0.1), which is several times slower per case.
#pragma once

#include <cstdlib>
#include <string>

namespace conquian::testing {

inline int scaled(int count) {
  const char* s = std::getenv("CONQUIAN_TEST_SCALE");
  if (!s) return count;
  double f = std::atof(s);
  if (f <= 0 || f > 1) return count;
  return std::max(1, static_cast<int>(count * f));
}

}  // namespace conquian::testing
