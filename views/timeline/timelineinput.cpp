#include "views/timeline/timelineinput.h"

#include "core/query/annotationarea.h"
#include "core/query/namekinds.h"
#include "views/timeline/hittester.h"
#include "views/timeline/timelinekeys.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace rs::views {

void TimelineInput::press(QPoint pos, Qt::MouseButton button, Qt::KeyboardModifiers mods) {
    m_pressPos = m_dragPos = pos;
    m_pressT0 = m_state->windowStart();
    m_pressT1 = m_state->windowEnd();
    m_pressScroll = m_host->scrollValue();
    if (button != Qt::LeftButton) return;
    if (pos.x() < Viewport::kGutter) { // a rank's name collapses or expands its lanes
        const FrameInput in = m_host->currentFrame();
        const Lane* l = in.layout ? in.layout->laneAtY(in.viewport.contentY(pos.y())) : nullptr;
        if (l && l->header && l->rank >= 0) m_host->toggleCollapsed(l->rank);
        // a lane's name shows all its levels, or its first few again
        if (l && !l->header && !l->chart() &&
            (l->rows < l->depthRows || in.options.expandedTracks.count(l->trackId)))
            m_host->toggleExpanded(l->trackId);
        return;
    }
    if (tool() != AnnotationModel::Tool::None)
        m_drag = Drag::Draft;
    else if (mods & Qt::ControlModifier)
        m_drag = Drag::Area;
    else
        m_drag = mods & Qt::ShiftModifier ? Drag::Select : Drag::Pan;
}

void TimelineInput::move(QPoint pos) {
    m_pointer = pos;
    const FrameInput in = m_host->currentFrame();
    const TimeMapping tm = in.mapping();
    if (pos.x() >= Viewport::kGutter) m_state->setHoverNs(tm.t(pos.x()));
    switch (m_drag) {
    case Drag::None:
        return;
    case Drag::Draft:
    case Drag::Select:
    case Drag::Area:
        m_dragPos = pos;
        m_host->overlayChanged();
        return;
    case Drag::Pan: {
        // from the window at the press: the whole drag is one pan
        const TimeMapping at{m_pressT0, m_pressT1, tm.x0, tm.width};
        const auto delta = int64_t(double(m_pressPos.x() - pos.x()) * at.nsPerPx());
        auto [a, b] = panWindow(m_pressT0, m_pressT1, delta, m_state->boundsStart(), m_state->boundsEnd());
        m_state->setWindow(a, b, false);
        m_host->setScrollValue(m_host->scrollValue() + (m_pressPos.y() - pos.y()) / 3);
        return;
    }
    }
}

void TimelineInput::release(QPoint pos) {
    const Drag drag = std::exchange(m_drag, Drag::None);
    switch (drag) {
    case Drag::None:
        return;
    case Drag::Draft: {
        auto a = draftFrom(m_host->currentFrame(), tool(), m_pressPos, pos);
        m_host->overlayChanged();
        if (a) m_host->draftAnnotation(*a);
        return;
    }
    case Drag::Select: {
        const TimeMapping tm = m_host->currentFrame().mapping();
        const int a = std::min(m_pressPos.x(), pos.x()), b = std::max(m_pressPos.x(), pos.x());
        if (b - a > 3) {
            // never narrower than zooming goes (a few px selected at ~2 ns/px made a 9 ns window)
            int64_t t0 = tm.t(a), t1 = tm.t(b);
            if (t1 - t0 < kMinWindowNs) {
                t0 += (t1 - t0 - kMinWindowNs) / 2;
                t1 = t0 + kMinWindowNs;
            }
            m_state->setWindow(t0, t1);
        }
        m_host->overlayChanged();
        return;
    }
    case Drag::Area: {
        // a Ctrl+click (no width) leaves the marked area as it is
        if (auto a = areaFrom(m_host->currentFrame(), m_pressPos, pos)) m_state->setArea(*a);
        m_host->overlayChanged();
        return;
    }
    case Drag::Pan:
        if ((pos - m_pressPos).manhattanLength() > 3) {
            // record the pre-drag window once, so Back undoes the whole pan
            const qint64 t0 = m_state->windowStart(), t1 = m_state->windowEnd();
            m_state->setWindow(m_pressT0, m_pressT1, false);
            m_state->setWindow(t0, t1, true);
            return;
        }
        click(pos);
        return;
    }
}

Selection TimelineInput::spanSelection(const query::ProfileSummary& summary, int rank,
                                       const query::DrawItem& item, int64_t trackId) {
    Selection s;
    s.kind = Selection::Kind::Span;
    s.rank = rank;
    s.spanId = item.spanId;
    s.trackId = trackId;
    const int32_t type = query::opTypeIdOf(summary, item);
    if (type >= 0 && size_t(type) < summary.strings.size())
        s.opType = QString::fromStdString(summary.strings[size_t(type)]);
    s.startNs = item.startNs;
    s.endNs = item.endNs;
    return s;
}

void TimelineInput::click(QPoint pos) {
    if (m_host->followFlowLabel(pos)) return; // the label is on top of the span under it
    const FrameInput in = m_host->currentFrame();
    const TimelineHit h = hitTest(in, pos);
    Selection s;
    if (h.item && h.item->spanId) {
        m_state->setSelection(spanSelection(*in.summary, h.lane->rank, *h.item, h.lane->trackId));
        m_host->activateSpan(h.item->spanId);
    } else if (h.item) {
        // a zoomed-out span is a LOD bucket without an id (cpu_only at Fit: no click selected anything):
        // the host asks the index which span it draws and selects that one
        m_host->selectBucketSpan(*h.lane, *h.item);
    } else if (h.wait) {
        s.kind = Selection::Kind::Step;
        s.rank = h.wait->rank;
        s.step = h.wait->step;
        s.startNs = h.wait->startNs;
        s.endNs = h.wait->startNs + h.wait->durNs;
        m_state->setSelection(s);
    } else {
        m_state->clearSelection();
    }
}

void TimelineInput::doubleClick(QPoint pos) {
    if (const QString id = m_host->calloutAt(pos); !id.isEmpty()) {
        m_host->editAnnotation(id);
        return;
    }
    const TimelineHit h = hitTest(m_host->currentFrame(), pos);
    int64_t a = 0, b = 0;
    if (h.item)
        a = h.item->startNs, b = h.item->endNs;
    else if (h.wait)
        a = h.wait->startNs, b = h.wait->startNs + h.wait->durNs;
    else
        return;
    const int64_t pad = std::max<int64_t>((b - a) / 10, 500);
    m_state->setWindow(a - pad, b + pad);
}

void TimelineInput::wheel(QPointF pos, int deltaY, Qt::KeyboardModifiers mods) {
    if (mods & Qt::ShiftModifier || pos.x() < Viewport::kGutter) {
        m_host->setScrollValue(m_host->scrollValue() - deltaY / 2);
        return;
    }
    const double steps = deltaY / 120.0;
    if (steps == 0) return;
    zoomAt(pos.x(), std::pow(1.25, steps));
}

void TimelineInput::zoomBy(double factor) {
    zoomAt(keyAnchorPx(), factor);
}

void TimelineInput::zoomAt(double px, double factor) {
    const TimeMapping tm = m_host->currentFrame().mapping();
    // the anchor's place in the window: the first column holds t0 and the last t1 (TimeMapping::zoomAnchor)
    const double frac = tm.width > 1 ? std::clamp((px - tm.x0) / (tm.width - 1), 0.0, 1.0) : 0.5;
    // the anchor as an offset from t0: an epoch time as a double is 256 ns coarse, and a zero-length span
    // selected at a 300 ns window left it as W was pressed (walk 57 #2)
    double anchor = frac * double(tm.t1 - tm.t0);
    // the last zoom's exact anchor while it is still under this pixel: a zoom the run's edge clamped
    // moved the window, and its anchor with it (review: out to the whole run, then in, zoomed about the
    // old anchor, away from what the pointer showed)
    if (m_zoomHold && m_zoomHold->px == px && m_zoomHold->t0 == tm.t0 && m_zoomHold->t1 == tm.t1 &&
        tm.t1 > tm.t0 &&
        std::abs(tm.x0 + m_zoomHold->anchorOffsetNs / double(tm.t1 - tm.t0) * (tm.width - 1) - px) <= 0.5)
        anchor = m_zoomHold->anchorOffsetNs;
    auto [a, b] =
        zoomWindowAt(tm.t0, tm.t1, anchor, frac, factor, m_state->boundsStart(), m_state->boundsEnd());
    m_state->setWindow(a, b);
    const int64_t n0 = m_state->windowStart();
    m_zoomHold = ZoomHold{px, double(tm.t0 - n0) + anchor, n0, m_state->windowEnd()};
}

double TimelineInput::keyAnchorPx() const {
    // + and - zoomed about the window's middle and so zoomed the selected op out of view, or away from
    // what the pointer was on (r49b #5); they hold still what the user is looking at, as the wheel does
    const FrameInput in = m_host->currentFrame();
    const TimeMapping tm = in.mapping();
    const QRectF plot = in.viewport.plot();
    const Selection& s = m_state->selection();
    if (s.kind != Selection::Kind::None && s.startNs > 0) {
        // on the lanes of its rank, where they are drawn clock-aligned
        const TimeMapping rm = s.rank >= 0 ? in.rankMapping(s.rank) : tm;
        const double xa = std::max(rm.x(s.startNs), plot.left()),
                     xb = std::min(rm.x(std::max(s.endNs, s.startNs)), plot.right());
        if (xa <= xb) return (xa + xb) / 2;
    }
    if (m_pointer && m_pointer->x() >= plot.left() && m_pointer->x() <= plot.right()) return m_pointer->x();
    return tm.x0 + (tm.width - 1) / 2;
}

void TimelineInput::panBy(double fraction) {
    const int64_t t0 = m_state->windowStart(), t1 = m_state->windowEnd();
    auto [a, b] =
        panWindow(t0, t1, int64_t(double(t1 - t0) * fraction), m_state->boundsStart(), m_state->boundsEnd());
    m_state->setWindow(a, b);
}

bool TimelineInput::key(int key, Qt::KeyboardModifiers mods, bool back, bool forward) {
    if (back || (key == Qt::Key_Left && mods & Qt::AltModifier)) {
        m_state->back();
        return true;
    }
    if (forward || (key == Qt::Key_Right && mods & Qt::AltModifier)) {
        m_state->forward();
        return true;
    }
    const TimelineKey* k = (mods & ~(Qt::KeypadModifier | Qt::ShiftModifier)) ? nullptr : timelineKeyFor(key);
    if (!k) return false;
    switch (k->command) { // the keys themselves are in timelinekeys.cpp, with what the dialog says of them
    case TimelineCommand::ZoomIn:
        zoomBy(1.5);
        break;
    case TimelineCommand::ZoomOut:
        zoomBy(1 / 1.5);
        break;
    case TimelineCommand::PanLeft:
        panBy(-0.15);
        break;
    case TimelineCommand::PanRight:
        panBy(0.15);
        break;
    case TimelineCommand::Fit:
        m_state->fit();
        break;
    case TimelineCommand::Back:
        m_state->back();
        break;
    case TimelineCommand::Forward:
        m_state->forward();
        break;
    case TimelineCommand::Escape:
        if (tool() != AnnotationModel::Tool::None) { // leave the tool, else clear the selection
            m_drag = Drag::None;
            m_annotations->setTool(AnnotationModel::Tool::None);
            m_host->overlayChanged();
            break;
        }
        if (m_state->area().valid()) { // then the marked area, then the selection
            m_state->clearArea();
            break;
        }
        m_state->clearSelection();
        break;
    case TimelineCommand::FollowFlow:
        m_host->followFlowKey();
        break;
    case TimelineCommand::ScrollUp:
        m_host->setScrollValue(m_host->scrollValue() - 40);
        break;
    case TimelineCommand::ScrollDown:
        m_host->setScrollValue(m_host->scrollValue() + 40);
        break;
    }
    return true;
}

DragOverlay TimelineInput::overlay() const {
    DragOverlay o;
    o.from = m_pressPos;
    o.to = m_dragPos;
    if (m_drag == Drag::Select) {
        o.kind = DragOverlay::Kind::Select;
    } else if (m_drag == Drag::Area) {
        o.kind = DragOverlay::Kind::Area;
    } else if (m_drag == Drag::Draft) {
        switch (tool()) {
        case AnnotationModel::Tool::Arrow:
            o.kind = DragOverlay::Kind::Arrow;
            break;
        case AnnotationModel::Tool::Range:
            o.kind = DragOverlay::Kind::Range;
            break;
        case AnnotationModel::Tool::Box:
            o.kind = DragOverlay::Kind::Box;
            break;
        default:
            break;
        }
    }
    return o;
}

} // namespace rs::views

namespace rs::views {

namespace {
/// The lanes a box dragged from y `a` to `b` covers (widget ys), each with its rank, in display order; empty
/// when the drag starts or ends on a rank header (the box then covers whole ranks). The headers of the ranks
/// a drag crosses are passed over: a box from rank 0's lane to rank 1's was saved as whole ranks with no
/// lanes (issue 19). Each lane keeps its rank: a box over rank 1's Stream 48-49 and rank 2's Stream 6-7
/// was saved as four labels and drawn over every lane of those labels on both ranks (walk 13).
std::vector<annotate::LaneRef> lanesBetween(const FrameInput& in, int a, int b) {
    const int top = in.viewport.contentY(std::min(a, b)), bottom = in.viewport.contentY(std::max(a, b));
    for (const int end : {top, bottom})
        if (const Lane* l = in.layout->laneAtY(end); l && l->header) return {};
    std::vector<annotate::LaneRef> out;
    for (const Lane& l : in.layout->lanes()) {
        if (l.y + l.height <= top || l.y > bottom || l.header) continue;
        const annotate::LaneRef lane{l.rank, in.laneName(l)};
        if (std::find(out.begin(), out.end(), lane) == out.end()) out.push_back(lane);
    }
    return out;
}
} // namespace

std::optional<annotate::Annotation> TimelineInput::draftFrom(const FrameInput& in, AnnotationModel::Tool tool,
                                                             QPoint a, QPoint b) {
    using Tool = AnnotationModel::Tool;
    if (!in.summary || !in.layout || tool == Tool::None) return std::nullopt;
    auto rankAtY = [&](int y) {
        const Lane* l = in.layout->laneAtY(in.viewport.contentY(y));
        return l ? l->rank : -1;
    };
    // the lane under a point by its label ("" on a rank's header: the annotation covers the rank)
    auto laneAtY = [&](int y) {
        const Lane* l = in.layout->laneAtY(in.viewport.contentY(y));
        return l && !l->header ? annotate::LaneRef{l->rank, in.laneName(*l)}
                               : annotate::LaneRef{l ? l->rank : annotate::LaneRef::kAnyRank, {}};
    };
    const int ra = rankAtY(a.y()), rb = rankAtY(b.y());
    if (ra < 0) return std::nullopt;
    const TimeMapping tm = in.rankMapping(ra);
    const int k = Viewport::kGutter;
    annotate::Annotation an;
    an.anchor.view = annotate::Surface::Timeline;
    an.anchor.run = in.summary->run;
    an.anchor.t0Ns = an.anchor.t1Ns = tm.t(std::max(a.x(), k));
    an.anchor.ranks = {ra};
    switch (tool) {
    case Tool::Note:
        an.kind = annotate::Kind::Note;
        if (annotate::LaneRef l = laneAtY(a.y()); !l.label.empty()) an.anchor.lanes = {l};
        break;
    case Tool::Arrow:
        if (rb < 0) return std::nullopt;
        an.kind = annotate::Kind::Arrow;
        an.anchor.lanes = {laneAtY(a.y()), laneAtY(b.y())};
        if (an.anchor.lanes[0].label.empty() && an.anchor.lanes[1].label.empty()) an.anchor.lanes.clear();
        an.anchor.toRank = rb;
        an.anchor.toNs = in.rankMapping(rb).t(std::max(b.x(), k));
        break;
    default: {
        an.kind = tool == Tool::Range ? annotate::Kind::Range : annotate::Kind::Box;
        const int64_t t1 = tm.t(std::max(b.x(), k));
        an.anchor.t0Ns = std::min(an.anchor.t0Ns, t1);
        an.anchor.t1Ns = std::max(tm.t(std::max(a.x(), k)), t1);
        if (an.anchor.t1Ns - an.anchor.t0Ns < int64_t(3 * tm.nsPerPx())) return std::nullopt; // a click
        // every rank between the two lanes, in display order
        an.anchor.ranks.clear();
        bool in_ = false;
        const int last = rb < 0 ? ra : rb;
        const auto& only = in.options.onlyRanks;
        for (int r : in.summary->ranks) {
            if (!only.empty() && !only.count(r)) continue;
            const bool edge = r == ra || r == last;
            if (edge && !in_) {
                in_ = true;
                an.anchor.ranks.push_back(r);
                if (ra == last) break;
                continue;
            }
            if (in_) an.anchor.ranks.push_back(r);
            if (edge && in_) break;
        }
        if (an.kind == annotate::Kind::Box) an.anchor.lanes = lanesBetween(in, a.y(), b.y());
    }
    }
    std::sort(an.anchor.ranks.begin(), an.anchor.ranks.end());
    return an;
}

std::optional<MarkedArea> TimelineInput::areaOf(const FrameInput& in, const annotate::Annotation& a,
                                                QString& why) {
    if (!in.summary) return std::nullopt;
    std::string problem;
    const auto q = query::annotationArea(a, *in.summary, problem);
    if (!q) {
        why = QString::fromStdString(problem);
        return std::nullopt;
    }
    MarkedArea area;
    area.t0 = a.anchor.t0Ns;
    area.t1 = a.anchor.t1Ns;
    for (const auto& w : q->windows)
        area.ranks.push_back(w.rank);
    area.trackIds.assign(q->trackIds.begin(), q->trackIds.end());
    if (area.trackIds.empty()) { // whole ranks: their lanes of the kinds the statistics read unless told
        const auto kinds = query::AreaQuery::defaultKinds();
        for (const auto& t : in.summary->tracks)
            if (kinds.count(t.kind) && std::count(area.ranks.begin(), area.ranks.end(), t.rank))
                area.trackIds.push_back(t.trackId);
    }
    if (!area.valid()) {
        why = QObject::tr("it covers no lane with spans");
        return std::nullopt;
    }
    return area;
}

std::optional<MarkedArea> TimelineInput::areaFrom(const FrameInput& in, QPoint a, QPoint b) {
    if (!in.summary || !in.layout) return std::nullopt;
    const int k = Viewport::kGutter;
    const int xa = std::max(std::min(a.x(), b.x()), k), xb = std::max(std::max(a.x(), b.x()), k);
    if (xb - xa < 3) return std::nullopt;
    const TimeMapping tm = in.mapping();
    MarkedArea area;
    area.t0 = tm.t(xa);
    area.t1 = tm.t(xb);
    area.aligned = in.aligned;
    // the rows the drag spans, in content y (a drag past the last lane ends there)
    const int y0 = in.viewport.contentY(std::min(a.y(), b.y())),
              y1 = in.viewport.contentY(std::max(a.y(), b.y()));
    std::set<int> ranks;
    for (const Lane& l : in.layout->lanes()) {
        if (l.y + l.height <= y0 || l.y > y1) continue;
        if (!l.header) {
            area.trackIds.push_back(l.trackId);
            ranks.insert(l.rank);
        } else if (l.rank >= 0 && in.options.collapsedRanks.count(l.rank)) {
            for (const auto& t : in.summary->tracks) // a collapsed rank: the tracks its lanes would show
                if (t.rank == l.rank && !in.options.hiddenKinds.count(QString::fromStdString(t.kind)))
                    area.trackIds.push_back(t.trackId);
            ranks.insert(l.rank);
        }
    }
    std::sort(area.trackIds.begin(), area.trackIds.end());
    area.trackIds.erase(std::unique(area.trackIds.begin(), area.trackIds.end()), area.trackIds.end());
    area.ranks.assign(ranks.begin(), ranks.end());
    if (!area.valid()) return std::nullopt;
    return area;
}

} // namespace rs::views
