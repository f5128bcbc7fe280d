#include "interpreter/analysis/stats.hpp"

#include <algorithm>
#include <cmath>

namespace mancala::analysis {

Interval wilson95(long successes, long n) {
  if (n <= 0) return {};
  const double z = kCritical95, nn = static_cast<double>(n), p = static_cast<double>(successes) / nn;
  const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z * z / nn);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double two_proportion_z(long a, long n, long b, long m) {
  if (n <= 0 || m <= 0) return 0;
  const double p1 = static_cast<double>(a) / static_cast<double>(n);
  const double p2 = static_cast<double>(b) / static_cast<double>(m);
  const double pooled = static_cast<double>(a + b) / static_cast<double>(n + m);
  const double se = std::sqrt(pooled * (1 - pooled) * (1.0 / static_cast<double>(n) + 1.0 / static_cast<double>(m)));
  return se > 0 ? (p1 - p2) / se : 0;
}

double welch_t(double mean_a, double var_a, long n_a, double mean_b, double var_b, long n_b) {
  if (n_a < 2 || n_b < 2) return 0;
  const double se = std::sqrt(var_a / static_cast<double>(n_a) + var_b / static_cast<double>(n_b));
  if (se > 0) return (mean_a - mean_b) / se;
  return mean_a == mean_b ? 0 : (mean_a > mean_b ? 1e9 : -1e9);  // constant but different
}

}  // namespace mancala::analysis
