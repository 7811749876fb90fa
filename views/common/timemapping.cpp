#include "views/common/timemapping.h"

#include "core/model/timetext.h"

#include <algorithm>
#include <cmath>

namespace rs::views {

QString formatDuration(int64_t ns) {
    return QString::fromStdString(model::formatDuration(ns));
}

QString formatOffset(int64_t ns, int64_t resolutionNs) {
    return QString::fromStdString(model::formatOffset(ns, resolutionNs));
}

QString formatWindow(int64_t fromNs, int64_t toNs) {
    return QString::fromStdString(model::formatWindow(fromNs, toNs));
}

QString formatBytes(int64_t b) {
    if (b >= (int64_t(1) << 30)) return QString::number(double(b) / double(1 << 30), 'f', 2) + " GiB";
    if (b >= (1 << 20)) return QString::number(double(b) / double(1 << 20), 'f', 1) + " MiB";
    if (b >= 1024) return QString::number(double(b) / 1024.0, 'f', 1) + " KiB";
    return QString::number(b) + " B";
}

QString formatCounterValue(double v) {
    const double a = std::fabs(v);
    if (a < 10000) return QString::number(v, 'g', a >= 1000 ? 4 : 3); // "1800", "0.927", "106.9" as 107
    static const std::pair<double, const char*> units[] = {{1e9, " G"}, {1e6, " M"}, {1e3, " k"}};
    for (const auto& [scale, suffix] : units)
        if (a >= scale) {
            const double x = v / scale;
            const int decimals = std::fabs(x) >= 100 ? 0 : std::fabs(x) >= 10 ? 1 : 2;
            return QString::number(x, 'f', decimals) + suffix;
        }
    return QString::number(v, 'g', 3);
}

namespace {
/// How many tick steps from the run's start the labels may count before they start from a nearer origin.
constexpr int64_t kRunTimeLabelSteps = 10000;
/// Floor division for negative times too.
int64_t floorDiv(int64_t a, int64_t b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
} // namespace

Ruler TimeMapping::ruler(double minSpacingPx, int64_t runStart) const {
    Ruler out;
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
    const int64_t st = std::max<int64_t>(1, int64_t(step));
    out.stepNs = st;
    // Labels count from the run's start while they need at most ~5 digits: an origin inside the run
    // reads as a run time ("0 = run +500 ms" with ticks "+400 ms" at 900 ms looked 500 ms off). Deeper,
    // they count from the last multiple of 10 steps at or before t0, ≥ 1000× smaller than that origin.
    // A window that starts before the run counts from its start too (ticks left of it negative), so the
    // ruler says what the tooltips say.
    const int64_t decade = st * 10;
    out.originNs = runStart + floorDiv(t0 - runStart, decade) * decade;
    if (out.originNs < runStart || t1 - runStart < kRunTimeLabelSteps * st) out.originNs = runStart;
    out.originLabel = formatOffset(out.originNs - runStart, st);
    const int64_t first = out.originNs + floorDiv(t0 - out.originNs + st - 1, st) * st;
    for (int64_t t = first; t <= t1 && out.ticks.size() < 1000; t += st) {
        int64_t r = t - out.originNs;
        bool major = floorDiv(r, st) % 5 == 0;
        out.ticks.push_back({t, r == 0 ? out.originLabel : formatOffset(r, st), major});
    }
    return out;
}

int64_t TimeMapping::zoomAnchor(double px) const {
    const double frac = width > 1 ? std::clamp((px - x0) / (width - 1), 0.0, 1.0) : 0.5;
    return t0 + int64_t(std::llround(frac * double(t1 - t0)));
}

std::pair<int64_t, int64_t> zoomWindow(int64_t t0, int64_t t1, int64_t anchor, double factor, int64_t lo,
                                       int64_t hi) {
    const double frac = t1 > t0 ? double(anchor - t0) / double(t1 - t0) : 0.5;
    return zoomWindowAt(t0, t1, double(anchor - t0), frac, factor, lo, hi);
}

std::pair<int64_t, int64_t> zoomWindowAt(int64_t t0, int64_t t1, double anchorOffsetNs, double frac,
                                         double factor, int64_t lo, int64_t hi) {
    // rounded, not truncated: truncating the width and the anchor's offset moved the anchor a ns a step,
    // two pixels a step at a sub-µs window (r50d #2)
    double w = double(t1 - t0) / factor;
    w = std::clamp(w, double(kMinWindowNs), double(std::max<int64_t>(hi - lo, kMinWindowNs)));
    const int64_t width = std::llround(w);
    // from t0 in integers: an epoch time (~1.7e18 ns) as a double is a multiple of 256 ns (walk 57 #2)
    const int64_t n0 = t0 + std::llround(anchorOffsetNs - frac * double(width));
    return panWindow(n0, n0 + width, 0, lo, hi);
}

std::pair<int64_t, int64_t> panWindow(int64_t t0, int64_t t1, int64_t delta, int64_t lo, int64_t hi) {
    int64_t w = t1 - t0;
    int64_t n0 = t0 + delta;
    if (w >= hi - lo) return {lo, std::max(hi, lo + w)};
    n0 = std::clamp(n0, lo, hi - w);
    return {n0, n0 + w};
}

std::pair<int64_t, int64_t> windowInRun(int64_t t0, int64_t t1, int64_t lo, int64_t hi) {
    if (hi <= lo) return {t0, t1};
    const auto [a, b] = panWindow(t0, t1, 0, lo, hi);
    return {a, std::min(b, hi)};
}

} // namespace rs::views
