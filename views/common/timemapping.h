#pragma once
// Time ↔ pixel maths of the time axis, and readable tick marks (ns … s, 1-2-5 steps). A small pure value
// type so it can be tested without widgets. Times are int64 ns; pixels are doubles.
#include <QString>
#include <cstdint>
#include <vector>

namespace rs::views {

struct Tick {
    int64_t ns;    ///< absolute time of the tick
    QString label; ///< relative to the origin, e.g. "+12.5 ms"
    bool major;
};

struct TimeMapping {
    int64_t t0 = 0, t1 = 1;   ///< visible window [t0, t1)
    double x0 = 0, width = 1; ///< pixel span of the window
    double x(int64_t t) const { return x0 + double(t - t0) * width / double(t1 - t0); }
    int64_t t(double px) const { return t0 + int64_t((px - x0) * double(t1 - t0) / width); }
    double nsPerPx() const { return double(t1 - t0) / width; }
    /// Ticks at least `minSpacingPx` apart, labelled relative to `origin`.
    std::vector<Tick> ticks(double minSpacingPx, int64_t origin) const;
};

/// "12.5 ms", "340 µs", "1.20 s", "820 ns": three significant digits in the best unit.
QString formatDuration(int64_t ns);
/// "3.75 GiB", "64.0 MiB", "1.5 KiB", "12 B".
QString formatBytes(int64_t bytes);
/// The window [t0, t1] zoomed by `factor` (> 1 zooms in) around `anchor`, clamped to [lo, hi] and to a
/// minimum width of 1 µs so repeated zooming never degenerates.
std::pair<int64_t, int64_t> zoomWindow(int64_t t0, int64_t t1, int64_t anchor, double factor, int64_t lo,
                                       int64_t hi);
/// The window shifted by `delta` ns, kept inside [lo, hi] without changing its width.
std::pair<int64_t, int64_t> panWindow(int64_t t0, int64_t t1, int64_t delta, int64_t lo, int64_t hi);

} // namespace rs::views
