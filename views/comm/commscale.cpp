#include "views/comm/commscale.h"

#include "core/model/commtext.h"
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapscale.h"

#include <algorithm>
#include <cmath>

namespace rs::views {

QString commMetricName(CommMetric m, bool logical, bool hcclRawUnits) {
    switch (m) {
    case CommMetric::Bandwidth:
        return "bandwidth (GB/s = bytes / transit time)";
    case CommMetric::Size:
        if (hcclRawUnits) return "size (units as in hccl_raw)";
        return logical ? "logical bytes (decimal MB)" : "transit size (decimal MB)";
    case CommMetric::Time:
        return "transit time";
    case CommMetric::Transport:
        return "transport type";
    }
    return {};
}

double commCellValue(const query::CommCell& c, CommMetric m) {
    switch (m) {
    case CommMetric::Bandwidth:
        return c.bandwidthGBps();
    case CommMetric::Size:
        return double(c.bytes);
    case CommMetric::Time:
        return c.timeNs ? double(*c.timeNs) : std::nan("");
    case CommMetric::Transport:
        return std::nan("");
    }
    return std::nan("");
}

QString commValueText(double v, CommMetric m, bool hcclRawUnits) {
    if (!std::isfinite(v)) return "-";
    if (m == CommMetric::Size && hcclRawUnits) return QString::number(v / 1000.0, 'f', 3);
    switch (m) {
    case CommMetric::Bandwidth:
        return QString::fromStdString(model::formatBandwidth(v));
    case CommMetric::Size:
        return QString::fromStdString(model::formatDecimalBytes(int64_t(v)));
    case CommMetric::Time:
        return formatDuration(int64_t(v));
    case CommMetric::Transport:
        return {};
    }
    return {};
}

QString commCellText(const query::CommCell& c, CommMetric m, bool hcclRawUnits, const QFontMetrics& fm,
                     int widthPx) {
    QString t;
    if (m == CommMetric::Transport)
        t = QString::fromStdString(c.transport());
    else if (m == CommMetric::Size)
        t = commShortText(double(c.bytes), m, hcclRawUnits); // exact integer
    else
        t = commShortText(commCellValue(c, m), m, hcclRawUnits);
    return fm.elidedText(t, Qt::ElideRight, widthPx);
}

QString commShortText(double v, CommMetric m, bool hcclRawUnits) {
    if (!std::isfinite(v)) return "-";
    if (m == CommMetric::Size && hcclRawUnits) return hcclRawSizeShort(std::llround(v));
    switch (m) {
    case CommMetric::Bandwidth:
        return QString::fromStdString(model::formatBandwidthNumber(v));
    case CommMetric::Size:
        return QString::fromStdString(model::formatDecimalBytes(std::llround(v)));
    case CommMetric::Time:
        return formatDuration(std::llround(v));
    case CommMetric::Transport:
        return {};
    }
    return {};
}

QString hcclRawSizeShort(int64_t thousandths) {
    const double v = double(thousandths) / 1000.0;
    if (v >= 1e6) return QString::number(v / 1e6, 'g', 3) + "M";
    if (v >= 1e3) return QString::number(v / 1e3, 'g', 3) + "k";
    return QString::number(v, 'g', 3);
}

QColor transportColor(const QString& t) {
    if (t == "LOCAL") return QColor(150, 150, 150);
    if (t == "HCCS" || t == "HCCS_SW") return QColor(49, 130, 189);
    if (t == "RDMA") return QColor(230, 85, 13);
    if (t == "PCIE") return QColor(49, 163, 84);
    if (t == "SDMA") return QColor(117, 107, 177);
    if (t == "SIO") return QColor(0, 150, 150);
    return QColor(90, 90, 90); // mixed, unknown
}

double CommScale::position(double v) const {
    if (!(v > 0)) return 0;
    if (!(hi > lo)) return 0.5;
    return std::clamp((std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)), 0.0, 1.0);
}

namespace {
QColor ramp(double position) {
    HeatScale seq; // the app's sequential ramp
    seq.statistic = HeatStatistic::Total;
    seq.lo = 0;
    seq.hi = 1;
    return seq.color(position);
}
} // namespace

QColor CommScale::color(double v) const {
    return ramp(position(v));
}

QColor bandwidthRatioColor(double r, double slowRatio) {
    if (!(r > 0) || !(slowRatio > 0)) return notJudgedColor();
    // not slow: the pale third of the ramp over [slowRatio, kRatioTop]; slow: from 0.6 (a visible step at
    // the threshold) to 1.0 at half the threshold
    if (r >= slowRatio)
        return ramp(0.3 * std::clamp(std::log(kRatioTop / r) / std::log(kRatioTop / slowRatio), 0.0, 1.0));
    return ramp(0.6 + 0.4 * std::clamp(std::log(slowRatio / r) / std::log(2.0), 0.0, 1.0));
}

QColor notJudgedColor() {
    return QColor(222, 222, 222);
}

double CommScale::ratio(const query::CommCell& c) const {
    if (c.latencyBound || c.transports.size() != 1) return std::nan("");
    auto it = judged.find(c.transport());
    if (it == judged.end() || !(it->second.first > 0)) return std::nan("");
    return c.bandwidthGBps() / it->second.first;
}

QColor CommScale::cellColor(const query::CommCell& c) const {
    const double v = commCellValue(c, metric);
    if (metric == CommMetric::Transport || !std::isfinite(v)) return {};
    if (metric != CommMetric::Bandwidth) return color(v);
    const double r = ratio(c);
    return std::isfinite(r) ? bandwidthRatioColor(r, judged.at(c.transport()).second) : notJudgedColor();
}

CommScale CommScale::forMatrix(const query::CommMatrix& m, CommMetric metric) {
    CommScale s;
    s.metric = metric;
    for (const auto& t : m.thresholds) // every metric: the tooltip gives the ratio
        if (t.judged && t.medianGBps > 0)
            s.judged[t.transport] = {t.medianGBps, t.thresholdGBps / t.medianGBps};
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& c : m.cells) {
        const double v = commCellValue(c, metric);
        if (v > 0 && std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (std::isfinite(lo) && lo == hi) s.only = lo;
    if (std::isfinite(lo)) { // widened about its geometric centre: a narrow range must not look wide
        const double centre = std::sqrt(lo * hi), half = std::sqrt(std::max(hi / lo, kMinSpan));
        s.lo = centre / half;
        s.hi = centre * half;
    }
    return s;
}

} // namespace rs::views
