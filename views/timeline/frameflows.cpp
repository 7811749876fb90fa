// The frame builder's flow arrows: from the end of the source span (or, when the destination starts before
// that, from the source at the destination's start) to the start of the destination span (at the window's
// edge when a span is cut by it), each point on its span's row of its lane; an end that is not on screen
// (outside the window, scrolled away, in a collapsed or hidden rank) is drawn at the plot's edge where it
// lies, with a label naming it and where it starts against the end on screen
// ("→ rank 1 · Stream 7 · starts 2.1 ms after this one starts"), one label per lane and edge for all the
// arrows that go there ("→ rank 1 · Stream 7 · 5 flows, starting 2.1 ms to 3.0 ms after the spans they leave
// here start"), over all the arrows, none over another, at a free spot by its arrow's lanes where one is
// (flowlabelplacer.h), see-through over the spans where none is. The selected span's arrows are drawn last,
// on top, and their labels placed first. The note on a window whose arrows are some of its flows stands in
// a strip of its own under the lanes. Any thread (see framebuilder.h).
#include "views/timeline/flowdensity.h"
#include "views/timeline/flowlabelplacer.h"
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

/// A label's plate where it stands over data (no free spot): ~43 % opaque, so the spans under it keep
/// their colour (225, the plate of a label on a free spot, left them near white, as if idle).
constexpr int kSeeThroughAlpha = 110;

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
    /// The place and how many flows, the figures left to the tooltip: where the whole line finds no free
    /// spot, the short one may.
    QString shortText() const {
        return QString::fromUtf8(toDst ? "→ %1 · %2" : "← %1 · %2")
            .arg(where, more ? QCoreApplication::translate("TimelineView", "%1 flows").arg(more + 1)
                             : QCoreApplication::translate("TimelineView", "1 flow"));
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

/// The rows of the lane just above `rows`' lane when it is its expanded rank's header: a lane gap with no
/// span, where a label still stands by its arrow's lane. Null otherwise.
QRectF headerAbove(const FrameInput& in, int64_t trackId) {
    const Lane* l = in.layout->laneOf(trackId);
    const auto& lanes = in.layout->lanes();
    if (!l || l == lanes.data()) return {};
    const Lane& above = *(l - 1);
    if (!above.header || above.pinned || above.rank != l->rank || in.options.collapsedRanks.count(l->rank))
        return {};
    const Viewport& vp = in.viewport;
    const QRectF rows(vp.kGutter, vp.yOf(above.y), vp.plotWidth(), above.height);
    const QRectF plot = vp.plot();
    return rows.top() >= plot.top() && rows.bottom() <= plot.bottom() ? rows : QRectF();
}

/// Where a label may stand, preferred first: beside the arrow's end at the edge, in the rows of the lane
/// that end is on, then the header row above it; then beside the end on screen in its lane's rows, then
/// the header row above that. A label stacked up to four rows above the end it names, within its rank,
/// sat over another plane's lanes (the Ascend samples' flows, issue 19): it stays by its arrow's own lanes,
/// or is not drawn (the arrow's tooltip names it).
std::vector<LabelRegion> labelRegions(const FrameInput& in, const OffLabel& l, QSizeF size) {
    const QRectF plot = in.viewport.plot();
    const double w = size.width(), h = size.height();
    std::vector<LabelRegion> out;
    auto add = [&](const QRectF& rows, double x, double y) {
        if (rows.isNull() || rows.height() < h) return;
        x = std::clamp(x, plot.left() + 2, std::max(plot.left() + 2, plot.right() - w - 2));
        out.push_back({rows, QPointF(x, std::clamp(y, rows.top(), rows.bottom() - h))});
    };
    // beside the arrow's end at the edge, toward the end on screen
    double x = l.off.x() < l.on.x() ? l.off.x() + 4 : l.off.x() - w - 4;
    if (l.off.x() > plot.left() + 4 && l.off.x() < plot.right() - 4) x = l.off.x() - w / 2;
    const QRectF far = endLaneRows(in, l.rank, l.trackId);
    add(far, x, l.off.y() - h - 3);
    if (!far.isNull()) add(headerAbove(in, l.trackId), x, l.off.y() - h - 3);
    // beside the end on screen, toward the edge its arrow leaves at
    const double nearX = l.off.x() < l.on.x() ? l.on.x() - w - 6 : l.on.x() + 6;
    if (l.onTrackId != l.trackId || far.isNull()) {
        add(endLaneRows(in, l.onRank, l.onTrackId), nearX, l.on.y() - h - 3);
        add(headerAbove(in, l.onTrackId), nearX, l.on.y() - h - 3);
    }
    return out;
}

/// What a label keeps off: the spans, charts and hatched tails the lanes drew (the items `data` holds, but
/// a header's row-wide background), and the arrows' ends drawn (each arrow's head, its start's dot).
FlowLabelPlacer placerFor(const FrameInput& in, const DrawList& out, std::pair<size_t, size_t> data) {
    std::vector<QRectF> rects, ends;
    const double full = in.viewport.plotWidth() - 1;
    for (size_t i = data.first; i < data.second && i < out.items.size(); ++i) {
        const DrawCommand& c = out.items[i];
        if (const auto* b = std::get_if<RectBatch>(&c))
            rects.insert(rects.end(), b->rects.begin(), b->rects.end());
        else if (const auto* f = std::get_if<FillRect>(&c); f && f->rect.width() < full)
            rects.push_back(f->rect);
        else if (const auto* a = std::get_if<Area>(&c))
            rects.push_back(a->outline.boundingRect());
    }
    for (const Arrow* a : out.all<Arrow>()) {
        if (a->tail) ends.push_back(QRectF(a->from - QPointF(4, 4), QSizeF(8, 8)));
        if (!a->head) continue;
        // the head's two sides, 10 px back from its point (as drawArrow draws them)
        const double angle = std::atan2(a->to.y() - a->from.y(), a->to.x() - a->from.x());
        QRectF head(a->to, QSizeF(0, 0));
        for (double spread : {-0.45, 0.45})
            head = head.united(QRectF(
                a->to - QPointF(10 * std::cos(angle + spread), 10 * std::sin(angle + spread)), QSizeF(0, 0)));
        ends.push_back(head.adjusted(-2, -2, 2, 2));
    }
    return FlowLabelPlacer(in.viewport.plot(), std::move(rects), std::move(ends));
}

/// The label of the several groups of one lane that found no free spot: how many, their places in the
/// tooltip. `members`: indexes into `labels`.
OffLabel collapsedLabel(const std::vector<OffLabel>& labels, const std::vector<size_t>& members,
                        QString& text) {
    OffLabel first = labels[members.front()];
    bool toDst = false, fromSrc = false;
    QStringList lines;
    for (size_t k : members) {
        (labels[k].toDst ? toDst : fromSrc) = true;
        lines << labels[k].text().toHtmlEscaped();
    }
    text = QCoreApplication::translate("TimelineView", "%1 %2 off-screen flow groups")
               .arg(toDst && fromSrc ? QString::fromUtf8("⇆") : QString::fromUtf8(toDst ? "→" : "←"))
               .arg(members.size());
    first.tip = QCoreApplication::translate("TimelineView",
                                            "<b>%1 off-screen flow groups</b> whose labels would cover "
                                            "spans here:<br>%2<br><i>click: go to the first</i>")
                    .arg(members.size())
                    .arg(lines.join("<br>"));
    first.more = 0;
    return first;
}

/// Adds one label's plate, outline, text and place to click. `seeThrough`: it stands over data (no free
/// spot), so its plate lets the spans under it show.
void drawLabel(const FrameInput& in, const OffLabel& l, const QString& text, const QString& tip,
               const QRectF& box, bool seeThrough, DrawList& out) {
    out.add(FillRect{box, qRgba(qRed(in.palette.base), qGreen(in.palette.base), qBlue(in.palette.base),
                                seeThrough ? kSeeThroughAlpha : 225)});
    out.add(StrokeRect{box, l.color, 1});
    out.add(Text{box.adjusted(4, 0, -4, 0), text, in.palette.windowText, FontRole::Small,
                 Qt::AlignVCenter | Qt::AlignLeft, true});
    // the label names a place: a click goes there (it selected the span under it)
    out.flowLabels.push_back({box, l.arrow, l.toDst, l.spanId, tip});
}

QString labelTip(const OffLabel& l) {
    if (!l.more) return l.tip;
    return l.tip + (l.toDst
                        ? QCoreApplication::translate("TimelineView", "<br>and %1 more flows to this lane")
                        : QCoreApplication::translate("TimelineView", "<br>and %1 more flows from this lane"))
                       .arg(l.more);
}

/// Places each label at the free spot nearest its arrow's end (flowlabelplacer.h). The labels of a lane
/// that find none are collapsed into one "N off-screen flow groups" label (one alone is shortened to its
/// place and count, its figures in the tooltip), placed free where that shorter text fits, else over the
/// least data, see-through: a label must not hide the spans it stands over, and one short label per lane
/// covers less than several. A label with no lane of its arrow in view with room, or whose every spot
/// covers another label, is left out (its arrow still reaches the edge, its tooltip names the far end).
void addOffScreenLabels(const FrameInput& in, const std::vector<OffLabel>& labels, FlowLabelPlacer& placer,
                        DrawList& out) {
    const QRectF plot = in.viewport.plot();
    const QFontMetricsF fm(fontFor(FontRole::Small, in.font));
    // as high as a lane's row at most where its text fits: a label a px taller than a row met the spans of
    // two rows wherever it stood, and found no free spot in lanes with a free row (level1's host threads)
    double h = fm.height() + 2;
    if (h > in.options.rowHeight - 1 && fm.height() <= in.options.rowHeight - 1) h = in.options.rowHeight - 1;
    auto sizeOf = [&](const QString& text) {
        return QSizeF(std::min(fm.horizontalAdvance(text) + 8, plot.width() - 4), h);
    };
    std::vector<std::pair<QRectF, std::vector<size_t>>> left; // by the lane rows they wanted first
    for (size_t i = 0; i < labels.size(); ++i) {
        const QString text = labels[i].text();
        const std::vector<LabelRegion> regions = labelRegions(in, labels[i], sizeOf(text));
        if (regions.empty()) continue;
        if (const auto box = placer.freeSpot(regions, sizeOf(text))) {
            placer.reserve(*box);
            drawLabel(in, labels[i], text, labelTip(labels[i]), *box, false, out);
            continue;
        }
        auto lane =
            std::find_if(left.begin(), left.end(), [&](const auto& g) { return g.first == regions[0].rows; });
        if (lane == left.end()) lane = left.insert(left.end(), {regions[0].rows, {}});
        lane->second.push_back(i);
    }
    for (const auto& [rows, members] : left) {
        // one place: its short line, the whole one heading its tooltip
        QString text = labels[members.front()].shortText();
        const OffLabel l =
            members.size() == 1 ? labels[members.front()] : collapsedLabel(labels, members, text);
        const QString tip =
            members.size() == 1 ? "<b>" + l.text().toHtmlEscaped() + "</b><br>" + labelTip(l) : l.tip;
        const std::vector<LabelRegion> regions = labelRegions(in, l, sizeOf(text));
        bool seeThrough = false;
        std::optional<QRectF> box = placer.freeSpot(regions, sizeOf(text));
        if (!box) box = placer.leastCovering(regions, sizeOf(text)), seeThrough = true;
        if (!box) continue;
        placer.reserve(*box);
        drawLabel(in, l, text, tip, *box, seeThrough, out);
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

/// The note's line: `n.shown` of the window's arrows drawn (some of more); empty when every one is.
QString windowFlowsNote(const FrameInput& in, const WindowFlowCounts& n);

} // namespace

void FrameBuilder::addFlows(const FrameInput& in, DrawList& out) {
    m_flowNote.clear();
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
    FlowLabelPlacer placer = placerFor(in, out, m_dataItems);
    addOffScreenLabels(in, mergeByPlace(std::move(offLabels), plot), placer, out);
    m_flowNote = windowFlowsNote(in, counts);
}

int FrameBuilder::noteStripHeight(const QFont& font) {
    return int(std::ceil(QFontMetricsF(fontFor(FontRole::Small, font)).height())) + 10;
}

int FrameBuilder::flowNoteStrip(const FrameInput& in) {
    if (!in.flows || in.flows->arrows.empty()) return 0;
    // decided with the strip taken from the lanes: the arrows on screen and the ink budget are those of
    // the frame that draws the note
    FrameInput with = in;
    with.viewport.noteStrip = noteStripHeight(in.font);
    WindowFlowCounts counts;
    arrowsToDraw(with, counts);
    return windowFlowsNote(with, counts).isEmpty() ? 0 : with.viewport.noteStrip;
}

void FrameBuilder::addFlowNote(const FrameInput& in, DrawList& out) const {
    // in the strip under the lanes the scene reserved for it: over the plot's top it covered rank 0's first
    // lane (issue 19). A frame without the strip (a hand-made input) has no room for it
    const Viewport& vp = in.viewport;
    if (m_flowNote.isEmpty() || vp.noteStrip <= 0) return;
    const double top = vp.lanesBottom();
    out.add(FillRect{QRectF(0, top, vp.width, vp.noteStrip), in.palette.window});
    out.add(Line{QPointF(0, top + 0.5), QPointF(vp.width, top + 0.5), in.palette.mid});
    const QFontMetricsF fm(fontFor(FontRole::Small, in.font));
    const QRectF plot = vp.plot();
    const double w = std::min(plot.width() - 8, fm.horizontalAdvance(m_flowNote) + 12);
    const QRectF box(plot.left() + 4, top + 3, w, vp.noteStrip - 6);
    out.add(FillRect{box, in.palette.base});
    out.add(StrokeRect{box, in.palette.mid, 1.0f});
    out.add(Text{box, m_flowNote, in.palette.windowText, FontRole::Small, int(Qt::AlignCenter), true});
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

QString windowFlowsNote(const FrameInput& in, const WindowFlowCounts& n) {
    // a picture with some of the window's arrows says so: ranks or steps without arrows read as having
    // no flows (walk 51b: the healthy demo's export drew rank 0's and the first 15 steps' only); some are
    // the query's limit, some the frame's density rule (flowdensity.h)
    const FlowOverlay& f = *in.flows;
    if (!f.windowTruncated && n.shown >= n.onScreen) return {};
    const qint64 all = f.windowTruncated ? f.windowMatched : n.onScreen;
    const QString of = f.windowTruncated && f.windowMatchedAtLeast
                           ? QCoreApplication::translate("TimelineView", "more than %1").arg(all)
                           : QString::number(all);
    const QString why = whyLeftOut(f, n);
    const QString arrows = n.arrows == 1
                               ? QCoreApplication::translate("TimelineView", "1 arrow")
                               : QCoreApplication::translate("TimelineView", "%1 arrows").arg(n.arrows);
    return QCoreApplication::translate(
               "TimelineView", "flows: %1 drawn for %2 of the window's %3%4 — zoom in to see every one")
        .arg(arrows, QString::number(n.shown), of,
             why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why));
}

} // namespace
} // namespace rs::views
