#pragma once
// The heatmap's colour scale, as pure functions so it can be tested: the value a statistic gives a cell,
// and its colour — a diverging blue–white–red scale centred on 1.0 (log-symmetric, saturating at 2× or the
// cells' extreme if larger) for ratios, a sequential scale from 0 to the largest value otherwise (so a
// difference of a few per cent is a small difference in colour). GUI thread or any.
#include "core/query/analysisqueries.h"

#include <QColor>
#include <QString>

namespace rs::views {

enum class HeatStatistic { Ratio, Median, P95, Mean, Total };

/// The legend's name of `s`; a ratio names what it is the ratio to, which differs by grid (`mode`).
QString statisticName(HeatStatistic s, query::HeatmapData::Mode mode = query::HeatmapData::Mode::OpByRank);
/// What a cell's tooltip adds after its ratio: of the op type × rank grid, what the ratio is to — the
/// lower median over the run's ranks (this one included: with two ranks the faster's) of the same kernels,
/// an op type's kernel names weighted by count; of the per-step grids, the op type's median step or the
/// step's median over ranks, lower medians too (a cell's own mean). Each says how an even count is taken.
QString ratioReference(query::HeatmapData::Mode mode);
/// The cell's value for the statistic (ratio dimensionless, the rest ns).
double cellValue(const query::HeatCell& c, HeatStatistic s);

/// The ratio the diverging scale saturates at (its blue end at the inverse), unless a cell lies further.
constexpr double kRatioSaturation = 2.0;

struct HeatScale;
/// A legend's label of one end of its bar: of ratios the cells' extreme with what it is ("2.30× max",
/// "0.99× min"), of the other statistics the duration ("12.3 ms"); "-" when no cell has a value.
QString legendEndLabel(const HeatScale& s, bool high);
/// Where a ratio scale's colours are full, which the bar (the cells' own range) need not reach: "white at
/// 1.00×, full red at 2.00×, full blue at 0.50×" — 2× or the farthest cell, whichever is further (walk 54:
/// the demo's legend topped at 2.30× under a scale said to stop at 2×). Where no cell is under 1.00× no blue
/// is named: of two ranks every ratio is against the faster (issue 19: "full blue at 0.13×" of two ranks,
/// where no cell can be blue). "" for the sequential scales, whose bar runs from 0 to the largest cell, its
/// darkest colour.
QString saturationText(const HeatScale& s);

struct HeatScale {
    HeatStatistic statistic = HeatStatistic::Ratio;
    double lo = 0, hi = 1; ///< sequential range; for ratios lo = 1/r, hi = r (symmetric in log)
    /// The legend's labelled ends: the range the sequential scale has; of ratios the cells' own range
    /// widened to 1/2 … 2 (their colours symmetric about 1.0, but one end of lo … hi is only the other
    /// mirrored: trace_filter's legend read 0.22× … 4.45× where no cell passed 1.78×).
    double shownLo = 0, shownHi = 1;
    bool noValues = false; ///< no cell has a ratio: the legend labels no end
    /// Of ratios: each is against a lower median of two (two ranks, or two steps of op × step), which is the
    /// faster of them: no cell is under 1.00×, so none is blue whatever the scale's blue end.
    bool ofTwo = false;
    /// The value the legend's bar shows at `t`, 0 (its low end) … 1 (its high end): of ratios log-linear.
    double legendValue(double t) const;
    /// Colour of a value; out-of-range values clamp to the ends.
    QColor color(double value) const;
    /// Position of a value on the legend, 0 (bottom) … 1 (top).
    double position(double value) const;
    /// Builds the scale covering every present cell of `h` (ratios at least 1/2 … 2; the other
    /// statistics 0 … the largest cell, ns).
    static HeatScale forData(const query::HeatmapData& h, HeatStatistic s);
};

} // namespace rs::views
