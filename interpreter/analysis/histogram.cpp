#include "interpreter/analysis/histogram.hpp"

#include <cmath>

namespace mancala::analysis {

long Histogram::total() const {
  long n = 0;
  for (auto [value, times] : counts_) n += times;
  return n;
}

double Histogram::mean() const {
  long n = total();
  if (n == 0) return 0;
  long double sum = 0;
  for (auto [value, times] : counts_) sum += static_cast<long double>(value) * times;
  return static_cast<double>(sum / n);
}

double Histogram::variance() const {
  long n = total();
  if (n < 2) return 0;
  double m = mean();
  long double squares = 0;
  for (auto [value, times] : counts_) squares += (value - m) * (value - m) * times;
  return static_cast<double>(squares / (n - 1));
}

long Histogram::percentile(double p) const {
  long n = total();
  if (n == 0) return 0;
  long rank = static_cast<long>(std::ceil(p * static_cast<double>(n)));
  if (rank < 1) rank = 1;
  long seen = 0;
  for (auto [value, times] : counts_) {
    seen += times;
    if (seen >= rank) return value;
  }
  return counts_.rbegin()->first;
}

}  // namespace mancala::analysis
