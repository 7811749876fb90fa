// The frame builder's annotations (notes, ranges, arrows, boxes with their labels, placed so a label never
// covers another) and what the mouse is drawing (a Shift-drag range with its length, an annotation being
// drafted). Any thread (see framebuilder.h).
#include "views/annotate/annotationpainter.h"
#include "views/timeline/framebuilder.h"

#include <algorithm>
#include <set>

namespace rs::views {

namespace {

class CalloutPlacer {
  public:
    CalloutPlacer(const FrameInput& in, DrawList& out)
        : m_font(fontFor(FontRole::Callout, in.font)), m_plot(in.viewport.plot()), m_out(out) {}
    /// A label near `at`, moved below the labels already placed instead of covering them. Measured as it
    /// is drawn, where it is drawn: a fixed 160 px probe at `at` missed a longer label, or one the plot's
    /// edge moved left, and a second label covered the first (walk 42, a 700 px timeline).
    void place(QPointF at, const annotate::Annotation& a) {
        const QString text = QString::fromStdString(a.text);
        CalloutBox c = placeCallout(m_font, at, text, m_plot);
        const QPointF wanted = at;
        bool clear = false;
        for (int tries = 0; tries < 24 && !clear; ++tries) {
            const auto clash = std::find_if(m_placed.begin(), m_placed.end(), [&](const QRectF& r) {
                return r.intersects(c.box.adjusted(0, -1, 0, 1));
            });
            clear = clash == m_placed.end();
            if (clear) break;
            at.setY(clash->bottom() + 2); // under the label it would cover
            c = placeCallout(m_font, at, text, m_plot);
        }
        // no room under them (a short view: the plot's edge held it back over the label it covered, walk 47
        // at 640 × 480): the nearest free spot above or below, in its column or the ones beside it
        if (!clear) c = placeCalloutOff(m_font, wanted, text, m_plot, grown(m_placed), {});
        m_placed.push_back(c.box);
        m_out.callouts.emplace_back(c.box, QString::fromStdString(a.id));
        m_out.add(Callout{c.box, std::move(c.text), annotationColor(a).rgba()});
    }
    /// A box's or range's label inside its top-left corner where it fits there; else beside it, right of
    /// it or, at the plot's right edge, left of it: inside a box narrower or lower than itself it hid what
    /// the box names (the README's annotated stall: a 30 px box on one lane under its own label).
    void placeFor(const QRectF& target, const annotate::Annotation& a) {
        const QPointF inside(target.left() + 4, target.top() + 2);
        const QRectF probe = placeCallout(m_font, inside, QString::fromStdString(a.text), m_plot).box;
        if (probe.width() + 8 <= target.width() && probe.height() + 4 <= target.height())
            return place(inside, a);
        if (target.right() + 4 + probe.width() <= m_plot.right())
            return place(QPointF(target.right() + 4, target.top() + 2), a);
        place(QPointF(target.left() - 4 - probe.width(), target.top() + 2), a);
    }

  private:
    /// The placed labels a pixel taller each way: a label may not touch another (place's rule).
    static std::vector<QRectF> grown(const std::vector<QRectF>& placed) {
        std::vector<QRectF> out;
        for (const QRectF& r : placed)
            out.push_back(r.adjusted(0, -1, 0, 1));
        return out;
    }
    QFont m_font;
    QRectF m_plot;
    DrawList& m_out;
    std::vector<QRectF> m_placed;
};

} // namespace

void FrameBuilder::addAnnotations(const FrameInput& in, DrawList& out) const {
    const Viewport& vp = in.viewport;
    const double left = Viewport::kGutter, right = vp.plotRight();
    CalloutPlacer callouts(in, out);
    for (const auto& a : in.annotations) {
        const auto& an = a.anchor;
        // an arrow's first lane is its start's; a box's and a note's lanes are all theirs
        const bool arrow = a.kind == annotate::Kind::Arrow;
        const std::vector<QRectF> rects = in.laneRects(
            an.ranks, arrow ? std::vector<annotate::LaneRef>(
                                  an.lanes.begin(), an.lanes.begin() + std::min<size_t>(1, an.lanes.size()))
                            : an.lanes);
        if (rects.empty()) continue; // its ranks are hidden or filtered out
        QRectF ext;
        for (const QRectF& r : rects)
            ext = ext.isNull() ? r : ext.united(r);
        if (a.kind != annotate::Kind::Arrow && (ext.bottom() < vp.lanesTop() || ext.top() > vp.height))
            continue; // scrolled out of view: a callout clamped into view would point at the wrong lanes
        const int rank =
            an.ranks.empty() ? (in.summary->ranks.empty() ? 0 : in.summary->ranks.front()) : an.ranks.front();
        const TimeMapping rm = in.rankMapping(rank);
        const double x0 = rm.x(an.t0Ns), x1 = rm.x(an.t1Ns);
        const QRgb c = annotationColor(a).rgba();
        if (a.kind == annotate::Kind::Arrow) {
            const auto toRects =
                in.laneRects({an.toRank}, an.lanes.size() > 1 ? std::vector<annotate::LaneRef>{an.lanes[1]}
                                                              : std::vector<annotate::LaneRef>{});
            if (toRects.empty()) continue;
            const QRectF to = toRects.front();
            const double xe = in.rankMapping(an.toRank).x(an.toNs);
            // on a lane: its middle; on a rank's block (no lane recorded): its header's
            auto yIn = [&](const QRectF& r, bool onLane) {
                return onLane ? r.center().y() : r.top() + in.options.headerHeight / 2.0;
            };
            const double ys = yIn(ext, !an.lanes.empty() && !an.lanes[0].label.empty()),
                         ye = yIn(to, an.lanes.size() > 1 && !an.lanes[1].label.empty());
            if (std::max(x0, xe) < left || std::min(x0, xe) > right) continue;
            const double top = vp.lanesTop(), bottom = vp.height;
            if (std::max(ys, ye) < top || std::min(ys, ye) > bottom) continue; // both ends scrolled away
            out.add(Arrow{QPointF(x0, ys), QPointF(xe, ye), c});
            // the label at an end in view: clamped into view from an end scrolled away it floated over
            // other ranks' lanes (walk 5)
            const bool startShown = ys >= top && ys <= bottom && x0 >= left && x0 <= right;
            const bool endShown = ye >= top && ye <= bottom && xe >= left && xe <= right;
            if (startShown)
                callouts.place(QPointF(x0 + 6, ys + 4), a);
            else if (endShown)
                callouts.place(QPointF(xe + 6, ye + 4), a);
            continue;
        }
        // the caption's rule (in the rank's time): a range ending a nanosecond before the window was
        // drawn at its edge, a pixel of slack, and the caption did not count it
        if (!annotate::meetsWindow(a, rm.t0, rm.t1)) continue;
        if (a.kind == annotate::Kind::Note) {
            out.add(Line{QPointF(x0, ext.top()), QPointF(x0, ext.bottom()), c, 2, true});
            callouts.place(QPointF(x0 + 4, ext.top() + 2), a);
            continue;
        }
        // one outline per run of its lanes: over the lanes between them it would say they are in it (walk 13)
        const double rx0 = std::max(x0, left - 2), rx1 = std::min(x1, right + 2);
        for (const QRectF& r : rects)
            out.add(Region{QRectF(rx0, r.top(), std::max(2.0, rx1 - rx0), r.height()), c,
                           a.kind == annotate::Kind::Range});
        callouts.placeFor(QRectF(rx0, ext.top(), std::max(2.0, rx1 - rx0), ext.height()), a);
    }
}

// The marked area over each of its lanes on screen: its times are on the timeline's axis when it was marked
// (aligned or not), so a rank's part is placed through that rank's offset when alignment changed since.
void FrameBuilder::addArea(const FrameInput& in, DrawList& out) const {
    const MarkedArea& a = in.area;
    if (!a.valid() || !in.layout || !in.summary) return;
    const std::set<int64_t> tracks(a.trackIds.begin(), a.trackIds.end());
    // amber over the spans (strong enough to read on dense lanes), outlined per lane
    const QRgb fill = qRgba(255, 190, 40, 90), edge = qRgb(200, 130, 0);
    const double left = Viewport::kGutter - 2, right = in.viewport.plotRight() + 2;
    auto [first, last] = visibleLanes(in);
    const auto& lanes = in.layout->lanes();
    for (size_t i = first; i < last; ++i) {
        const Lane& l = lanes[i];
        if (l.header || !tracks.count(l.trackId)) continue;
        // aligned times on the frame's axis (its own when it is aligned, else shifted to the rank's clock);
        // a rank's own times through its mapping
        int64_t off = 0;
        if (a.aligned && !in.aligned)
            if (auto it = in.summary->clockOffsetNs.find(l.rank); it != in.summary->clockOffsetNs.end())
                off = it->second;
        const TimeMapping tm = a.aligned ? in.mapping() : in.rankMapping(l.rank);
        const double x0 = std::max(tm.x(a.t0 + off), left), x1 = std::min(tm.x(a.t1 + off), right);
        if (x1 < left || x0 > right) continue;
        const double y = in.viewport.yOf(l.y);
        const QRectF r(x0, y, std::max(1.0, x1 - x0), l.height);
        out.add(FillRect{r, fill});
        out.add(StrokeRect{r.adjusted(0.5, 0.5, -0.5, -0.5), edge, 1.5f});
    }
}

void FrameBuilder::addDrag(const FrameInput& in, DrawList& out) const {
    const DragOverlay& d = in.drag;
    const QRgb preview = QColor("#1f77b4").rgba();
    switch (d.kind) {
    case DragOverlay::Kind::None:
        return;
    case DragOverlay::Kind::Select: {
        const Viewport& vp = in.viewport;
        const int a = std::min(d.from.x(), d.to.x()), b = std::max(d.from.x(), d.to.x());
        const TimeMapping tm = in.mapping();
        out.add(FillRect{QRectF(a, vp.lanesTop(), b - a, vp.height), qRgba(60, 120, 220, 50)});
        out.add(Text{QRectF(a, vp.lanesTop() + 4, std::max(b - a, 120), 16),
                     formatDuration(tm.t(b) - tm.t(a)), qRgb(40, 90, 200), FontRole::Base, Qt::AlignLeft});
        return;
    }
    case DragOverlay::Kind::Arrow:
        out.add(Arrow{QPointF(d.from), QPointF(d.to), preview});
        return;
    case DragOverlay::Kind::Area: {
        const QRectF r = QRectF(QPointF(d.from), QPointF(d.to)).normalized();
        const TimeMapping tm = in.mapping();
        out.add(FillRect{r, qRgba(255, 190, 40, 90)});
        out.add(Region{r, qRgb(200, 130, 0), false});
        out.add(Text{QRectF(r.left(), r.top() - 16, std::max(r.width(), 120.0), 16),
                     formatDuration(tm.t(int(r.right())) - tm.t(int(r.left()))), qRgb(160, 100, 0),
                     FontRole::Base, Qt::AlignLeft});
        return;
    }
    case DragOverlay::Kind::Range:
    case DragOverlay::Kind::Box:
        out.add(Region{QRectF(QPointF(d.from), QPointF(d.to)).normalized(), preview,
                       d.kind == DragOverlay::Kind::Range});
        return;
    }
}

} // namespace rs::views
