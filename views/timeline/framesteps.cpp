// The steps in the timeline (FrameBuilder's part): each rank's steps banded over its own lanes, and the
// ruler's step names over the span the shown ranks' steps of that number cover together. Ranks' steps
// differ (cluster_propose: ranks 2/3's step 1 starts 0.2 s before rank 0's), so neither is drawn from one
// rank's bounds: rank 0's bands over every lane and its names in the ruler left ranks 2/3's step 1 under
// no name, and drew a boundary those ranks do not have. GUI thread (or the export's).
#include "views/timeline/framebuilder.h"

#include "views/common/palette.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <map>
#include <set>

namespace rs::views {

namespace {
/// A step boundary the ranks differ by less than this (px) is one boundary on screen.
constexpr double kAlikePx = 2;
QString tr(const char* s) {
    return QCoreApplication::translate("TimelineView", s);
}
} // namespace

std::pair<size_t, size_t> FrameBuilder::stepsInWindow(const FrameInput& in, int rank, int64_t t0,
                                                      int64_t t1) {
    // the summary's steps are ordered by rank, then start: a rank's steps are one run, searched by time
    const auto& v = in.summary->steps;
    auto lo =
        std::partition_point(v.begin(), v.end(), [&](const query::StepDesc& s) { return s.rank < rank; });
    auto hi = std::partition_point(lo, v.end(), [&](const query::StepDesc& s) { return s.rank == rank; });
    auto from = std::partition_point(lo, hi, [&](const query::StepDesc& s) { return s.startNs <= t0; });
    while (from != lo && std::prev(from)->endNs >= t0)
        --from; // the step that holds t0 (and any earlier one still running)
    auto to = std::partition_point(from, hi, [&](const query::StepDesc& s) { return s.startNs <= t1; });
    return {size_t(from - v.begin()), size_t(to - v.begin())};
}

std::vector<int> FrameBuilder::stepRanks(const FrameInput& in) {
    std::vector<int> out;
    if (in.layout) {
        const std::set<int> shown = in.layout->ranks();
        for (int r : in.summary->ranks)
            if (shown.count(r)) out.push_back(r);
    }
    return out.empty() ? in.summary->ranks : out;
}

void FrameBuilder::addSteps(const FrameInput& in, DrawList& out) const {
    const Viewport& vp = in.viewport;
    for (int rank : stepRanks(in)) {
        const QRectF block = in.rankBlock(rank);
        if (block.isNull() || block.bottom() < vp.lanesTop() || block.top() > vp.height) continue;
        const TimeMapping rm = in.rankMapping(rank);
        auto [from, to] = stepsInWindow(in, rank, rm.t(Viewport::kGutter), rm.t(vp.width));
        for (size_t i = from; i < to; ++i) {
            const query::StepDesc& s = in.summary->steps[i];
            if (s.step & 1) continue; // the even step numbers on every rank: one step reads alike on all
            double x0 = rm.x(s.startNs), x1 = rm.x(s.endNs);
            if (x1 < Viewport::kGutter || x0 > vp.width) continue;
            if (x1 - x0 < 2) continue; // steps narrower than 2 px would only dither the plot grey
            x0 = std::max(x0, double(Viewport::kGutter) - 4); // far zoomed in a step is billions of px wide
            x1 = std::min(x1, double(vp.width) + 4);
            out.add(FillRect{QRectF(x0, block.top(), x1 - x0, block.height()), in.palette.stepBand()});
        }
    }
}

std::vector<FrameBuilder::StepExtent> FrameBuilder::stepExtents(const FrameInput& in) {
    const Viewport& vp = in.viewport;
    std::map<int64_t, StepExtent> byStep;
    int ranksWithSteps = 0;
    for (int rank : stepRanks(in)) {
        const TimeMapping rm = in.rankMapping(rank);
        auto [from, to] = stepsInWindow(in, rank, rm.t(Viewport::kGutter), rm.t(vp.width));
        ranksWithSteps += from < to;
        for (size_t i = from; i < to; ++i) {
            const query::StepDesc& s = in.summary->steps[i];
            const double x0 = rm.x(s.startNs), x1 = rm.x(s.endNs);
            auto [it, fresh] = byStep.try_emplace(s.step, StepExtent{s.step, x0, x1, x0, x1, 0, false});
            StepExtent& e = it->second;
            e.x0 = std::min(e.x0, x0), e.x1 = std::max(e.x1, x1);
            e.common0 = std::max(e.common0, x0), e.common1 = std::min(e.common1, x1);
            ++e.ranks;
        }
    }
    std::vector<StepExtent> out;
    for (auto& [step, e] : byStep) {
        // a step some ranks lack, or whose bounds lie apart on screen
        e.ranksDiffer =
            e.ranks < ranksWithSteps || e.common0 - e.x0 > kAlikePx || e.x1 - e.common1 > kAlikePx;
        out.push_back(e);
    }
    std::sort(out.begin(), out.end(), [](const StepExtent& a, const StepExtent& b) { return a.x0 < b.x0; });
    return out;
}

void FrameBuilder::addStepNames(const FrameInput& in, const QFontMetricsF& fm, DrawList& out) const {
    if (in.summary->ranks.empty()) return;
    const double k = Viewport::kGutter, right = in.viewport.width;
    const auto steps = stepExtents(in);
    for (size_t i = 0; i < steps.size(); ++i) {
        const StepExtent& s = steps[i];
        // from where the first rank's step starts to where the last one's ends, up to the next name
        const double x0 = std::max(s.x0, k);
        const double x1 = std::min(s.x1, i + 1 < steps.size() ? std::max(steps[i + 1].x0, k) : s.x1);
        if (x1 - x0 < 30 || x0 > right) continue;
        const auto it = m_outlierRanks.find(s.step);
        const QString label = stepLabel(s.step, it != m_outlierRanks.end() ? it->second : std::vector<int>{},
                                        fm, x1 - x0, s.ranksDiffer);
        if (label.isEmpty()) continue;
        const bool warned = label.contains(QChar(0x26A0)); // red only beside the ranks it names
        out.add(Text{QRectF(x0 + 3, kStepRow, x1 - x0 - 3, 13), label,
                     warned ? waitColor().rgba() : in.palette.placeholder, FontRole::Axis, Qt::AlignLeft});
    }
}

QString FrameBuilder::stepLabel(int64_t step, const std::vector<int>& outlierRanks, const QFontMetricsF& fm,
                                double width, bool ranksDiffer) {
    // the ruler stands over every rank: the ⚠ names the ranks whose step it is an outlier of ('Step 3 ⚠
    // outlier' stood over cluster_propose's ranks whose step 3 was typical; issue 19), and a name over
    // steps whose bounds differ by rank says so (each rank's band shows its own). The longest label that
    // fits the step: text is not clipped, and "Step 101Step 102" ran together on a run of narrow steps
    // (walk 11). Where no rank fits beside it, no ⚠ at all.
    QStringList candidates;
    const QString n = QString::number(step);
    if (!outlierRanks.empty()) {
        QStringList names;
        for (int r : outlierRanks)
            names << QString::number(r);
        const QString which = outlierRanks.size() == 1   ? tr("rank %1").arg(names.front())
                              : outlierRanks.size() <= 3 ? tr("ranks %1").arg(names.join(", "))
                                                         : tr("%1 ranks").arg(outlierRanks.size());
        candidates << tr("Step %1 ⚠ outlier on %2").arg(n, which) << tr("Step %1 ⚠ %2").arg(n, which);
        if (outlierRanks.size() == 1) candidates << tr("%1 ⚠ r%2").arg(n, names.front());
    }
    if (ranksDiffer) candidates << tr("Step %1 (bounds differ by rank)").arg(n);
    candidates << tr("Step %1").arg(n) << n;
    for (const QString& c : candidates)
        if (fm.horizontalAdvance(c) + 6 <= width) return c;
    return {};
}

} // namespace rs::views
