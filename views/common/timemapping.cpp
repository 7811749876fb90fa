#include "views/common/timemapping.h"

#include <algorithm>
#include <cmath>

namespace rs::views {

QString formatDuration(int64_t ns) {
    double a = std::fabs(double(ns));
    auto fmt = [](double v, const char* unit) {
        int decimals = v >= 100 ? 0 : v >= 10 ? 1 : 2;
        return QString::number(v, 'f', decimals) + " " + QString::fromUtf8(unit);
    };
    QString s;
    if (a >= 1e9)
        s = fmt(a / 1e9, "s");
    else if (a >= 1e6)
        s = fmt(a / 1e6, "ms");
    else if (a >= 1e3)
        s = fmt(a / 1e3, "µs");
    else
        s = QString::number(int64_t(a)) + " ns";
    return ns < 0 ? "-" + s : s;
}

QString formatBytes(int64_t b) {
    if (b >= (int64_t(1) << 30)) return QString::number(double(b) / double(1 << 30), 'f', 2) + " GiB";
    if (b >= (1 << 20)) return QString::number(double(b) / double(1 << 20), 'f', 1) + " MiB";
    if (b >= 1024) return QString::number(double(b) / 1024.0, 'f', 1) + " KiB";
    return QString::number(b) + " B";
}

std::vector<Tick> TimeMapping::ticks(double minSpacingPx, int64_t origin) const {
    std::vector<Tick> out;
    double minNs = minSpacingPx * nsPerPx();
    // smallest 1-2-5 × 10^k step ≥ minNs
    double p = std::pow(10.0, std::floor(std::log10(std::max(1.0, minNs))));
    double step = p;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (p * m >= minNs) {
            step = p * m;
            break;
        }
    }
    int64_t st = std::max<int64_t>(1, int64_t(step));
    int64_t rel0 = t0 - origin;
    int64_t first = rel0 >= 0 ? ((rel0 + st - 1) / st) * st : -((-rel0) / st) * st;
    for (int64_t r = first; origin + r <= t1 && out.size() < 1000; r += st) {
        bool major = (r / st) % 5 == 0;
        out.push_back({origin + r, "+" + formatDuration(r), major});
    }
    return out;
}

std::pair<int64_t, int64_t> zoomWindow(int64_t t0, int64_t t1, int64_t anchor, double factor, int64_t lo,
                                       int64_t hi) {
    double w = double(t1 - t0) / factor;
    w = std::clamp(w, 1000.0, double(std::max<int64_t>(hi - lo, 1000)));
    double frac = t1 > t0 ? double(anchor - t0) / double(t1 - t0) : 0.5;
    int64_t n0 = anchor - int64_t(frac * w);
    int64_t n1 = n0 + int64_t(w);
    return panWindow(n0, n1, 0, lo, hi);
}

std::pair<int64_t, int64_t> panWindow(int64_t t0, int64_t t1, int64_t delta, int64_t lo, int64_t hi) {
    int64_t w = t1 - t0;
    int64_t n0 = t0 + delta;
    if (w >= hi - lo) return {lo, std::max(hi, lo + w)};
    n0 = std::clamp(n0, lo, hi - w);
    return {n0, n0 + w};
}

} // namespace rs::views
