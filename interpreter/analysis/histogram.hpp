#pragma once
// Counts per value: statistics of many games that merge exactly, whatever the order in which the
// games were played or the runs combined (a percentile of samples would not merge).
#include <cstdint>
#include <map>

namespace mancala::analysis {

class Histogram {
 public:
  void add(long value, long times = 1) {
    if (times) counts_[value] += times;
  }
  void merge(const Histogram& other) {
    for (auto [value, times] : other.counts_) counts_[value] += times;
  }
  long total() const;
  double mean() const;      // 0 when empty
  double variance() const;  // the sample variance; 0 with fewer than two values
  // The smallest value with at least p (0..1) of the values at or below it (nearest rank).
  long percentile(double p) const;
  long max() const { return counts_.empty() ? 0 : counts_.rbegin()->first; }
  const std::map<long, long>& counts() const { return counts_; }
  friend bool operator==(const Histogram&, const Histogram&) = default;

 private:
  std::map<long, long> counts_;
};

}  // namespace mancala::analysis
