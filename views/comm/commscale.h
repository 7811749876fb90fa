#pragma once
// The communication matrix's colours, as pure functions so they can be tested: the value a metric gives
// a cell (bandwidth GB/s, size bytes, transit time ns), its text in the producers' decimal units, a
// sequential scale on a log axis (a rank's own LOCAL copy runs at hundreds of GB/s, HCCS at tens, RDMA at
// a few: a linear scale would paint all links but the copies alike), and a fixed colour per transport
// type. GUI thread or any.
#include "core/query/commmatrix.h"

#include <QColor>
#include <QString>

namespace rs::views {

enum class CommMetric { Bandwidth, Size, Time, Transport };

QString commMetricName(CommMetric m, bool logical);
/// The cell's value for the metric (GB/s, bytes, ns); NaN when it has none (no time; the transport metric).
double commCellValue(const query::CommCell& c, CommMetric m);
QString commValueText(double v, CommMetric m);
/// A transport type's colour (LOCAL, HCCS, RDMA, PCIE, SDMA, SIO; "mixed" and others grey).
QColor transportColor(const QString& transport);

struct CommScale {
    CommMetric metric = CommMetric::Bandwidth;
    double lo = 1, hi = 10; ///< the smallest and largest positive value shown (log axis between them)
    /// Bandwidth with links between ranks: a rank's own LOCAL copy (hundreds of GB/s against tens over
    /// HCCS) is left off the scale, or every link would be painted alike; its cells are drawn grey.
    bool localOffScale = false;
    bool offScale(const query::CommCell& c) const { return localOffScale && c.transport() == "LOCAL"; }
    double position(double v) const; ///< 0 (lo) … 1 (hi)
    QColor color(double v) const;
    /// Covers every cell with a positive value for the metric (but LOCAL copies, see localOffScale).
    static CommScale forMatrix(const query::CommMatrix& m, CommMetric metric);
};

} // namespace rs::views
