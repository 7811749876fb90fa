#include "views/comm/commscale.h"

#include "core/model/commtext.h"
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapscale.h"

#include <algorithm>
#include <cmath>

namespace rs::views {

QString commMetricName(CommMetric m, bool logical) {
    switch (m) {
    case CommMetric::Bandwidth:
        return "bandwidth (GB/s = bytes / transit time)";
    case CommMetric::Size:
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

QString commValueText(double v, CommMetric m) {
    if (!std::isfinite(v)) return "-";
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

QColor CommScale::color(double v) const {
    HeatScale seq; // the app's sequential ramp, on our log position
    seq.statistic = HeatStatistic::Total;
    seq.lo = 0;
    seq.hi = 1;
    return seq.color(position(v));
}

CommScale CommScale::forMatrix(const query::CommMatrix& m, CommMetric metric) {
    CommScale s;
    s.metric = metric;
    if (metric == CommMetric::Bandwidth)
        for (const auto& c : m.cells)
            if (c.transport() != "LOCAL" && commCellValue(c, metric) > 0) s.localOffScale = true;
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& c : m.cells) {
        if (s.offScale(c)) continue;
        const double v = commCellValue(c, metric);
        if (v > 0 && std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (std::isfinite(lo)) {
        s.lo = lo;
        s.hi = hi > lo ? hi : lo * 1.0001;
    }
    return s;
}

} // namespace rs::views
