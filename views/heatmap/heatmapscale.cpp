#include "views/heatmap/heatmapscale.h"

#include "views/common/timemapping.h"

#include <algorithm>
#include <cmath>

namespace rs::views {

QString statisticName(HeatStatistic s, query::HeatmapData::Mode mode) {
    using Mode = query::HeatmapData::Mode;
    switch (s) {
    case HeatStatistic::Ratio: // as the view's caption says for each grid
        return mode == Mode::OpByStep     ? "ratio to the op type's lower median step"
               : mode == Mode::RankByStep ? "ratio to the step's lower median over ranks"
                                          : "ratio to the same kernels' lower median over ranks";
    case HeatStatistic::Median: // the lower median, as every median shown (core/model/median.h); the op
                                // summary's and the report's words for it
        return "median (lower middle) duration";
    case HeatStatistic::P95:
        return "p95 duration";
    case HeatStatistic::Mean:
        return "mean duration";
    case HeatStatistic::Total:
        return "total time";
    }
    return {};
}

QString ratioReference(query::HeatmapData::Mode mode) {
    // each grid says its reference's rule (r48c #4: the step grids' tooltips named no convention beside a
    // cell's "lower of the two middle values"). Every grid's is the lower median, as every median shown
    // (r51a: of two ranks the mean made the slower 1.42× and the faster 0.58× where one took 2.44× the other;
    // r52c: the step grids kept it, no cell of two at 1.00×)
    if (mode == query::HeatmapData::Mode::OpByStep)
        return ": this step's mean duration against the op type's median step on this rank (the median of "
               "its steps' means; the lower median: of an even number the lower of the middle two, so of two "
               "steps the faster reads 1.00×)";
    if (mode == query::HeatmapData::Mode::RankByStep)
        return ": this rank's mean duration in the step against the step's median over ranks (the lower "
               "median: of an even number the lower of the middle two, so of two ranks the faster reads "
               "1.00×)";
    // a ratio of times, not a mean of per-name ratios: walk 30 read "weighted by how often" as the count-
    // weighted mean of each name's ratio (0.972 where the cell said 0.96, msinsight pytorch/text/level1)
    return ": this rank's time at its medians (Σ over the kernel names of its count × its median) against "
           "the same counts at the same kernels' median over the ranks (each name's median of the ranks' "
           "medians, this one included; the lower median: of an even number the lower of the middle two, so "
           "of two ranks the faster reads 1.00×); names no other rank ran left out";
}

double cellValue(const query::HeatCell& c, HeatStatistic s) {
    switch (s) {
    case HeatStatistic::Ratio:
        return c.ratio;
    case HeatStatistic::Median:
        return double(c.medianNs ? c.medianNs : c.meanNs);
    case HeatStatistic::P95:
        return double(c.p95Ns ? c.p95Ns : c.meanNs);
    case HeatStatistic::Mean:
        return double(c.meanNs);
    case HeatStatistic::Total:
        return double(c.totalNs);
    }
    return 0;
}

QString legendEndLabel(const HeatScale& s, bool high) {
    if (s.noValues) return QStringLiteral("-");
    const double v = high ? s.shownHi : s.shownLo;
    if (s.statistic != HeatStatistic::Ratio) return formatDuration(int64_t(v));
    return QString("%1× %2").arg(v, 0, 'f', 2).arg(high ? "max" : "min");
}

QString saturationText(const HeatScale& s) {
    if (s.statistic != HeatStatistic::Ratio || s.noValues) return {};
    // the colours are full at lo / hi (forData: 2× or the farthest cell), beyond which nothing lies; blue
    // only where a cell can be under 1.00×
    if (s.shownLo >= 1.0)
        return (s.ofTwo ? QString("white at 1.00× (the faster of two), full red at %1×")
                        : QString("white at 1.00× (no cell under it), full red at %1×"))
            .arg(s.hi, 0, 'f', 2);
    return QString("white at 1.00×, full red at %1×, full blue at %2×")
        .arg(s.hi, 0, 'f', 2)
        .arg(s.lo, 0, 'f', 2);
}

double HeatScale::position(double v) const {
    if (statistic == HeatStatistic::Ratio) {
        if (v <= 0) return 0;
        double r = std::log(hi);
        return std::clamp(0.5 + std::log(v) / (2 * r), 0.0, 1.0);
    }
    if (hi <= lo) return 0.5;
    return std::clamp((v - lo) / (hi - lo), 0.0, 1.0);
}

double HeatScale::legendValue(double t) const {
    if (statistic == HeatStatistic::Ratio && shownLo > 0 && shownHi > 0)
        return std::exp(std::log(shownLo) + t * (std::log(shownHi) - std::log(shownLo)));
    return shownLo + t * (shownHi - shownLo);
}

QColor HeatScale::color(double v) const {
    double t = position(v);
    auto mix = [](QColor a, QColor b, double f) {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * f),
                                float(a.greenF() + (b.greenF() - a.greenF()) * f),
                                float(a.blueF() + (b.blueF() - a.blueF()) * f));
    };
    if (statistic == HeatStatistic::Ratio) {
        // diverging: fast (blue) … 1.0 (white) … slow (red)
        const QColor blue(33, 102, 172), white(247, 247, 247), red(178, 24, 43);
        return t < 0.5 ? mix(blue, white, t / 0.5) : mix(white, red, (t - 0.5) / 0.5);
    }
    // sequential (light yellow → orange → dark red), readable in light and dark themes
    const QColor a(255, 247, 188), b(254, 153, 41), c(153, 52, 4);
    return t < 0.5 ? mix(a, b, t / 0.5) : mix(b, c, (t - 0.5) / 0.5);
}

HeatScale HeatScale::forData(const query::HeatmapData& h, HeatStatistic s) {
    HeatScale sc;
    sc.statistic = s;
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& row : h.cells)
        for (const auto& c : row)
            if (c.present && !(s == HeatStatistic::Ratio && c.noSharedKernels)) { // no ratio to scale
                double v = cellValue(c, s);
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    if (s == HeatStatistic::Ratio) {
        // saturating at 2× (or the cells' extreme): a 1.5× floor tinted a cell 6 % off 1.0 a tenth of the way
        // to full red, as loud as a 2× gap on the absolute scales (walk 52b)
        double r = kRatioSaturation;
        if (std::isfinite(hi) && hi > 0) r = std::max(r, hi);
        if (std::isfinite(lo) && lo > 0) r = std::max(r, 1 / lo);
        sc.lo = 1 / r;
        sc.hi = r;
        // the legend's ends are the cells' own (walk 34: widened to 1/1.5 … 1.5 the demo's read 0.67× where
        // no cell was under 0.99×, "some card is 1.5× faster"); no cell with a ratio: none shown
        const bool any = std::isfinite(lo) && lo > 0 && std::isfinite(hi) && hi > 0;
        sc.noValues = !any;
        // what each ratio is the lower median of (HeatmapView::ratiosCompare's count): of two, the faster
        using Mode = query::HeatmapData::Mode;
        sc.ofTwo = (h.mode == Mode::RankByStep ? h.rowKeys.size() : h.columnKeys.size()) == 2;
        sc.shownLo = any ? lo : 1.0;
        sc.shownHi = any ? hi : 1.0;
    } else {
        // from zero, not from the smallest cell: a colour reads as a size, and min–max made two ranks 6 %
        // apart the palest and the darkest cells (text/level1's rank × step p95). The legend's ends are the
        // scale's, 0 and the largest cell, so the picture says where it starts.
        sc.lo = sc.shownLo = std::isfinite(lo) ? std::min(lo, 0.0) : 0;
        sc.hi = sc.shownHi = std::isfinite(hi) && hi > sc.lo ? hi : sc.lo + 1;
    }
    return sc;
}

} // namespace rs::views
