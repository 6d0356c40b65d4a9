#include "batch/stats.h"

#include <algorithm>
#include <cmath>

namespace conquian::batch {

Interval wilson(std::uint64_t successes, std::uint64_t trials, double z) {
  if (trials == 0) return {0, 1};
  double n = static_cast<double>(trials);
  double p = static_cast<double>(successes) / n;
  double z2 = z * z;
  double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

double two_sided_p(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

ZTest two_proportion(std::uint64_t x1, std::uint64_t n1, std::uint64_t x2, std::uint64_t n2) {
  ZTest t;
  if (n1 == 0 || n2 == 0) return t;
  double a = static_cast<double>(n1), b = static_cast<double>(n2);
  double p1 = static_cast<double>(x1) / a, p2 = static_cast<double>(x2) / b;
  double pooled = static_cast<double>(x1 + x2) / (a + b);
  double se = std::sqrt(pooled * (1 - pooled) * (1 / a + 1 / b));
  t.diff = p1 - p2;
  double wald = std::sqrt(p1 * (1 - p1) / a + p2 * (1 - p2) / b);
  t.diff_ci = {t.diff - 1.96 * wald, t.diff + 1.96 * wald};
  if (se > 0) {
    t.z = t.diff / se;
    t.p = two_sided_p(t.z);
  }
  return t;
}

Summary summarize(std::vector<int> values) {
  Summary s;
  s.n = values.size();
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  double sum = 0;
  for (int v : values) sum += v;
  s.mean = sum / static_cast<double>(s.n);
  double sq = 0;
  for (int v : values) sq += (v - s.mean) * (v - s.mean);
  s.sd = s.n > 1 ? std::sqrt(sq / static_cast<double>(s.n - 1)) : 0;
  auto at = [&](double q) { return values[static_cast<std::size_t>(q * static_cast<double>(s.n - 1) + 0.5)]; };
  s.min = values.front();
  s.p10 = at(0.1);
  s.median = at(0.5);
  s.p90 = at(0.9);
  s.max = values.back();
  return s;
}

ZTest two_means(const Summary& a, const Summary& b) {
  ZTest t;
  if (a.n == 0 || b.n == 0) return t;
  t.diff = a.mean - b.mean;
  double se = std::sqrt(a.sd * a.sd / static_cast<double>(a.n) + b.sd * b.sd / static_cast<double>(b.n));
  t.diff_ci = {t.diff - 1.96 * se, t.diff + 1.96 * se};
  if (se > 0) {
    t.z = t.diff / se;
    t.p = two_sided_p(t.z);
  }
  return t;
}

}  // namespace conquian::batch
