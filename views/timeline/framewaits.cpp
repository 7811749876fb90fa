// The frame builder's waits: communication waits hatched red and idle gaps before collectives orange over
// the waiting rank's lanes, the selected step's waits boxed, and a dashed link to the rank waited for.
// Only the ranks on screen and their waits in the window (WaitIndex). Any thread (see framebuilder.h).
#include "views/common/palette.h"
#include "views/timeline/framebuilder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

namespace rs::views {

namespace {

/// Waits that touch in pixel space, merged per rank and kind: zoomed out, thousands of sub-pixel waits
/// would otherwise each fill every lane of their rank (most of a frame's time).
struct WaitRun {
    double x0, x1;
    const query::WaitDesc* longest;
    bool selected;
    /// Its waits are each narrower than a pixel (widened to 2 px to stay visible). Thin and whole-pixel
    /// waits never share a run, so a real wait is not diluted by the specks beside it.
    bool thin;
    double coveredPx; ///< the run's waits' widths as measured, summed (px)
    /// How strongly the run is drawn, 0..1: a run of thin waits by the share of its drawn width they
    /// measure (walk 51: five 1 µs pieces of a 2.5 ms collective, each widened and merged, hatched the whole
    /// collective as wait at the run's overview, 2 % of it being wait), at least kFaint to stay visible.
    double strength() const {
        constexpr double kFaint = 0.35;
        if (!thin) return 1.0;
        return std::clamp(coveredPx / std::max(1.0, x1 - x0), kFaint, 1.0);
    }
};

QRgb withAlpha(QColor c, double a) {
    c.setAlpha(int(std::lround(a)));
    return c.rgba();
}

/// One run's fills over the lanes of `rank` between x0 and x1 (px). Hatch where the waiting happens (the
/// rank header and its communication lanes); only tint the compute and host lanes so the kernels around the
/// wait stay readable. The waiting part of a collective must read as red, not as the op's own colour.
void fillRun(const FrameInput& in, int rank, const WaitRun& run, QColor base, bool collective,
             DrawList& out) {
    const Viewport& vp = in.viewport;
    const auto& lanes = in.layout->lanes();
    const double x0 = run.x0, x1 = run.x1, s = run.strength();
    const query::WaitDesc& lanesOf = *run.longest;
    const QRgb tint = withAlpha(base, 22 * s), fill = withAlpha(base, 170 * s),
               hatch = withAlpha(base.darker(140), 255 * s), solid = withAlpha(base, 255 * s);
    // Adjacent lanes painted alike are filled as one rect (lanes have whole-pixel edges, so the
    // pixels are the same): zoomed out, a rank's thousand waits each filled every lane one by one.
    enum class Paint { None, Header, Comm, Other } open = Paint::None;
    QRectF merged;
    auto flush = [&] {
        if (open == Paint::Header) {
            out.add(FillRect{merged, solid});
        } else if (open == Paint::Comm) {
            out.add(FillRect{merged, fill});
            out.add(FillRect{merged, hatch, collective ? Hatch::BDiag : Hatch::FDiag});
        } else if (open == Paint::Other) {
            out.add(FillRect{merged, tint});
            if (!collective) out.add(FillRect{merged, solid, Hatch::FDiag});
        }
        open = Paint::None;
    };
    for (size_t i : in.layout->lanesOfRank(rank)) {
        const Lane& l = lanes[i];
        const double y = vp.yOf(l.y);
        if (y > vp.lanesBottom() || y + l.height < vp.lanesTop()) continue;
        const QRectF lr(x0, y, x1 - x0, l.height);
        // a wait with a lane of its own (one stream of several, or the plane of its wait tasks) is that
        // lane's: the other streams and planes did not wait
        if (!l.header && l.laneKind == LaneKind::Communication && !lanesOf.onCommLane(l.trackId)) {
            flush();
            continue;
        }
        const Paint paint = l.header                                ? Paint::Header
                            : l.laneKind == LaneKind::Communication ? Paint::Comm
                                                                    : Paint::Other;
        if (paint != Paint::Header && paint == open && merged.bottom() == y) {
            merged.setBottom(y + l.height);
            continue;
        }
        flush();
        open = paint;
        merged = paint == Paint::Header ? lr.adjusted(0, 2, 0, -2) : lr;
    }
    flush();
}

} // namespace

void FrameBuilder::addWaits(const FrameInput& in, DrawList& out) const {
    const Viewport& vp = in.viewport;
    const double left = Viewport::kGutter, right = vp.plotRight();
    const Selection& sel = in.selection;
    std::map<int, QRectF> blocks; // the ranks whose block is on screen
    for (int r : in.summary->ranks) {
        const QRectF b = in.rankBlock(r);
        if (!b.isNull() && b.bottom() >= vp.lanesTop() && b.top() <= vp.lanesBottom()) blocks[r] = b;
    }
    const double headerMid = in.options.headerHeight / 2.0;
    // per rank, kind and lanes (-1: the rank's whole block; else its own lane, or its task lane)
    std::map<std::tuple<int, bool, int64_t>, std::vector<WaitRun>> runs;
    for (const auto& [rank, block] : blocks) {
        const TimeMapping wm = in.rankMapping(rank);
        in.waits->forEach(rank, wm.t(left) - 1, wm.t(right) + 1, [&](const WaitIndex::Entry& e) {
            const query::WaitDesc& w = *e.wait;
            double x0 = wm.x(w.startNs), x1 = wm.x(w.startNs + w.durNs);
            if (x1 < left || x0 > right) return;
            const double measuredX1 = x1; // before a thin wait is widened to stay visible
            const bool thin = x1 - x0 < 1;
            x1 = std::max(x1, x0 + 2);
            // clipped to the visible lanes: at a ~50 ns window a 200 ms wait is 4·10⁹ px wide, past what the
            // raster engine fills (it drew nothing: the wait vanished when zoomed in)
            x0 = std::max(x0, left - 4);
            x1 = std::min(x1, right + 4);
            const bool selected =
                sel.kind == Selection::Kind::Step && sel.step == w.step && sel.rank == w.rank;
            const double covered = std::max(0.0, std::min(measuredX1, x1) - x0);
            auto& v = runs[{w.rank, e.collective, w.taskTrackId.value_or(w.trackId.value_or(-1))}];
            if (!v.empty() && x0 <= v.back().x1 + 1 && v.back().thin == thin) {
                WaitRun& r = v.back();
                r.x1 = std::max(r.x1, x1);
                r.coveredPx += covered;
                if (w.durNs > r.longest->durNs) r.longest = &w;
                r.selected = r.selected || selected;
            } else {
                v.push_back({x0, x1, &w, selected, thin, covered});
            }
        });
    }
    for (const auto& [key, v] : runs) {
        const int rank = std::get<0>(key);
        const bool collective = std::get<1>(key);
        const QRectF& block = blocks[rank];
        const QColor base = collective ? waitColor() : idleGapColor();
        for (const WaitRun& r : v) {
            fillRun(in, rank, r, base, collective, out);
            if (r.selected) {
                // the selected step's waits: a box where they are wide enough to leave their inside readable,
                // else only a mark on the rank's header (thin waits became solid bars over every lane)
                const QRectF box = r.x1 - r.x0 >= 6 ? QRectF(r.x0, block.top(), r.x1 - r.x0, block.height())
                                                    : QRectF(r.x0 - 1, block.top() + 1, r.x1 - r.x0 + 2,
                                                             in.options.headerHeight - 2);
                out.add(StrokeRect{box, in.palette.highlight, 1.5});
            }
            // the link to the late rank, for waits at least 2 px long as measured (every wait is drawn at
            // least 2 px wide: zoomed out, thousands of thin waits drew a web of links nobody can follow,
            // and their tooltips still name the late rank)
            // (the longest wait's own width: a run of thin waits spans more than 2 px, and the app at Fit
            // drew a link at nearly every collective of the healthy demo where the export drew none: walk
            // 51b)
            const auto& w = *r.longest;
            const TimeMapping wm = in.rankMapping(rank);
            if (!collective || !w.blamedRank || wm.x(w.startNs + w.durNs) - wm.x(w.startNs) < 2) continue;
            const QRectF target = in.rankBlock(*w.blamedRank);
            if (target.isNull()) continue;
            const double xl = in.rankMapping(*w.blamedRank).x(w.blamedArrivalNs);
            const QPointF to(xl, target.top() + headerMid);
            out.add(Line{QPointF(xl, block.top() + headerMid), to, base.darker(130).rgba(), 1.2f, true});
            out.add(Dot{to, 3, base.darker(130).rgba()});
        }
    }
}

} // namespace rs::views
