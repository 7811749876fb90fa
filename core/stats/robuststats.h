#pragma once
// Robust statistics for findings: median and MAD instead of mean and standard deviation, so one 200 ms
// stall among 99 normal steps stands out instead of being averaged away. Pure functions.
#include <cstdint>
#include <vector>

namespace rs::stats {

/// The centre the robust judges take (MAD, z-scores, the like-for-like references of op ratios, link
/// thresholds): of an even count the mean of the two middle values, so two values sit alike about it and
/// neither of two ranks reads as the slow one (stragglercheck.h). Reorders v; 0 for an empty vector. A
/// median a reader is shown is model::lowerMedian (core/model/median.h), never this.
double median(std::vector<double>& v);
/// Median absolute deviation around `med` (copies v).
double mad(const std::vector<double>& v, double med);
/// Nearest-rank percentile, p in [0, 100] (reorders v).
double percentile(std::vector<double>& v, double p);
/// Robust z-score: (x − median) / (1.4826 · MAD); a MAD of 0 gives 0 for x == median, else ±large.
double robustZ(double x, double med, double madValue);

/// Quantiles of a stream of durations in bounded memory: exact up to 65 536 values, then a
/// log-bucket histogram with 0.25 % bins (so median/p95 stay within 0.25 %). Not thread-safe.
class QuantileSketch {
  public:
    void add(int64_t v);
    int64_t count() const { return m_count; }
    int64_t total() const { return m_total; }
    int64_t max() const { return m_max; }
    /// Quantile q in [0, 1] (nearest rank, as p95 is defined in the README).
    int64_t quantile(double q);
    /// The lower median (core/model/median.h), the nearest-rank quantile(0.5): a duration that was measured
    /// (the mean of two clusters' middle values, 195 µs between 173 µs and 217 µs, was none; walk 23).
    int64_t median() { return quantile(0.5); }

  private:
    void toHistogram();
    std::vector<int64_t> m_exact;
    std::vector<int64_t> m_hist; // bucket → count
    bool m_useHist = false;
    int64_t m_count = 0, m_total = 0, m_max = 0;
    bool m_sorted = false;
};

} // namespace rs::stats
