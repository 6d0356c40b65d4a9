// Statistics for comparing rulesets: Wilson intervals for rates, the two-proportion z-test,
// and means with their spread. Plain functions of counts; no state.
#pragma once

#include <cstdint>
#include <vector>

namespace conquian::batch {

struct Interval {
  double low = 0, high = 0;
};

// The Wilson score interval of `successes` out of `trials` at normal quantile `z` (1.96:
// 95 %). With no trials the interval is [0, 1].
Interval wilson(std::uint64_t successes, std::uint64_t trials, double z = 1.96);

// Two-proportion z-test with the pooled standard error: H0 says both samples share one
// rate. `z` is (p1 - p2) / se; `p` the two-sided p-value. With a zero standard error
// (both rates 0 or both 1, or an empty sample) z is 0 and p is 1.
struct ZTest {
  double diff = 0;  // p1 - p2
  double z = 0;
  double p = 1;
  Interval diff_ci;  // 95 % interval of p1 - p2 (unpooled, Wald)
};
ZTest two_proportion(std::uint64_t x1, std::uint64_t n1, std::uint64_t x2, std::uint64_t n2);

// The standard normal distribution function and a two-sided p-value for |z|.
double normal_cdf(double z);
double two_sided_p(double z);

// Mean, standard deviation and quantiles of a sample of whole numbers.
struct Summary {
  std::uint64_t n = 0;
  double mean = 0, sd = 0;
  int min = 0, median = 0, p10 = 0, p90 = 0, max = 0;
};
Summary summarize(std::vector<int> values);

// Welch's test for a difference of two means, with the normal approximation (the samples
// here are thousands of deals): z and the two-sided p-value.
ZTest two_means(const Summary& a, const Summary& b);

}  // namespace conquian::batch
