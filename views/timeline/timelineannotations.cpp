// TimelineView's annotations: drawing the ones on its lanes (notes, ranges, arrows, boxes with their
// labels), drafting new ones with the model's tool, and finding a label under the mouse. Split from
// timelineview.cpp, which paints the data and handles navigation. GUI thread only.
#include "views/annotate/annotationpainter.h"
#include "views/timeline/timelineview.h"

#include <QPainter>
#include <QScrollBar>
#include <algorithm>

namespace rs::views {

void TimelineView::setAnnotations(AnnotationModel* m) {
    m_annotations = m;
    if (m) connect(m, &AnnotationModel::changed, this, qOverload<>(&QWidget::update));
    update();
}

void TimelineView::setAnnotationsShown(bool on) {
    m_annotationsShown = on;
    update();
}

QRectF TimelineView::ranksExtent(const std::vector<int>& ranks) const {
    QRectF all;
    if (ranks.empty()) {
        int top = -1, bottom = -1;
        for (const auto& l : m_lanes) {
            if (l.pinned) continue;
            if (top < 0) top = l.y;
            bottom = l.y + l.height;
        }
        if (top < 0) return {};
        return QRectF(kGutter, contentTop() + top - m_vbar->value(), mapping().width, bottom - top);
    }
    for (int r : ranks) {
        QRect b = rankBlock(r);
        if (b.isValid()) all = all.isNull() ? QRectF(b) : all.united(QRectF(b));
    }
    return all;
}

int TimelineView::rankAtY(int y) const {
    int idx = laneAt(m_lanes, y - contentTop() + m_vbar->value());
    return idx < 0 ? -1 : m_lanes[size_t(idx)].rank;
}

std::optional<annotate::Annotation> TimelineView::draftFrom(QPoint a, QPoint b) const {
    if (!m_annotations || !m_summary) return std::nullopt;
    using Tool = AnnotationModel::Tool;
    const Tool tool = m_annotations->tool();
    const int ra = rankAtY(a.y()), rb = rankAtY(b.y());
    if (tool == Tool::None || ra < 0) return std::nullopt;
    const TimeMapping tm = rankMapping(mapping(), ra);
    annotate::Annotation an;
    an.anchor.view = annotate::Surface::Timeline;
    an.anchor.run = m_summary->run;
    an.anchor.t0Ns = tm.t(std::max(a.x(), kGutter));
    an.anchor.t1Ns = an.anchor.t0Ns;
    an.anchor.ranks = {ra};
    switch (tool) {
    case Tool::Note:
        an.kind = annotate::Kind::Note;
        break;
    case Tool::Arrow:
        if (rb < 0) return std::nullopt;
        an.kind = annotate::Kind::Arrow;
        an.anchor.toRank = rb;
        an.anchor.toNs = rankMapping(mapping(), rb).t(std::max(b.x(), kGutter));
        break;
    default: {
        an.kind = tool == Tool::Range ? annotate::Kind::Range : annotate::Kind::Box;
        int64_t t1 = tm.t(std::max(b.x(), kGutter));
        an.anchor.t0Ns = std::min(an.anchor.t0Ns, t1);
        an.anchor.t1Ns = std::max(tm.t(std::max(a.x(), kGutter)), t1);
        if (an.anchor.t1Ns - an.anchor.t0Ns < int64_t(3 * tm.nsPerPx()))
            return std::nullopt; // a click, not a drag
        // every rank between the two lanes, in display order
        an.anchor.ranks.clear();
        bool in = false;
        const int last = rb < 0 ? ra : rb;
        for (int r : m_summary->ranks) {
            if (!m_layoutOpts.onlyRanks.empty() && !m_layoutOpts.onlyRanks.count(r)) continue;
            bool edge = r == ra || r == last;
            if (edge && !in) {
                in = true;
                an.anchor.ranks.push_back(r);
                if (ra == last) break;
                continue;
            }
            if (in) an.anchor.ranks.push_back(r);
            if (edge && in) break;
        }
    }
    }
    std::sort(an.anchor.ranks.begin(), an.anchor.ranks.end());
    return an;
}

void TimelineView::paintDraft(QPainter& p) {
    if (!m_drafting || !m_annotations) return;
    annotate::Annotation preview;
    preview.color = "#1f77b4";
    const QRectF r = QRectF(QPointF(m_pressPos), QPointF(m_draftEnd)).normalized();
    switch (m_annotations->tool()) {
    case AnnotationModel::Tool::Arrow:
        drawArrow(p, m_pressPos, m_draftEnd, preview);
        break;
    case AnnotationModel::Tool::Range:
    case AnnotationModel::Tool::Box:
        preview.kind = m_annotations->tool() == AnnotationModel::Tool::Range ? annotate::Kind::Range
                                                                             : annotate::Kind::Box;
        drawRegion(p, r, preview);
        break;
    default:
        break;
    }
}

QString TimelineView::calloutAt(QPoint pos) const {
    for (auto it = m_callouts.rbegin(); it != m_callouts.rend(); ++it) // the last drawn is on top
        if (it->first.contains(pos)) return it->second;
    return {};
}

void TimelineView::paintAnnotations(QPainter& p, const TimeMapping& tm) {
    if (!m_annotations || !m_annotationsShown || !m_annotations->visible()) {
        m_callouts.clear();
        return;
    }
    const QRectF plot(kGutter, contentTop(), tm.width, lanesBottom() - contentTop());
    QFont f = font();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() - 0.5));
    p.setFont(f);
    std::vector<QRectF> placed; // callouts already drawn: the next one moves below instead of covering them
    m_callouts.clear();
    auto callout = [&](QPointF at, const annotate::Annotation& a) {
        for (int tries = 0; tries < 12; ++tries) {
            QRectF probe(at.x(), at.y(), 40, 16);
            bool clash = false;
            for (const auto& r : placed)
                if (r.intersects(probe.adjusted(0, 0, 120, 0))) clash = true;
            if (!clash) break;
            at.ry() += 18;
        }
        placed.push_back(drawCallout(p, at, a, plot));
        m_callouts.emplace_back(placed.back(), QString::fromStdString(a.id));
    };
    for (const auto& a : m_annotations->items()) {
        const auto& an = a.anchor;
        if (an.view != annotate::Surface::Timeline || an.run != m_summary->run || m_annotations->detached(a))
            continue;
        QRectF ext = ranksExtent(an.ranks);
        if (ext.isNull()) continue; // its ranks are hidden or filtered out
        if (a.kind != annotate::Kind::Arrow && (ext.bottom() < contentTop() || ext.top() > height()))
            continue; // scrolled out of view: a callout clamped into view would point at the wrong lanes
        const int rank =
            an.ranks.empty() ? (m_summary->ranks.empty() ? 0 : m_summary->ranks.front()) : an.ranks.front();
        const TimeMapping rm = rankMapping(tm, rank);
        const double x0 = rm.x(an.t0Ns), x1 = rm.x(an.t1Ns);
        if (a.kind == annotate::Kind::Arrow) {
            QRectF to = ranksExtent({an.toRank});
            if (to.isNull()) continue;
            const double xe = rankMapping(tm, an.toRank).x(an.toNs);
            const double ys = ext.top() + m_layoutOpts.headerHeight / 2.0,
                         ye = to.top() + m_layoutOpts.headerHeight / 2.0;
            if (std::max(x0, xe) < kGutter || std::min(x0, xe) > kGutter + tm.width) continue;
            drawArrow(p, QPointF(x0, ys), QPointF(xe, ye), a);
            callout(QPointF(x0 + 6, ys + 4), a);
            continue;
        }
        if (x1 < kGutter - 1 || x0 > kGutter + tm.width + 1) continue;
        if (a.kind == annotate::Kind::Note) {
            p.save();
            p.setPen(QPen(annotationColor(a), 2, Qt::DashLine));
            p.drawLine(QPointF(x0, ext.top()), QPointF(x0, ext.bottom()));
            p.restore();
            callout(QPointF(x0 + 4, ext.top() + 2), a);
            continue;
        }
        QRectF region(std::max(x0, double(kGutter) - 2), ext.top(),
                      std::max(2.0, std::min(x1, kGutter + tm.width + 2) - std::max(x0, double(kGutter) - 2)),
                      ext.height());
        drawRegion(p, region, a);
        callout(QPointF(std::max(x0, double(kGutter)) + 4, ext.top() + 2), a);
    }
}

} // namespace rs::views
