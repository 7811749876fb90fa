// The rank overview's rows: a collapsed rank's header coloured step by step against the other ranks
// (framebuilder.h). Any thread (see framebuilder.h).
#include "views/timeline/framebuilder.h"

#include "core/model/median.h"

#include <algorithm>

namespace rs::views {

namespace {

/// Grey where a step takes its median time, turning red as it takes up to 1.5x it or more.
QRgb heatColour(double ratio) {
    const double r = std::clamp((ratio - 1.0) / 0.5, 0.0, 1.0);
    auto mix = [r](int a, int b) { return int(a + (b - a) * r); };
    return qRgb(mix(208, 214), mix(208, 39), mix(208, 40));
}

} // namespace

void FrameBuilder::computeStepMedians(const query::ProfileSummary& s) {
    m_stepMedianNs.clear();
    std::unordered_map<int64_t, std::vector<double>> walls;
    for (const auto& st : s.steps)
        walls[st.step].push_back(double(st.endNs - st.startNs));
    // the lower median, as every median the report and the tables show (core/model/median.h): a step time
    // some rank took, so of ten ranks at 40 ms and ten at 60 ms the 60 ms ones read 1.5x, not 1.2x
    for (auto& [step, v] : walls)
        m_stepMedianNs[step] = int64_t(model::lowerMedian(v));
}

void FrameBuilder::addStepHeat(const FrameInput& in, const Lane& l, double y, DrawList& out) const {
    const TimeMapping rm = in.rankMapping(l.rank);
    const double left = Viewport::kGutter, right = in.viewport.plotRight();
    auto [from, to] = stepsInWindow(in, l.rank, rm.t(left), rm.t(right));
    for (size_t i = from; i < to; ++i) {
        const query::StepDesc& s = in.summary->steps[i];
        auto m = m_stepMedianNs.find(s.step);
        if (m == m_stepMedianNs.end() || m->second <= 0) continue;
        const double x0 = std::max(rm.x(s.startNs), left), x1 = std::min(rm.x(s.endNs), right);
        if (x1 <= x0) continue;
        const double ratio = double(s.endNs - s.startNs) / double(m->second);
        // a pixel apart from the next step, so step boundaries stay visible
        out.add(FillRect{QRectF(x0, y + 1, std::max(1.0, x1 - x0 - 1), l.height - 2), heatColour(ratio)});
    }
}

} // namespace rs::views
