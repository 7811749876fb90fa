#include "core/stats/robuststats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rs::stats {

double median(std::vector<double>& v) {
    if (v.empty()) return 0;
    size_t n = v.size(), mid = n / 2;
    std::nth_element(v.begin(), v.begin() + long(mid), v.end());
    double hi = v[mid];
    if (n % 2) return hi;
    double lo = *std::max_element(v.begin(), v.begin() + long(mid));
    return (lo + hi) / 2;
}

double mad(const std::vector<double>& v, double med) {
    std::vector<double> d;
    d.reserve(v.size());
    for (double x : v)
        d.push_back(std::fabs(x - med));
    return median(d);
}

double percentile(std::vector<double>& v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t rank = size_t(std::ceil(p / 100.0 * double(v.size())));
    rank = std::clamp<size_t>(rank, 1, v.size());
    return v[rank - 1];
}

double robustZ(double x, double med, double madValue) {
    double s = 1.4826 * madValue;
    if (s <= 0) return x == med ? 0 : (x > med ? 1e9 : -1e9);
    return (x - med) / s;
}

namespace {
constexpr double kBin = 1.0025;
const double kLogBin = std::log(kBin);
size_t bucketOf(int64_t v) {
    return v <= 1 ? 0 : size_t(std::log(double(v)) / kLogBin) + 1;
}
int64_t valueOf(size_t b) {
    return b == 0 ? 1 : int64_t(std::llround(std::exp((double(b) - 0.5) * kLogBin)));
}
} // namespace

void QuantileSketch::add(int64_t v) {
    ++m_count;
    m_total += v;
    m_max = std::max(m_max, v);
    m_sorted = false;
    if (!m_useHist) {
        m_exact.push_back(v);
        if (m_exact.size() > 65536) toHistogram();
        return;
    }
    size_t b = bucketOf(v);
    if (b >= m_hist.size()) m_hist.resize(b + 1, 0);
    ++m_hist[b];
}

void QuantileSketch::toHistogram() {
    m_useHist = true;
    for (int64_t v : m_exact) {
        size_t b = bucketOf(v);
        if (b >= m_hist.size()) m_hist.resize(b + 1, 0);
        ++m_hist[b];
    }
    m_exact.clear();
    m_exact.shrink_to_fit();
}

int64_t QuantileSketch::quantile(double q) {
    if (m_count == 0) return 0;
    int64_t rank = std::clamp<int64_t>(int64_t(std::ceil(q * double(m_count))), 1, m_count);
    if (!m_useHist) {
        if (!m_sorted) {
            std::sort(m_exact.begin(), m_exact.end());
            m_sorted = true;
        }
        return m_exact[size_t(rank - 1)];
    }
    int64_t seen = 0;
    for (size_t b = 0; b < m_hist.size(); ++b) {
        seen += m_hist[b];
        if (seen >= rank) return std::min(valueOf(b), m_max);
    }
    return m_max;
}

} // namespace rs::stats
