#pragma once
// Round axis ticks for the charts: a range widened to whole steps of 1, 2 or 5 × 10^k, with as many
// decimals as the step needs, so no two labels read alike ("10, 11, 11, 12" came from five ticks over
// 10.3–12.9 printed without decimals) and a count axis has whole-number ticks only. Pure; any thread.
#include <QStringList>

namespace rs::views {

struct NiceAxis {
    double min = 0, max = 1, step = 1; ///< ticks at min, min + step, …, max
    int decimals = 0;                  ///< digits after the point each label needs
    /// At most `maxTicks` ticks (≥ 2) over [lo, hi]; `integers`: steps of at least 1 (counts).
    static NiceAxis of(double lo, double hi, int maxTicks, bool integers = false);
    int tickCount() const;
    /// The tick labels, in order.
    QStringList labels() const;
    /// printf format of a label ("%.1f").
    QString format() const;
};

/// A unit to show durations of about `ns` in: the divisor to ns and its symbol (ns, µs, ms, s).
std::pair<double, QString> durationUnit(double ns);

} // namespace rs::views
