#pragma once
// Which of a window's flow arrows a frame draws. At Fit a profile with thousands of flows drew every arrow
// the query returned (up to 2000), and their teal painted a solid block over the lanes: the spans under it
// could not be seen (issue 19). Arrows whose two ends fall on the same few pixels are drawn once (standing
// for all of them); then, past an ink budget tied to the plot's area, the arrows drawn are spread over the
// lanes (every lane with a flow keeps at least one) and over each lane's time. The selected span's arrows
// are not thinned (the frame builder draws them all). Pure functions, pixels in; any thread.
#include <QPointF>
#include <QRectF>
#include <cstdint>
#include <vector>

namespace rs::views {

/// One window arrow as it would be drawn (widget px) and the two lanes its ends are on.
struct FlowCandidate {
    QPointF from, to;
    int64_t fromLane = 0, toLane = 0; ///< track ids
};

/// One arrow to draw: the candidates (indexes) it stands for, the first drawn, in the candidates' order.
struct FlowGroup {
    std::vector<size_t> members;
};

namespace flowdensity {

/// px: two arrows whose ends both fall in the same cells of this size are one arrow on screen.
constexpr double kMergeCellPx = 4;
/// The share of the plot's area the window's arrows may cover (estimated ink, see inkOf): past it the
/// lanes under them stop reading as lanes. 6 %: a whole-run view keeps ~94 % of its pixels for spans.
constexpr double kInkShare = 0.06;

/// px² an arrow paints: its 2 px shaft, its start's dot and its head.
double inkOf(QPointF from, QPointF to);

/// The ink the window's arrows may use in `plot` (px²).
double inkBudget(const QRectF& plot);

/// The candidates merged by their ends' cells (in the order of each group's first), then, where their ink
/// is over `budget`, some of the groups: taken lane by lane in turn (each lane's groups in an order that
/// spreads any prefix of them over its time), every lane with a group getting one before any gets a second,
/// until the budget is spent. Returned in the candidates' order.
std::vector<FlowGroup> thin(const std::vector<FlowCandidate>& c, double budget, double cellPx = kMergeCellPx);

} // namespace flowdensity
} // namespace rs::views
