// The frame builder's annotations (notes, ranges, arrows, boxes with their labels, placed so a label never
// covers another, nor, where it has room, crosses another annotation's rule or arrow) and what the mouse is
// drawing (a Shift-drag range with its length, an annotation being drafted). Any thread (see framebuilder.h).
#include "views/annotate/annotationpainter.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/segmentclip.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <set>

namespace rs::views {

namespace {

/// Whether the segment `l` runs over any pixel of `r`.
bool crosses(const QLineF& l, const QRectF& r) {
    if (r.contains(l.p1()) || r.contains(l.p2())) return true;
    const QLineF edges[] = {{r.topLeft(), r.topRight()},
                            {r.topRight(), r.bottomRight()},
                            {r.bottomRight(), r.bottomLeft()},
                            {r.bottomLeft(), r.topLeft()}};
    return std::any_of(std::begin(edges), std::end(edges), [&](const QLineF& e) {
        return l.intersects(e, nullptr) == QLineF::BoundedIntersection;
    });
}

/// The lines an arrow from `from` to `to` draws: its shaft and its head's two sides (as drawArrow draws
/// them).
std::vector<QLineF> arrowLines(QPointF from, QPointF to) {
    const double angle = std::atan2(to.y() - from.y(), to.x() - from.x()), len = 10, spread = 0.45;
    return {QLineF(from, to),
            QLineF(to, to - QPointF(len * std::cos(angle - spread), len * std::sin(angle - spread))),
            QLineF(to, to - QPointF(len * std::cos(angle + spread), len * std::sin(angle + spread)))};
}

/// px a label keeps off its own arrow's head: the head and the shaft's end are drawn 2 px wide, and a label
/// touching them read as drawn over them (issue 19, "rank 4 waits for it" under its head at 1600 px)
constexpr double kHeadClearancePx = 3;

/// The filled head an arrow from `from` to `to` draws (as drawArrow draws it).
QPolygonF headPolygon(QPointF from, QPointF to) {
    const std::vector<QLineF> l = arrowLines(from, to);
    return QPolygonF({to, l[1].p2(), l[2].p2()});
}

/// What a label must stay off besides the other labels: its own arrow's head (never covered where any spot
/// is free of it), and the spans of lanes it does not name (a box's label below its box sat over another
/// lane's bars and read as their name: issue 19, rank 5's Plane 0 at 1600 px).
struct KeepOff {
    QPolygonF head;
    std::vector<QRectF> data;
};

class CalloutPlacer {
  public:
    CalloutPlacer(const FrameInput& in, DrawList& out)
        : m_font(fontFor(FontRole::Callout, in.font)), m_plot(labelBounds(in)), m_out(out) {}
    /// A line annotation `owner` draws (a note's dashed rule, an arrow): no other annotation's label may
    /// cross it where it has room elsewhere. Added before any label is placed.
    void addLeader(const QLineF& l, size_t owner) { m_leaders.push_back({l, owner}); }

    /// The area labels are kept in (px).
    const QRectF& bounds() const { return m_plot; }
    /// The label's size as placed (elided to the callout's width).
    QSizeF sizeOf(const annotate::Annotation& a) const {
        return placeCallout(m_font, QPointF(), QString::fromStdString(a.text), m_plot).box.size();
    }
    /// Annotation `owner`'s label at the first of `spots` (top-left corners, the preferred first) where it
    /// covers no label placed and crosses no other annotation's leader: a note's label right of the next
    /// note's rule was struck through by it, an arrow's shaft ran over a note's label (walk 48). Where none
    /// is free, the spot off the labels that the fewest leaders cross; where every spot covers a label, near
    /// the first, off the labels at least (placeOffLabels).
    /// `keep`: its own arrow's head (no spot on it is taken while one off it is free) and the other lanes'
    /// spans (each covered counts as kOverData lines).
    void place(const std::vector<QPointF>& spots, size_t owner, const annotate::Annotation& a,
               const KeepOff& keep = {}) {
        const QString text = QString::fromStdString(a.text);
        std::optional<CalloutBox> best;
        size_t fewest = 0;
        for (const QPointF& at : spots) {
            const CalloutBox c = placeCallout(m_font, at, text, m_plot);
            if (coversLabel(c.box) || onHead(c.box, keep)) continue;
            const size_t n = leadersCrossing(c.box, owner, !keep.head.isEmpty()) +
                             kOverUnlabelled * unlabelledCovered(c.box) +
                             kOverData * dataCovered(c.box, keep);
            if (n == 0) return commit(c, a);
            if (!best || n < fewest) best = c, fewest = n;
        }
        if (best) return commit(*best, a);
        placeOffLabels(spots.front(), a, keep);
    }
    /// As place, for a box's or range's label, whose spots are all on or at its own region: false, nothing
    /// placed, where each covers a label (moved off the labels it landed on another rank's lanes, inside
    /// another annotation's outline, and read as that one's name: walk 53c, the demo at Fit).
    bool placeWithin(const std::vector<QPointF>& spots, size_t owner, const annotate::Annotation& a,
                     const KeepOff& keep) {
        const QString text = QString::fromStdString(a.text);
        for (const QPointF& at : spots)
            if (!coversLabel(placeCallout(m_font, at, text, m_plot).box)) {
                place(spots, owner, a, keep);
                return true;
            }
        return false;
    }

    /// Keeps later labels off `r` (a label's bracket) as off a label.
    void reserve(const QRectF& r) { m_placed.push_back(r); }
    /// An annotation drawn without its label: a label on it read as its name (walk 52b: ARROW-C's on the
    /// unlabelled BOX-D), so a spot covering it is taken only where every spot covers one.
    void addUnlabelled(const QRectF& hover) { m_unlabelled.push_back(hover); }

  private:
    /// The plot down to the lanes shown whole: the widget blanks a lane the footer's edge cuts, and a
    /// label held above the footer was half blanked with it (walk 48, 800 × 600)
    static QRectF labelBounds(const FrameInput& in) {
        QRectF r = in.viewport.plot();
        r.setBottom(std::min(r.bottom(), double(FrameBuilder::wholeLanesBottom(in))));
        return r;
    }
    /// A label near `at`, moved below the labels already placed instead of covering them. Measured as it
    /// is drawn, where it is drawn: a fixed 160 px probe at `at` missed a longer label, or one the plot's
    /// edge moved left, and a second label covered the first (walk 42, a 700 px timeline).
    void placeOffLabels(QPointF at, const annotate::Annotation& a, const KeepOff& keep) {
        const QString text = QString::fromStdString(a.text);
        CalloutBox c = placeCallout(m_font, at, text, m_plot);
        const QPointF wanted = at;
        bool clear = false;
        std::vector<QRectF> avoid = m_placed;
        if (!keep.head.isEmpty()) { // its own head as a label (a few px out)
            const double m = kHeadClearancePx + 1;
            avoid.push_back(keep.head.boundingRect().adjusted(-m, -m, m, m));
        }
        for (int tries = 0; tries < 24 && !clear; ++tries) {
            const auto clash = std::find_if(avoid.begin(), avoid.end(), [&](const QRectF& r) {
                return r.intersects(c.box.adjusted(0, -1, 0, 1));
            });
            clear = clash == avoid.end();
            if (clear) break;
            at.setY(clash->bottom() + 2); // under the label it would cover
            c = placeCallout(m_font, at, text, m_plot);
        }
        // no room under them (a short view: the plot's edge held it back over the label it covered, walk 47
        // at 640 × 480): the nearest free spot above or below, in its column or the ones beside it
        if (!clear) c = placeCalloutOff(m_font, wanted, text, m_plot, grown(avoid), {});
        commit(c, a);
    }
    void commit(CalloutBox c, const annotate::Annotation& a) {
        m_placed.push_back(c.box);
        m_out.callouts.emplace_back(c.box, QString::fromStdString(a.id));
        m_out.add(Callout{c.box, std::move(c.text), annotationColor(a).rgba()});
    }
    /// A label may not touch another (a pixel each way).
    bool coversLabel(const QRectF& box) const {
        return std::any_of(m_placed.begin(), m_placed.end(),
                           [&](const QRectF& r) { return r.intersects(box.adjusted(0, -1, 0, 1)); });
    }
    /// Whether `box` (with kHeadClearancePx about it) touches its own arrow's head (another arrow's head is
    /// among the leaders: crossed, not forbidden).
    static bool onHead(const QRectF& box, const KeepOff& keep) {
        if (keep.head.isEmpty()) return false;
        const double m = kHeadClearancePx;
        return QPolygonF(box.adjusted(-m, -m, m, m)).intersects(keep.head);
    }
    /// A spot over another lane's span counts as crossing this many lines, per span.
    static constexpr size_t kOverData = 10;
    static size_t dataCovered(const QRectF& box, const KeepOff& keep) {
        return size_t(std::count_if(keep.data.begin(), keep.data.end(),
                                    [&](const QRectF& r) { return r.intersects(box); }));
    }
    /// A spot over an unlabelled annotation counts as crossing this many lines.
    static constexpr size_t kOverUnlabelled = 100;
    size_t unlabelledCovered(const QRectF& box) const {
        return size_t(std::count_if(m_unlabelled.begin(), m_unlabelled.end(),
                                    [&](const QRectF& r) { return r.intersects(box); }));
    }
    /// How many lines of other annotations than `owner` run over `box`.
    /// `own`: its own lines too (an arrow's label crossed by its shaft by the head read as drawn over it).
    size_t leadersCrossing(const QRectF& box, size_t owner, bool own = false) const {
        return size_t(std::count_if(m_leaders.begin(), m_leaders.end(), [&](const auto& l) {
            return (own || l.second != owner) && crosses(l.first, box);
        }));
    }
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
    std::vector<QRectF> m_placed, m_unlabelled;
    std::vector<std::pair<QLineF, size_t>> m_leaders;
};

/// A note's label spots: right of its rule at its lanes' top, then left of it, then each a row lower
/// while the rows stay on its lanes.
std::vector<QPointF> noteSpots(double x, const QRectF& lanes, QSizeF label) {
    std::vector<QPointF> out;
    for (double y = lanes.top() + 2; out.empty() || y + label.height() <= lanes.bottom();
         y += label.height() + 2) {
        out.emplace_back(x + 4, y);
        out.emplace_back(x - 4 - label.width(), y);
    }
    return out;
}

/// An arrow end's label spots: below right of the end, below left, above right, above left; under or over
/// `head` (the arrow's head at that end, or empty) by more than kHeadClearancePx, so a label moved along
/// its row (by the plot's edge) does not slide over the head.
void addEndSpots(std::vector<QPointF>& out, QPointF end, QSizeF label, const QPolygonF& head = {}) {
    const QRectF around = head.boundingRect().united(QRectF(end, QSizeF(0, 0)));
    const double gap = head.isEmpty() ? 4 : kHeadClearancePx + 2;
    for (double y : {around.bottom() + gap, around.top() - gap - label.height()})
        for (double x : {end.x() + 6, end.x() - 6 - label.width()})
            out.emplace_back(x, y);
}

/// An arrow's label spots beside its visible shaft: centred on its middle, under it, then over; then, at
/// a few points along it, the corners that keep a sloped shaft off the label (under its higher side, over
/// its lower one): centred under a sloped shaft the label was crossed by it.
void addShaftSpots(std::vector<QPointF>& out, const QLineF& shaft, QSizeF label) {
    const QPointF mid = shaft.center();
    out.emplace_back(mid.x() - label.width() / 2, mid.y() + 4);
    out.emplace_back(mid.x() - label.width() / 2, mid.y() - 4 - label.height());
    // the shaft's higher side (smaller y) is left of a point when it runs down to the right
    const bool downRight = (shaft.dx() >= 0) == (shaft.dy() >= 0);
    for (double t : {0.5, 0.3, 0.7}) {
        const QPointF p = shaft.pointAt(t);
        out.emplace_back(downRight ? p.x() - label.width() : p.x(), p.y() + 4);
        out.emplace_back(downRight ? p.x() : p.x() - label.width(), p.y() - 4 - label.height());
    }
}

/// A box's or range's label spots, each over its own x-extent: inside its top-left corner where it fits
/// there; else starting at its left edge above its top edge, on it a row at a time where it is taller than
/// the label, below its bottom edge (inside a box lower than itself it hid what the box names: the README's
/// annotated stall, a 30 px box on one lane under its own label). Beside it, a label wider than a range read
/// as naming the steps next to it (walk 52b: RANGE-B over steps 3-4 for a range on steps 5-6).
std::vector<QPointF> regionSpots(const QRectF& target, QSizeF label, const QRectF& plot) {
    std::vector<QPointF> out;
    auto rowsInside = [&](double x) {
        for (double y = target.top() + 2; y + label.height() + 2 <= target.bottom(); y += label.height() + 2)
            out.emplace_back(x, y);
    };
    if (label.width() + 8 <= target.width() && label.height() + 4 <= target.height()) {
        rowsInside(target.left() + 4);
        return out;
    }
    // centred on it (kept in the plot), tied to it by a bracket (addBracket): from its left edge, a label
    // 7× wider than its 10 px range read as naming the data right of it (issue 19, the demo at 800 px); on
    // its rows, and only where none holds the label just above or below it (from below a range of rank 0 it
    // sat on rank 1's header inside a box of rank 1, read as the box's name: walk 53c)
    const double x = std::clamp(target.center().x() - label.width() / 2, plot.left(),
                                std::max(plot.left(), plot.right() - label.width()));
    rowsInside(x);
    if (!out.empty()) return out;
    if (target.top() - label.height() - 1 >= plot.top())
        out.emplace_back(x, target.top() - label.height() - 1);
    if (target.bottom() + 1 + label.height() <= plot.bottom()) out.emplace_back(x, target.bottom() + 1);
    if (out.empty()) out.emplace_back(x, target.top() + 2);
    return out;
}

/// A bracket between a label wider than its region and the region: a line the region's width along the
/// label's edge on the region's side (under a label on its rows where the region goes on below it), its
/// ends ticked toward the region, in the annotation's colour. What the label names is then the bracket's
/// width, not the label's. Returns the rect it covers.
QRectF addBracket(const QRectF& label, const QRectF& region, QRgb color, DrawList& out) {
    const bool under = label.bottom() <= region.top() + 1 || label.bottom() + 6 <= region.bottom();
    const double y = under ? label.bottom() + 2 : label.top() - 2, tick = under ? 4 : -4;
    const double x0 = region.left(), x1 = region.left() + region.width();
    out.add(Line{QPointF(x0, y), QPointF(x1, y), color, 2});
    out.add(Line{QPointF(x0, y), QPointF(x0, y + tick), color, 2});
    out.add(Line{QPointF(x1, y), QPointF(x1, y + tick), color, 2});
    return QRectF(QPointF(x0 - 1, y), QPointF(x1 + 1, y + tick)).normalized();
}

/// px: a range, a box or an arrow spanning time narrower than this on screen has no label, its text in its
/// tooltip: at whole-run zoom a few-pixel range's and arrow's labels piled up at the plot's left edge over
/// the first steps' spans (walk 52, the demo at 800 × 600)
constexpr double kLabelledAnchorPx = 8;

/// The hover box of an unlabelled annotation (its tooltip and menu, as a label's): `r` at least
/// kLabelledAnchorPx wide about its middle.
QRectF hoverBox(const QRectF& r) {
    const double w = std::max(r.width(), kLabelledAnchorPx);
    return QRectF(r.center().x() - w / 2, r.top(), w, r.height());
}

/// A rank's header row in widget px, when it is in view whole (null otherwise).
QRectF headerRow(const FrameInput& in, int rank) {
    const QRectF block = in.rankBlock(rank); // the header is its block's first row
    if (block.isNull()) return {};
    const QRectF r(block.topLeft(), QSizeF(block.width(), in.options.headerHeight));
    const bool shown = r.top() >= in.viewport.lanesTop() && r.bottom() <= FrameBuilder::wholeLanesBottom(in);
    return shown ? r : QRectF();
}

/// The spans drawn so far (the lanes' batches) near `region` (a label's width either side) that are on
/// other rows than its own and its rank's header: what a region's label would be read as naming.
std::vector<QRectF> otherLanesSpans(const DrawList& out, const QRectF& region, const QRectF& header,
                                    double labelWidth) {
    std::vector<QRectF> found;
    const double left = region.left() - labelWidth, right = region.right() + labelWidth;
    auto own = [&](const QRectF& r) {
        const double y = r.center().y();
        return (y >= region.top() && y <= region.bottom()) ||
               (!header.isNull() && y >= header.top() && y <= header.bottom());
    };
    for (const auto* b : out.all<RectBatch>())
        for (const QRectF& r : b->rects)
            if (r.right() >= left && r.left() <= right && !own(r)) found.push_back(r);
    return found;
}

/// A region's label spots above, below or beside it moved along their row off the spans they cover (of
/// `data`), while still over some of the region's x-extent: centred on a 5 ms box at the plot's right edge,
/// the label above it covered the next lane's bars, though left of them it had room (issue 19). Added after
/// `spots`, which keep their order.
void addSlidSpots(std::vector<QPointF>& spots, const QRectF& region, QSizeF label,
                  const std::vector<QRectF>& data) {
    const size_t n = spots.size();
    for (size_t k = 0; k < n; ++k) {
        const QRectF box(spots[k], label);
        double lo = 0, hi = 0;
        bool any = false;
        for (const QRectF& r : data)
            if (r.intersects(box)) {
                lo = any ? std::min(lo, r.left()) : r.left();
                hi = any ? std::max(hi, r.right()) : r.right();
                any = true;
            }
        if (!any) continue;
        for (double x : {lo - label.width() - 2, hi + 2}) {
            const double overlap = std::min(x + label.width(), region.right()) - std::max(x, region.left());
            if (overlap >= std::min(2.0, region.width())) spots.emplace_back(x, spots[k].y());
        }
    }
}

/// What addAnnotations leaves for the labels: placed once every leader is known.
struct LabelRequest {
    size_t owner;
    std::vector<QPointF> spots;
    /// A box's or range's region (its label stays on it or is hidden, said by the caption); null: a note's
    /// or an arrow's label, moved off the others when its spots are taken.
    QRectF region = {};
    KeepOff keep = {};
};

} // namespace

void FrameBuilder::addAnnotations(const FrameInput& in, DrawList& out) const {
    const Viewport& vp = in.viewport;
    const double left = Viewport::kGutter, right = vp.plotRight();
    CalloutPlacer callouts(in, out);
    std::vector<LabelRequest> labels;
    // drawn without a label: hovered for its text, said by the caption, and kept clear of other labels
    // (walk 52b: ARROW-C's label sat on the unlabelled BOX-D, reading as its name)
    auto unlabelled = [&](const QRectF& hover, size_t owner) {
        const QString id = QString::fromStdString(in.annotations[owner].id);
        out.callouts.emplace_back(hover, id);
        out.unlabelled.push_back(id);
        callouts.addLeader(QLineF(hover.center().x(), hover.top(), hover.center().x(), hover.bottom()),
                           owner);
        callouts.addUnlabelled(hover);
    };
    for (size_t i = 0; i < in.annotations.size(); ++i) {
        const auto& a = in.annotations[i];
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
        // scrolled out of view — above the lanes, or below the last lane shown whole (under the footer: the
        // widget's height let a range on rank 5, under the legend's row, clamp its label onto rank 4's
        // memory lane, stop 54's look): a callout clamped into view would point at the wrong lanes
        // A region a pixel or two of which is left in view is out of it too: its label went under that
        // sliver, on the next rank's header, and read as that rank's (walk 57 #3)
        constexpr double kSeenPx = 3;
        if (a.kind != annotate::Kind::Arrow && std::min(ext.bottom(), double(wholeLanesBottom(in))) -
                                                       std::max(ext.top(), double(vp.lanesTop())) <
                                                   kSeenPx)
            continue;
        const int rank =
            an.ranks.empty() ? (in.summary->ranks.empty() ? 0 : in.summary->ranks.front()) : an.ranks.front();
        const TimeMapping rm = in.rankMapping(rank);
        const double x0 = rm.x(an.t0Ns), x1 = rm.x(an.t1Ns);
        const QRgb c = annotationColor(a).rgba();
        const QSizeF label = callouts.sizeOf(a);
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
            // the lanes shown whole, not the widget: an end under the footer (the legend's row) or on the
            // lane its edge cuts is not in view, and its label was clamped onto the cut lane (walk 48)
            const double top = vp.lanesTop(), bottom = wholeLanesBottom(in);
            if (std::max(ys, ye) < top || std::min(ys, ye) > bottom) continue; // both ends scrolled away
            // its part in the plot, clipped here in double precision: at a 1 µs window its ends were
            // hundreds of millions of pixels away and the rasterizer drew no shaft (issue 19)
            const std::optional<Arrow> shown = clippedArrow(QPointF(x0, ys), QPointF(xe, ye), c, vp.plot());
            if (!shown) continue; // it passes above or below the lanes in view
            out.add(*shown);
            out.drawn.push_back(QString::fromStdString(a.id));
            // an arrow over time (not one drawn straight across ranks) zoomed out to a few pixels: no label
            if (an.toNs != an.t0Ns && std::abs(xe - x0) < kLabelledAnchorPx) {
                const QRectF span = QRectF(QPointF(x0, ys), QPointF(xe, ye)).normalized();
                unlabelled(hoverBox(span.intersected(QRectF(left, top, right - left, bottom - top))), i);
                continue;
            }
            for (const QLineF& l : shown->head ? arrowLines(shown->from, shown->to)
                                               : std::vector<QLineF>{QLineF(shown->from, shown->to)})
                callouts.addLeader(l, i);
            // the label at an end in view: clamped into view from an end scrolled away it floated over
            // other ranks' lanes (walk 5)
            const bool startShown = ys >= top && ys <= bottom && x0 >= left && x0 <= right;
            const bool endShown = ye >= top && ye <= bottom && xe >= left && xe <= right;
            // by its tail first, then by its head (never on it), then beside the shaft the window shows: at
            // its end, off the plot's edge, a label slid back over its own head (issue 19)
            LabelRequest r{i, {}};
            if (shown->head) r.keep.head = headPolygon(shown->from, shown->to);
            if (startShown) addEndSpots(r.spots, QPointF(x0, ys), label);
            if (endShown) addEndSpots(r.spots, QPointF(xe, ye), label, r.keep.head);
            addShaftSpots(r.spots, QLineF(shown->from, shown->to), label);
            labels.push_back(std::move(r));
            continue;
        }
        // the caption's rule (in the rank's time): a range ending a nanosecond before the window was
        // drawn at its edge, a pixel of slack, and the caption did not count it
        if (!annotate::meetsWindow(a, rm.t0, rm.t1)) continue;
        if (a.kind == annotate::Kind::Note) {
            out.add(Line{QPointF(x0, ext.top()), QPointF(x0, ext.bottom()), c, 2, true});
            out.drawn.push_back(QString::fromStdString(a.id));
            callouts.addLeader(QLineF(x0, ext.top(), x0, ext.bottom()), i);
            labels.push_back({i, noteSpots(x0, ext, label)});
            continue;
        }
        // one outline per run of its lanes: over the lanes between them it would say they are in it (walk 13)
        const double rx0 = std::max(x0, left - 2), rx1 = std::min(x1, right + 2);
        for (const QRectF& r : rects)
            out.add(Region{QRectF(rx0, r.top(), std::max(2.0, rx1 - rx0), r.height()), c,
                           a.kind == annotate::Kind::Range});
        out.drawn.push_back(QString::fromStdString(a.id));
        if (an.t1Ns > an.t0Ns && x1 - x0 < kLabelledAnchorPx) { // a few pixels: its tooltip names it
            const double top = std::max(ext.top(), double(vp.lanesTop()));
            const double bottom = std::min(ext.bottom(), double(wholeLanesBottom(in)));
            if (bottom > top)
                unlabelled(hoverBox(QRectF(rx0, top, std::max(2.0, rx1 - rx0), bottom - top)), i);
            continue;
        }
        const QRectF region(rx0, ext.top(), std::max(2.0, rx1 - rx0), ext.height());
        LabelRequest r{i, regionSpots(region, label, callouts.bounds()), region};
        // a label taller than its lanes, above or below them, covered another lane's spans: its rank's
        // header row over it is its own too (the spots' cost keeps it off other lanes' spans: issue 19)
        const QRectF header = headerRow(in, rank);
        if (!header.isNull() && header.bottom() <= region.top() + 1 && !r.spots.empty())
            r.spots.emplace_back(r.spots.front().x(), header.center().y() - label.height() / 2);
        r.keep.data = otherLanesSpans(out, region, header, label.width());
        addSlidSpots(r.spots, region, label, r.keep.data);
        labels.push_back(std::move(r));
    }
    // the labels over every line and outline, each placed knowing all the lines it could cross; a box's or
    // range's first, bound to their own region, then the notes' and arrows', which have spots elsewhere (an
    // arrow's label by its head took the room over a box, whose label went over another lane: issue 19)
    std::stable_partition(labels.begin(), labels.end(),
                          [](const LabelRequest& r) { return !r.region.isNull(); });
    for (const LabelRequest& r : labels) {
        if (r.region.isNull()) {
            callouts.place(r.spots, r.owner, in.annotations[r.owner], r.keep);
            continue;
        }
        if (callouts.placeWithin(r.spots, r.owner, in.annotations[r.owner], r.keep)) {
            if (const QRectF box = out.callouts.back().first; box.width() > r.region.width())
                callouts.reserve(
                    addBracket(box, r.region, annotationColor(in.annotations[r.owner]).rgba(), out));
        } else {
            const double top = std::max(r.region.top(), double(vp.lanesTop()));
            const double bottom = std::min(r.region.bottom(), double(wholeLanesBottom(in)));
            if (bottom > top)
                unlabelled(hoverBox(QRectF(r.region.left(), top, r.region.width(), bottom - top)), r.owner);
        }
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
