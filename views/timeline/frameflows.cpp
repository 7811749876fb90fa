// The frame builder's flow arrows: from the end of the source span (or, when the destination starts before
// that, from the source at the destination's start) to the start of the destination span (at the window's
// edge when a span is cut by it), each point on its span's row of its lane; an end that is not on screen
// (outside the window, scrolled away, in a collapsed or hidden rank) is drawn at the plot's edge where it
// lies, with a label naming it and where it starts against the end on screen
// ("→ rank 1 · Stream 7 · starts 2.1 ms after this one starts"), one label per lane and edge for all the
// arrows that go there ("→ rank 1 · Stream 7 · 5 flows, starting 2.1 ms to 3.0 ms after the spans they leave
// here start"), over all the arrows, none over another. The selected span's arrows are drawn last, on top,
// and their labels placed first. Any thread (see framebuilder.h).
#include "views/timeline/flowdensity.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/segmentclip.h"

#include "views/common/palette.h"
#include "views/common/rankname.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <optional>

namespace rs::views {

namespace {

/// Where one end of an arrow is, in widget pixels.
struct EndPoint {
    QPointF p;
    bool onScreen = false;
    bool placed = false; ///< y is known (its lane or its rank's header is laid out)
};

/// `atNs`: where on the span the arrow leaves or arrives.
EndPoint locate(const FrameInput& in, const query::FlowEnd& e, int64_t atNs) {
    EndPoint out;
    const Viewport& vp = in.viewport;
    const QRectF plot = vp.plot();
    // a span cut by the window's edge: at that edge
    const TimeMapping tm = in.rankMapping(e.rank);
    const double x0 = tm.x(e.startNs), x1 = tm.x(std::max(e.endNs, e.startNs));
    const bool inWindow = x1 >= plot.left() && x0 <= plot.right();
    double x = tm.x(atNs);
    if (inWindow) x = std::clamp(x, plot.left(), plot.right());
    out.p.setX(x);
    if (const Lane* l = in.layout->laneOf(e.trackId)) {
        const double rowH = double(l->height - 3) / std::max(1, l->rows);
        const int row = std::clamp(e.depth, 0, std::max(0, l->rows - 1));
        out.p.setY(vp.yOf(l->y) + 1 + row * rowH + rowH / 2);
        out.placed = true;
    } else if (auto [top, bottom] = in.layout->rankSpan(e.rank); top >= 0) {
        out.p.setY(vp.yOf(top) + in.options.headerHeight / 2.0); // a collapsed rank: its header row
        out.placed = true;
        return out; // the span itself is not drawn
    }
    out.onScreen = out.placed && inWindow && out.p.y() >= plot.top() && out.p.y() <= plot.bottom();
    return out;
}

/// The widget rows of the lane an arrow's end is on (its rank's header row when the rank is collapsed),
/// when they are inside the plot whole; null otherwise (scrolled away, cut by the plot's edge).
QRectF endLaneRows(const FrameInput& in, int rank, int64_t trackId) {
    const Viewport& vp = in.viewport;
    QRectF rows;
    if (const Lane* l = in.layout->laneOf(trackId))
        rows = QRectF(vp.kGutter, vp.yOf(l->y), vp.plotWidth(), l->height);
    else if (auto [top, bottom] = in.layout->rankSpan(rank); top >= 0)
        rows = QRectF(vp.kGutter, vp.yOf(top), vp.plotWidth(), in.options.headerHeight);
    const QRectF plot = vp.plot();
    return rows.top() >= plot.top() && rows.bottom() <= plot.bottom() ? rows : QRectF();
}

/// The label's figure in words: where the far end starts against the near one's start. A bare "+2.1 ms"
/// beside an arrow read as the flow's length, though the arrow is drawn from the source's end and a
/// launch's figure is its kernel's start after the launch's start (issue 19).
QString startOffsetText(int64_t farStartNs, int64_t nearStartNs) {
    const int64_t d = farStartNs - nearStartNs;
    if (d == 0) return QCoreApplication::translate("TimelineView", "starts as this one starts");
    return QCoreApplication::translate("TimelineView", d > 0 ? "starts %1 after this one starts"
                                                             : "starts %1 before this one starts")
        .arg(formatDuration(d > 0 ? d : -d));
}

/// A bundle's figure: "+4 more" after one arrow's "starts 2.1 ms after this one starts" read as that one
/// arrow's label over many (issue 19); it says how many flows it stands for and the spread of their far
/// ends' starts against their ends on screen. `toDst`: the far ends are the flows' destinations.
QString bundleText(int flows, int64_t dMin, int64_t dMax, bool toDst) {
    const auto side = [](int64_t d) {
        return d == 0 ? QCoreApplication::translate("TimelineView", "at the same time as")
                      : QCoreApplication::translate("TimelineView", d > 0 ? "%1 after" : "%1 before")
                            .arg(formatDuration(d > 0 ? d : -d));
    };
    QString spread;
    if (dMin == dMax)
        spread = side(dMin);
    else if (dMin >= 0)
        spread = QCoreApplication::translate("TimelineView", "%1 to %2 after")
                     .arg(formatDuration(dMin), formatDuration(dMax));
    else if (dMax <= 0)
        spread = QCoreApplication::translate("TimelineView", "%1 to %2 before")
                     .arg(formatDuration(-dMax), formatDuration(-dMin));
    else
        spread = QCoreApplication::translate("TimelineView", "from %1 to %2").arg(side(dMin), side(dMax));
    return (toDst ? QCoreApplication::translate("TimelineView",
                                                "%1 flows, starting %2 the spans they leave here start")
                  : QCoreApplication::translate("TimelineView",
                                                "%1 flows, starting %2 the spans they lead to here start"))
        .arg(flows)
        .arg(spread);
}

/// The tooltip's line of both figures: the destination's start from the source's start, and from the
/// source's end, where the arrow leaves it (the two differ by the source's duration).
QString delaysText(const query::FlowArrow& a) {
    const auto signedText = [](int64_t ns) {
        return (ns < 0 ? QString::fromUtf8("−") : QString("+")) + formatDuration(ns < 0 ? -ns : ns);
    };
    return QCoreApplication::translate(
               "TimelineView", "<br>the destination starts %1 from the source's start, %2 from its end")
        .arg(signedText(a.dst.startNs - a.src.startNs),
             signedText(a.dst.startNs - std::max(a.src.startNs, a.src.endNs)));
}

/// The label of an arrow's end that is not on screen, drawn at the plot's edge where that end lies.
struct OffLabel {
    size_t arrow;       ///< index into the overlay's arrows (of the first, when merged)
    bool selected;      ///< an arrow of the selected span
    bool toDst;         ///< it names the arrow's destination (else its source)
    QPointF off, on;    ///< the arrow's end at the edge, and its end on screen (widget px)
    int rank;           ///< the named end's
    int64_t trackId;    ///< the named end's lane
    int onRank;         ///< the end on screen's
    int64_t onTrackId;  ///< the end on screen's lane
    int64_t spanId;     ///< the named end's span
    QRgb color;         ///< the arrow's category
    QString where;      ///< the named end's rank and lane
    int64_t dMin, dMax; ///< ns: the far ends' starts against the near ends' (one arrow: equal)
    QString tip;        ///< rich text
    int more = 0;       ///< other arrows to the same place this label stands for
    /// One line: the place, and where its far end starts against its end on screen (a bundle: how many
    /// flows and the spread).
    QString text() const {
        return QString::fromUtf8(toDst ? "→ %1 · %2" : "← %1 · %2")
            .arg(where, more ? bundleText(more + 1, dMin, dMax, toDst) : startOffsetText(dMax, 0));
    }
};

/// One label per place: the arrows of a lane that leave the window at the same edge, the same way, are
/// named once with how many flows go there ("5 flows, starting …"). A host thread's launches left of a window
/// each had a label naming the same thread, stacked until they piled on one another (walk 23 #2).
std::vector<OffLabel> mergeByPlace(std::vector<OffLabel> all, const QRectF& plot) {
    // the edge the end is drawn at (an end in a collapsed rank or scrolled away is inside the window's
    // times): by the end itself, not against the end on screen, which may stand at that edge too
    auto side = [&](const OffLabel& l) {
        return l.off.x() < plot.left() + 3 ? -1 : l.off.x() > plot.right() - 3;
    };
    std::vector<OffLabel> out;
    for (OffLabel& l : all) {
        auto same = std::find_if(out.begin(), out.end(), [&](const OffLabel& o) {
            return o.selected == l.selected && o.toDst == l.toDst && o.rank == l.rank &&
                   o.trackId == l.trackId && side(o) == side(l);
        });
        if (same == out.end()) {
            out.push_back(std::move(l));
        } else {
            ++same->more;
            same->dMin = std::min(same->dMin, l.dMin);
            same->dMax = std::max(same->dMax, l.dMax);
        }
    }
    // the selected span's labels are placed first: they are what a click on a span asked for
    std::stable_partition(out.begin(), out.end(), [](const OffLabel& l) { return l.selected; });
    return out;
}

/// Where a label may stand: beside the arrow's end at the edge, in the rows of the lane that end is on; or,
/// where that lane is not in view, beside the end on screen in its lane's rows. A label stacked up to four
/// rows above the end it names, within its rank, sat over another plane's lanes (the Ascend samples' flows,
/// issue 19): it stays in one of its arrow's own lanes, or is not drawn (the arrow's tooltip names it).
struct LabelSlot {
    QRectF rows; ///< the lane rows it stays in (widget px)
    double x;    ///< its left edge
    double y;    ///< its first top, by the arrow's end
};

std::optional<LabelSlot> labelSlot(const FrameInput& in, const OffLabel& l, double w, double h) {
    const QRectF plot = in.viewport.plot();
    auto inPlot = [&](double x) {
        return std::clamp(x, plot.left() + 2, std::max(plot.left() + 2, plot.right() - w - 2));
    };
    if (const QRectF rows = endLaneRows(in, l.rank, l.trackId); !rows.isNull() && rows.height() >= h) {
        // beside the arrow's end at the edge, toward the end on screen
        double x = l.off.x() < l.on.x() ? l.off.x() + 4 : l.off.x() - w - 4;
        if (l.off.x() > plot.left() + 4 && l.off.x() < plot.right() - 4) x = l.off.x() - w / 2;
        return LabelSlot{rows, inPlot(x), l.off.y() - h - 3};
    }
    if (const QRectF rows = endLaneRows(in, l.onRank, l.onTrackId); !rows.isNull() && rows.height() >= h)
        // beside the end on screen, toward the edge its arrow leaves at
        return LabelSlot{rows, inPlot(l.off.x() < l.on.x() ? l.on.x() - w - 6 : l.on.x() + 6),
                         l.on.y() - h - 3};
    return std::nullopt;
}

/// Places each label in its slot, stacked away from its arrow's end within its lane where another label
/// stands; one that still meets another, or finds no lane of its arrow in view with room, is left out (its
/// arrow still reaches the edge, its tooltip names the far end), so no two labels cover each other.
void addOffScreenLabels(const FrameInput& in, const std::vector<OffLabel>& labels, DrawList& out) {
    const QRectF plot = in.viewport.plot();
    const QFontMetricsF fm(fontFor(FontRole::Small, in.font));
    std::vector<QRectF> placed;
    for (const OffLabel& l : labels) {
        const QString text = l.text();
        const double w = std::min(fm.horizontalAdvance(text) + 8, plot.width() - 4), h = fm.height() + 2;
        const std::optional<LabelSlot> slot = labelSlot(in, l, w, h);
        if (!slot) continue;
        const QRectF& rows = slot->rows;
        QRectF box(slot->x, std::clamp(slot->y, rows.top(), rows.bottom() - h), w, h);
        auto covered = [&] {
            return std::any_of(placed.begin(), placed.end(),
                               [&](const QRectF& r) { return r.intersects(box); });
        };
        // the lane's other rows, nearest the end first
        std::vector<double> tops;
        for (double y = rows.top(); y + h <= rows.bottom(); y += h + 1)
            tops.push_back(y);
        const double wanted = box.top();
        std::stable_sort(tops.begin(), tops.end(),
                         [&](double a, double b) { return std::abs(a - wanted) < std::abs(b - wanted); });
        for (size_t k = 0; k < tops.size() && covered(); ++k)
            box.moveTop(tops[k]);
        if (covered()) continue;
        placed.push_back(box);
        out.add(FillRect{box,
                         qRgba(qRed(in.palette.base), qGreen(in.palette.base), qBlue(in.palette.base), 225)});
        out.add(StrokeRect{box, l.color, 1});
        out.add(Text{box.adjusted(4, 0, -4, 0), text, in.palette.windowText, FontRole::Small,
                     Qt::AlignVCenter | Qt::AlignLeft, true});
        // the label names a place: a click goes there (it selected the span under it)
        const QString more =
            l.more
                ? (l.toDst
                       ? QCoreApplication::translate("TimelineView", "<br>and %1 more flows to this lane")
                       : QCoreApplication::translate("TimelineView", "<br>and %1 more flows from this lane"))
                      .arg(l.more)
                : QString();
        out.flowLabels.push_back({box, l.arrow, l.toDst, l.spanId, l.tip + more});
    }
}

} // namespace

QString FrameBuilder::trackName(int64_t trackId) {
    if (m_trackNames.empty() && m_summary)
        for (const auto& t : m_summary->tracks)
            m_trackNames[t.trackId] = QString::fromStdString(t.name);
    auto it = m_trackNames.find(trackId);
    return it == m_trackNames.end() ? QString("track %1").arg(trackId) : it->second;
}

namespace {

/// The window's flow arrows a frame draws (flowdensity.h): the note's figures.
struct WindowFlowCounts {
    int shown = 0;    ///< flows drawn (each of an arrow drawn for several counted)
    int onScreen = 0; ///< flows with an end on screen
    int arrows = 0;   ///< arrows drawn for them
};

/// An arrow's two ends as drawn: `off` moved to the plot's edge where it is not on screen.
struct PlacedArrow {
    size_t index;     ///< into the overlay's arrows
    EndPoint s, d;    ///< source, destination
    bool srcOnScreen; ///< else the destination is the end on screen
};

std::optional<PlacedArrow> place(const FrameInput& in, const query::FlowArrow& a, size_t index) {
    const QRectF plot = in.viewport.plot();
    // from the source's end, or straight down (up) from it where the destination starts before that end
    const int64_t leave = std::clamp(a.dst.startNs, a.src.startNs, std::max(a.src.startNs, a.src.endNs));
    PlacedArrow p{index, locate(in, a.src, leave), locate(in, a.dst, a.dst.startNs), false};
    if (!p.s.onScreen && !p.d.onScreen) return std::nullopt;
    p.srcOnScreen = p.s.onScreen;
    EndPoint& off = p.s.onScreen ? p.d : p.s;
    const EndPoint& on = p.s.onScreen ? p.s : p.d;
    if (!off.onScreen) { // to the edge where it lies
        if (!off.placed) off.p.setY(on.p.y());
        off.p.setX(std::clamp(off.p.x(), plot.left() + 2, plot.right() - 2));
        off.p.setY(std::clamp(off.p.y(), plot.top() + 2, plot.bottom() - 2));
    }
    return p;
}

/// The window's arrows as drawn (thinned: flowdensity.h) then the selected span's, all of them, last (on
/// top), each with how many flows it stands for.
std::vector<std::pair<PlacedArrow, int>> arrowsToDraw(const FrameInput& in, WindowFlowCounts& n) {
    const auto& arrows = in.flows->arrows;
    std::vector<PlacedArrow> window;
    std::vector<FlowCandidate> candidates;
    for (size_t i = in.flows->spanArrows; i < arrows.size(); ++i)
        if (auto p = place(in, arrows[i], i)) {
            candidates.push_back({p->s.p, p->d.p, arrows[i].src.trackId, arrows[i].dst.trackId});
            window.push_back(*p);
        }
    std::vector<std::pair<PlacedArrow, int>> out;
    n = {0, int(window.size()), 0};
    for (const FlowGroup& g : flowdensity::thin(candidates, flowdensity::inkBudget(in.viewport.plot()))) {
        out.emplace_back(window[g.members.front()], int(g.members.size()));
        n.shown += int(g.members.size());
        ++n.arrows;
    }
    for (size_t i = 0; i < in.flows->spanArrows && i < arrows.size(); ++i)
        if (auto p = place(in, arrows[i], i)) out.emplace_back(*p, 1);
    return out;
}

/// The boxed line at the plot's top right: `n.shown` of the window's arrows drawn (some of more).
void addWindowFlowsNote(const FrameInput& in, const WindowFlowCounts& n, DrawList& out);

} // namespace

void FrameBuilder::addFlows(const FrameInput& in, DrawList& out) {
    if (!in.flows || in.flows->arrows.empty()) return;
    const QRectF plot = in.viewport.plot();
    auto where = [&](const query::FlowEnd& e) {
        return QString("%1 · %2").arg(rankName(m_summary, e.rank), trackName(e.trackId));
    };
    const auto& arrows = in.flows->arrows;
    WindowFlowCounts counts;
    std::vector<OffLabel> offLabels;
    for (const auto& [p, flows] : arrowsToDraw(in, counts)) {
        const size_t i = p.index;
        const query::FlowArrow& a = arrows[i];
        const bool selected = i < in.flows->spanArrows;
        const EndPoint& off = p.srcOnScreen ? p.d : p.s;
        const EndPoint& on = p.srcOnScreen ? p.s : p.d;
        const query::FlowEnd& offEnd = p.srcOnScreen ? a.dst : a.src;
        const query::FlowEnd& onEnd = p.srcOnScreen ? a.src : a.dst;
        const QRgb color = flowArrowColor().rgb(); // the legend names it; the tooltip the category
        // through segmentclip as every line of the frame: both ends are in the plot here (the end out of
        // view was moved to its edge above), so only a rounding at the edge can cut it
        const std::optional<Arrow> shown = clippedArrow(p.s.p, p.d.p, color, plot);
        if (!shown) continue;
        out.add(*shown);
        const QString merged =
            flows > 1
                ? QCoreApplication::translate("TimelineView",
                                              "<b>%1 flows</b> drawn as this one arrow: their ends fall "
                                              "on the same pixels — zoom in to tell them apart. The "
                                              "first:<br>")
                      .arg(flows)
                : QString();
        const QString tip =
            merged +
            QCoreApplication::translate("TimelineView",
                                        "<b>Flow</b> %1 (id %2)<br>from: %3 — %4<br>to: %5 — %6")
                .arg(QString::fromStdString(a.category).toHtmlEscaped(),
                     QString::fromStdString(a.flowId).toHtmlEscaped(), where(a.src).toHtmlEscaped(),
                     QString::fromStdString(a.src.name).toHtmlEscaped(), where(a.dst).toHtmlEscaped(),
                     QString::fromStdString(a.dst.name).toHtmlEscaped()) +
            delaysText(a);
        if (!off.onScreen) {
            OffLabel l{i,
                       selected,
                       p.srcOnScreen,
                       off.p,
                       on.p,
                       offEnd.rank,
                       offEnd.trackId,
                       onEnd.rank,
                       onEnd.trackId,
                       offEnd.spanId,
                       color,
                       where(offEnd),
                       offEnd.startNs - onEnd.startNs,
                       offEnd.startNs - onEnd.startNs,
                       tip + QCoreApplication::translate("TimelineView", "<br><i>click: go to %1</i>")
                                 .arg(where(offEnd).toHtmlEscaped())};
            l.more = flows - 1; // the flows merged into it go there too
            offLabels.push_back(std::move(l));
        }
        out.flowMarks.emplace_back(QLineF(p.s.p, p.d.p), tip);
    }
    // over every arrow: none crosses them
    addOffScreenLabels(in, mergeByPlace(std::move(offLabels), plot), out);
    if (in.flows->windowTruncated || counts.shown < counts.onScreen) addWindowFlowsNote(in, counts, out);
}

void FrameBuilder::addTruncatedNote(const FrameInput& in, DrawList& out) {
    WindowFlowCounts counts;
    arrowsToDraw(in, counts);
    addWindowFlowsNote(in, counts, out);
}

namespace {

/// Why some of the window's flows are not drawn as arrows of their own, "; "-joined; empty: all are.
QString whyLeftOut(const FlowOverlay& f, const WindowFlowCounts& n) {
    // issue 19: "689 of 4317 shown as 121 arrows" read as three unrelated numbers; say what each one counts
    // and why some are left out: the density rule (flowdensity.h), the query's limit, or both
    QStringList why;
    if (n.shown < n.onScreen)
        why << QCoreApplication::translate("TimelineView", "thinned to keep the lanes readable");
    if (f.windowTruncated) why << QCoreApplication::translate("TimelineView", "a sample of them read");
    if (n.arrows < n.shown)
        why << QCoreApplication::translate("TimelineView", "arrows with the same ends merged");
    return why.join(QStringLiteral("; "));
}

void addWindowFlowsNote(const FrameInput& in, const WindowFlowCounts& n, DrawList& out) {
    // a picture with some of the window's arrows says so: ranks or steps without arrows read as having
    // no flows (walk 51b: the healthy demo's export drew rank 0's and the first 15 steps' only); some are
    // the query's limit, some the frame's density rule (flowdensity.h)
    const FlowOverlay& f = *in.flows;
    const qint64 all = f.windowTruncated ? f.windowMatched : n.onScreen;
    const QString of = f.windowTruncated && f.windowMatchedAtLeast
                           ? QCoreApplication::translate("TimelineView", "more than %1").arg(all)
                           : QString::number(all);
    const QString why = whyLeftOut(f, n);
    const QString arrows = n.arrows == 1
                               ? QCoreApplication::translate("TimelineView", "1 arrow")
                               : QCoreApplication::translate("TimelineView", "%1 arrows").arg(n.arrows);
    const QString note =
        QCoreApplication::translate("TimelineView",
                                    "flows: %1 drawn for %2 of the window's %3%4 — zoom in to see every one")
            .arg(arrows, QString::number(n.shown), of,
                 why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
    const QFontMetricsF fm(fontFor(FontRole::Small, in.font));
    const QRectF plot = in.viewport.plot();
    const double w = std::min(plot.width() - 8, fm.horizontalAdvance(note) + 12);
    const QRectF box(plot.right() - w - 4, plot.top() + 4, w, fm.height() + 6);
    QColor back = QColor::fromRgba(in.palette.base);
    back.setAlpha(230);
    out.add(FillRect{box, back.rgba()});
    out.add(StrokeRect{box, in.palette.mid, 1.0f});
    out.add(Text{box, note, in.palette.windowText, FontRole::Small, int(Qt::AlignCenter), true});
}

} // namespace
} // namespace rs::views
