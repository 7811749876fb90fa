#pragma once
// The communication matrix's colours, as pure functions so they can be tested: the value a metric gives
// a cell (bandwidth GB/s, size bytes, transit time ns), its text in the producers' decimal units, and a
// fixed colour per transport type.
// Bandwidth is coloured by the judgement, not by the min–max of the values: a judged link by its ratio to
// its transport type's median on a fixed scale (1.0 = one pale colour; the ramp turns dark where the link
// becomes slow), so a 2 % spread looks alike and only a slow link looks different; links the rule does
// not judge (latency-bound, too few of their type, several transports) are drawn neutral.
// Size and time use a sequential scale on a log axis over the cells' range, widened to at least a factor
// kMinSpan so that near-equal cells look near-equal. GUI thread or any.
#include "core/query/commmatrix.h"

#include <QColor>
#include <QFontMetrics>
#include <QString>
#include <cmath>
#include <map>
#include <string>

namespace rs::views {

enum class CommMetric { Bandwidth, Size, Time, Transport };

/// `hcclRawUnits`: sizes in hccl_raw's own unit (query::CommMatrix::hcclRawUnits), never called bytes.
QString commMetricName(CommMetric m, bool logical, bool hcclRawUnits = false);
/// The cell's value for the metric (GB/s, bytes, ns); NaN when it has none (no time; the transport metric).
double commCellValue(const query::CommCell& c, CommMetric m);
/// A size in hccl_raw's units is the stored thousandths / 1000, without a unit (`hcclRawUnits`).
QString commValueText(double v, CommMetric m, bool hcclRawUnits = false);
/// A size or time as the cells and the legend both show it (one formatter, so the legend's "3.33k" reads
/// against the cells' "3.33k", r49b #7): decimal bytes, a duration, or hccl_raw's short figure; "-" for
/// none. The tooltip keeps commValueText's full figure.
QString commShortText(double v, CommMetric m, bool hcclRawUnits = false);
/// A cell's short size in hccl_raw's units (stored thousandths): 3 significant digits with a k or M
/// multiplier and no unit ("276k" for 276 416.512), never read as bytes.
QString hcclRawSizeShort(int64_t thousandths);
/// The text inside a cell `widthPx` wide in `fm`'s font: the metric's short figure, or the whole transport
/// name ("LOCAL", never cut to "LOCA" as a 4-letter cut did: walk 38), elided with "…" only where it does
/// not fit.
QString commCellText(const query::CommCell& c, CommMetric m, bool hcclRawUnits, const QFontMetrics& fm,
                     int widthPx);
/// A transport type's colour (LOCAL, HCCS, RDMA, PCIE, SDMA, SIO; "mixed" and others grey).
QColor transportColor(const QString& transport);

/// The bandwidth ratio scale's ends (ratio to the transport type's median): fixed, whatever the data.
constexpr double kRatioTop = 1.25;
/// Size and time: the log axis spans at least this factor (hi / lo).
constexpr double kMinSpan = 4.0;

/// The colour of a link at `ratio` × its type's median, whose slow threshold is `slowRatio` × the median:
/// pale from kRatioTop down to the threshold (1.0 sits in the middle of that pale band), then dark, darker
/// down to half the threshold.
QColor bandwidthRatioColor(double ratio, double slowRatio);
/// The colour of cells the judgement leaves out (latency-bound, too few links of their type, mixed).
QColor notJudgedColor();

struct CommScale {
    CommMetric metric = CommMetric::Bandwidth;
    double lo = 1, hi = 10; ///< size and time: the log axis (at least kMinSpan wide)
    /// Size and time: the one value every cell has (NaN when they differ or none has one). The legend then
    /// shows that value alone: a range widened about it would name sizes no link moved.
    double only = std::nan("");
    /// Bandwidth: each judged transport type's median (GB/s) and slow threshold as a ratio to it.
    std::map<std::string, std::pair<double, double>> judged;
    double position(double v) const; ///< size and time: 0 (lo) … 1 (hi)
    QColor color(double v) const;    ///< size and time
    /// The cell's fill (bandwidth by ratio, or notJudgedColor(); size and time by value); invalid when the
    /// cell has no value for the metric.
    QColor cellColor(const query::CommCell& c) const;
    /// Bandwidth: the cell's ratio to its type's median (NaN when it is not judged).
    double ratio(const query::CommCell& c) const;
    static CommScale forMatrix(const query::CommMatrix& m, CommMetric metric);
};

} // namespace rs::views
