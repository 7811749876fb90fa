#pragma once
// Time ↔ pixel maths of the time axis, and readable tick marks (ns … s, 1-2-5 steps). A small pure value
// type so it can be tested without widgets. Times are int64 ns; pixels are doubles.
#include <QString>
#include <cstdint>
#include <vector>

namespace rs::views {

struct Tick {
    int64_t ns;    ///< absolute time of the tick
    QString label; ///< relative to the ruler's visible origin, e.g. "+20 µs"
    bool major;
};

/// A time ruler: tick marks labelled relative to a visible origin (a round time at or before the window's
/// start), and that origin once, relative to the run's start, precise to the tick spacing. So the labels
/// stay short and distinct at any zoom, anywhere in a run ("+14.8000 s" once, then "+20 µs", "+40 µs").
struct Ruler {
    int64_t originNs = 0; ///< absolute time the tick labels count from
    QString originLabel;  ///< the origin relative to the run's start, e.g. "+14.8000 s"
    int64_t stepNs = 1;   ///< tick spacing
    std::vector<Tick> ticks;
};

struct TimeMapping {
    int64_t t0 = 0, t1 = 1;   ///< visible window [t0, t1)
    double x0 = 0, width = 1; ///< pixel span of the window
    double x(int64_t t) const { return x0 + double(t - t0) * width / double(t1 - t0); }
    int64_t t(double px) const { return t0 + int64_t((px - x0) * double(t1 - t0) / width); }
    double nsPerPx() const { return double(t1 - t0) / width; }
    /// The time a zoom at pixel `px` keeps in place: the first pixel column holds t0 and the last one t1,
    /// so zooming at an edge keeps that edge (t(px) of the last column lies one pixel short of t1, and
    /// repeated zooming there fell short of the run's end by that pixel at every step).
    int64_t zoomAnchor(double px) const;
    /// Ticks at least `minSpacingPx` apart (1-2-5 steps); `runStart` is where the run's time is 0.
    Ruler ruler(double minSpacingPx, int64_t runStart) const;
    std::vector<Tick> ticks(double minSpacingPx, int64_t runStart) const {
        return ruler(minSpacingPx, runStart).ticks;
    }
};

/// A length: "12.5 ms", "340 µs", "1.20 s", "820 ns", "12 min 5 s" (core/model/timetext.h).
QString formatDuration(int64_t ns);
/// A signed position relative to an origin, precise to `resolutionNs`: "+14.8002 s", "-3.30 ms".
QString formatOffset(int64_t ns, int64_t resolutionNs);
/// "+29.064 ms … +31.889 ms (2.83 ms)": a window's ends as ns from an origin, and its length
/// (model::formatWindow).
QString formatWindow(int64_t fromNs, int64_t toNs);
/// "3.75 GiB", "64.0 MiB", "1.5 KiB", "12 B".
QString formatBytes(int64_t bytes);
/// A counter's value to three significant digits, thousands as k, M, G (no exponent): "22.3 k",
/// "2.16 M", "1800", "0.927", "-4.5 k". The lane's own name carries the unit.
QString formatCounterValue(double v);
/// The narrowest window zooming reaches: 10 ns (Ascend timestamps carry ns decimals, so 1 µs hid detail).
constexpr int64_t kMinWindowNs = 10;
/// The window [t0, t1] zoomed by `factor` (> 1 zooms in) around `anchor`, clamped to [lo, hi] and to a
/// minimum width of kMinWindowNs so repeated zooming never degenerates.
std::pair<int64_t, int64_t> zoomWindow(int64_t t0, int64_t t1, int64_t anchor, double factor, int64_t lo,
                                       int64_t hi);
/// As zoomWindow, with the anchor exact (sub-ns), given as its offset from t0 in ns (an absolute epoch
/// time as a double is 256 ns coarse), and its place in the window (0 … 1): the window's ends round to the
/// nearest ns, so the anchor stays within half a ns of that place at any zoom.
std::pair<int64_t, int64_t> zoomWindowAt(int64_t t0, int64_t t1, double anchorOffsetNs, double frac,
                                         double factor, int64_t lo, int64_t hi);
/// The window shifted by `delta` ns, kept inside [lo, hi] without changing its width.
std::pair<int64_t, int64_t> panWindow(int64_t t0, int64_t t1, int64_t delta, int64_t lo, int64_t hi);
/// A window chosen to show something (a selection, a link's collective), moved inside the run [lo, hi]
/// at its width, and no wider than the run: padding around a thing near the run's start or end showed
/// empty time beyond it (walk 38: a link at step 11 opened −259 ms … +753 ms of a 471 ms run).
std::pair<int64_t, int64_t> windowInRun(int64_t t0, int64_t t1, int64_t lo, int64_t hi);

} // namespace rs::views
