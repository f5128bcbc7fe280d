#pragma once
// The statistics of the reports: intervals for shares, tests for differences between readings.
namespace mancala::analysis {

struct Interval {
  double low = 0, high = 0;
};

// The Wilson score interval (95%) of `successes` out of `n`; {0, 0} when n is 0.
Interval wilson95(long successes, long n);

// The two-proportion z statistic of a/n against b/m (pooled); 0 when undefined.
double two_proportion_z(long a, long n, long b, long m);

// Welch's t statistic for the difference of two means; 0 when undefined. With the sample sizes
// of these studies (hundreds of games and more) |t| > 1.96 is significant at 5%.
double welch_t(double mean_a, double var_a, long n_a, double mean_b, double var_b, long n_b);

inline constexpr double kCritical95 = 1.96;

}  // namespace mancala::analysis
