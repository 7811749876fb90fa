#include "views/timeline/timelineview.h"

#include "views/timeline/timelinekeys.h"

#include "core/model/optype.h"
#include "views/annotate/annotationpainter.h"
#include "views/common/palette.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace rs::views {

TimelineView::TimelineView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_vbar(new QScrollBar(Qt::Vertical, this)) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(400, 200);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(m_vbar, &QScrollBar::valueChanged, this, [this] {
        requestData();
        update();
    });
    connect(m_state, &InteractionState::windowChanged, this, [this] {
        requestData();
        update();
    });
    connect(m_state, &InteractionState::selectionChanged, this, [this](const Selection& s) {
        // Follow selections made elsewhere: bring a selected op (or a tensor's allocation) into view, then
        // scroll to the selected rank's block.
        if ((s.kind == Selection::Kind::Span || s.kind == Selection::Kind::Tensor) && s.startNs > 0) {
            qint64 t0 = m_state->windowStart(), t1 = m_state->windowEnd();
            qint64 a = s.startNs,
                   b = s.kind == Selection::Kind::Tensor ? s.startNs : std::max(s.endNs, s.startNs);
            bool tensorFar = s.kind == Selection::Kind::Tensor && t1 - t0 > 20000000;
            if (a < t0 || b > t1 || tensorFar) {
                qint64 w = std::clamp<qint64>((b - a) * 20, 200000, 20000000);
                m_state->setWindow(a - w / 2, a + w / 2);
            }
        }
        if (s.rank >= 0) {
            QRect r = rankBlock(s.rank);
            if (r.isValid() && (r.top() < contentTop() || r.top() > lanesBottom() - 40))
                m_vbar->setValue(m_vbar->value() + r.top() - contentTop());
        }
        update();
    });
    if (m_service)
        connect(m_service, &query::QueryService::timelineReady, this,
                [this](quint64 id, std::shared_ptr<const query::TimelineData> d) {
                    if (id != m_pending) return; // stale: a newer request is in flight
                    setTimelineData(std::move(d));
                });
}

void TimelineView::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
    static const std::vector<query::WaitDesc> kNone;
    m_waits.build(m_summary ? m_summary->waits : kNone); // both lvalues: the index points into the summary's
    m_data.reset();
    m_byTrack.clear();
    m_opTypeCache.clear();
    m_colorCache.clear();
    relayout();
    requestData();
    update();
}

void TimelineView::setTimelineData(std::shared_ptr<const query::TimelineData> d) {
    m_data = std::move(d);
    m_byTrack.clear();
    m_counters.clear();
    if (m_data) {
        for (const auto& t : m_data->tracks)
            m_byTrack.insert(t.trackId, &t);
        for (const auto& c : m_data->counters)
            m_counters.insert(c.trackId, &c);
    }
    update();
    Q_EMIT timelineDataChanged();
}

void TimelineView::setLayoutOptions(const LayoutOptions& o) {
    m_layoutOpts = o;
    relayout();
    requestData();
    update();
}

void TimelineView::setShowWaits(bool on) {
    m_showWaits = on;
    update();
}

void TimelineView::setTrackFilter(const QString& f) {
    m_layoutOpts.filter = f;
    relayout();
    requestData();
    update();
}

void TimelineView::setCollapsed(int rank, bool collapsed) {
    if (collapsed)
        m_layoutOpts.collapsedRanks.insert(rank);
    else
        m_layoutOpts.collapsedRanks.erase(rank);
    relayout();
    requestData();
    update();
}

TimeMapping TimelineView::rankMapping(const TimeMapping& tm, int rank) const {
    if (!m_aligned || !m_summary) return tm;
    auto it = m_summary->clockOffsetNs.find(rank);
    if (it == m_summary->clockOffsetNs.end() || it->second == 0) return tm;
    TimeMapping m = tm; // a rank whose clock runs ahead by `off` shows its events `off` earlier
    m.t0 += it->second;
    m.t1 += it->second;
    return m;
}

void TimelineView::setAligned(bool on) {
    m_aligned = on;
    requestData();
    update();
}

void TimelineView::setKindVisible(const QString& kind, bool visible) {
    if (visible)
        m_layoutOpts.hiddenKinds.erase(kind);
    else
        m_layoutOpts.hiddenKinds.insert(kind);
    relayout();
    requestData();
    update();
}

void TimelineView::setPinned(qint64 trackId, bool pinned) {
    auto& v = m_layoutOpts.pinned;
    v.erase(std::remove(v.begin(), v.end(), trackId), v.end());
    if (pinned) v.push_back(trackId);
    relayout();
    requestData();
    update();
}

void TimelineView::contextMenuEvent(QContextMenuEvent* e) {
    if (const QString id = calloutAt(e->pos()); !id.isEmpty() && m_annotations) {
        QMenu menu(this);
        menu.addAction(tr("Edit the text…"), this, [this, id] { Q_EMIT annotationEditRequested(id); });
        menu.addAction(tr("Delete the annotation"), this, [this, id] { m_annotations->remove(id); });
        menu.exec(e->globalPos());
        return;
    }
    int idx = laneAt(m_lanes, e->pos().y() - contentTop() + m_vbar->value());
    if (idx < 0) return;
    const Lane l = m_lanes[size_t(idx)];
    QMenu menu(this);
    if (m_annotations && e->pos().x() >= kGutter && l.rank >= 0) {
        const QPoint at = e->pos();
        menu.addAction(tr("Add a note here…"), this, [this, at] {
            auto saved = m_annotations->tool();
            m_annotations->setTool(AnnotationModel::Tool::Note);
            auto a = draftFrom(at, at);
            m_annotations->setTool(saved);
            if (a) Q_EMIT annotationDrafted(*a);
        });
        if (l.header) {
            menu.exec(e->globalPos());
            return;
        }
        menu.addSeparator();
    }
    if (l.header) return;
    menu.addAction(l.pinned ? tr("Unpin \"%1\"").arg(l.label) : tr("Pin \"%1\" to the top").arg(l.label),
                   this, [this, l] { setPinned(l.trackId, !l.pinned); });
    menu.addAction(m_layoutOpts.collapsedRanks.count(l.rank) ? tr("Expand rank %1").arg(l.rank)
                                                             : tr("Collapse rank %1").arg(l.rank),
                   this, [this, l] { setCollapsed(l.rank, !m_layoutOpts.collapsedRanks.count(l.rank)); });
    menu.exec(e->globalPos());
}

void TimelineView::setSearchHits(const std::vector<qint64>& ids) {
    m_searchHits = QSet<qint64>(ids.begin(), ids.end());
    update();
}

void TimelineView::relayout() {
    if (!m_summary) {
        m_lanes.clear();
        return;
    }
    m_lanes = layoutLanes(*m_summary, m_layoutOpts);
    int visible = lanesBottom() - contentTop();
    m_vbar->setRange(0, std::max(0, layoutHeight(m_lanes) - visible + 8));
    m_vbar->setPageStep(visible);
}

query::TimelineWindow TimelineView::currentRequest() const {
    query::TimelineWindow w;
    w.t0 = m_state->windowStart();
    w.t1 = m_state->windowEnd();
    w.widthPx = std::max(1, width() - kGutter - barWidth());
    if (m_aligned && m_summary) { // aligned lanes show each rank shifted: ask for the union of their windows
        int64_t most = 0;
        for (auto& [r, off] : m_summary->clockOffsetNs)
            most = std::max<int64_t>(most, std::llabs(off));
        w.t0 -= most;
        w.t1 += most;
    }
    // only the lanes on screen (with a margin for small scrolls); scrolling asks again
    int top = m_vbar->value() - 200, bottom = m_vbar->value() + height() + 200;
    for (const auto& l : m_lanes)
        if (!l.header && l.y + l.height >= top && l.y <= bottom) w.trackIds.push_back(l.trackId);
    return w;
}

void TimelineView::requestData() {
    if (!m_service || !m_summary) return;
    m_pending = m_service->requestTimeline(currentRequest());
}

TimeMapping TimelineView::mapping() const {
    TimeMapping tm;
    tm.t0 = m_state->windowStart();
    tm.t1 = std::max<int64_t>(m_state->windowEnd(), tm.t0 + 1);
    tm.x0 = kGutter;
    tm.width = std::max(1, width() - kGutter - barWidth());
    return tm;
}

double TimelineView::xOf(qint64 ns) const {
    return mapping().x(ns);
}

QRect TimelineView::rankBlock(int rank) const {
    int top = -1, bottom = -1;
    for (const auto& l : m_lanes) {
        if (l.rank != rank || l.pinned) continue;
        if (top < 0) top = l.y;
        bottom = l.y + l.height;
    }
    if (top < 0) return {};
    return QRect(kGutter, contentTop() + top - m_vbar->value(), int(mapping().width), bottom - top);
}

void TimelineView::scrollToTrack(qint64 trackId) {
    if (!m_summary) return;
    for (const auto& t : m_summary->tracks)
        if (t.trackId == trackId && m_layoutOpts.collapsedRanks.count(t.rank)) setCollapsed(t.rank, false);
    for (const auto& l : m_lanes)
        if (!l.header && l.trackId == trackId) {
            int visible = lanesBottom() - contentTop();
            if (l.y < m_vbar->value() || l.y + l.height > m_vbar->value() + visible)
                m_vbar->setValue(std::max(0, l.y - visible / 3));
            update();
            return;
        }
}

QRect TimelineView::laneRect(qint64 trackId) const {
    for (const auto& l : m_lanes)
        if (!l.header && l.trackId == trackId)
            return QRect(kGutter, contentTop() + l.y - m_vbar->value(), int(mapping().width), l.height);
    return {};
}

void TimelineView::resizeEvent(QResizeEvent*) {
    applyGeometry();
}

void TimelineView::resizeNow(int width, int height) {
    resize(width, height);
    if (!isVisible()) applyGeometry(); // a visible widget got its resize event already
}

void TimelineView::applyGeometry() {
    m_vbar->setVisible(!m_exportMode);
    m_vbar->setGeometry(width() - m_vbar->sizeHint().width(), contentTop(), m_vbar->sizeHint().width(),
                        lanesBottom() - contentTop());
    relayout();
    requestData();
}

QString TimelineView::opTypeOf(const query::DrawItem& it) const {
    int32_t key = it.opTypeId ? it.opTypeId : -it.nameId - 1;
    auto c = m_opTypeCache.find(key);
    if (c != m_opTypeCache.end()) return *c;
    QString v;
    if (m_summary) {
        if (it.opTypeId && size_t(it.opTypeId) < m_summary->strings.size())
            v = QString::fromStdString(m_summary->strings[size_t(it.opTypeId)]);
        else if (size_t(it.nameId) < m_summary->strings.size())
            v = QString::fromStdString(model::deriveOpType(m_summary->strings[size_t(it.nameId)]));
    }
    m_opTypeCache.insert(key, v);
    return v;
}

std::optional<int64_t> TimelineView::stepAt(int rank, int64_t ns) const {
    if (!m_summary) return std::nullopt;
    std::optional<int64_t> best;
    for (const auto& s : m_summary->steps)
        if (s.rank == rank && s.startNs <= ns) best = s.step;
    return best;
}

void TimelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_summary) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Open a profile directory (File ▸ Open profile…, Ctrl+O)"));
        return;
    }
    TimeMapping tm = mapping();
    p.save();
    p.setClipRect(QRect(kGutter, contentTop(), int(tm.width), lanesBottom() - contentTop()));
    paintSteps(p, tm);
    paintLanes(p, tm);
    if (m_showWaits) paintWaits(p, tm);
    paintAnnotations(p, tm);
    paintDraft(p);
    if (m_selecting) {
        int a = std::min(m_selectX0, m_selectX1), b = std::max(m_selectX0, m_selectX1);
        p.fillRect(QRect(a, contentTop(), b - a, height()), QColor(60, 120, 220, 50));
        p.setPen(QColor(40, 90, 200));
        p.drawText(QRect(a, contentTop() + 4, std::max(b - a, 120), 16), Qt::AlignLeft,
                   formatDuration(tm.t(b) - tm.t(a)));
    }
    p.restore();
    paintGutter(p);
    paintAxis(p, tm);
    if (m_lanes.empty() && !m_layoutOpts.filter.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(
            QRect(0, contentTop(), width(), lanesBottom() - contentTop()), Qt::AlignCenter,
            tr("No track matches \"%1\" (try \"rank 3\", \"rank 3-5\", \"rank 4, rank 5\", \"plane 0\")")
                .arg(m_layoutOpts.filter));
    }
    if (m_exportMode) return; // the export's caption carries the legend and the notes
    paintLegend(p);
    paintNotes(p);
}

void TimelineView::paintSteps(QPainter& p, const TimeMapping& tm) {
    if (m_summary->ranks.empty()) return;
    int first = m_summary->ranks.front();
    const TimeMapping rm = rankMapping(tm, first);
    bool odd = false;
    QColor band = palette().color(QPalette::AlternateBase);
    if (band == palette().color(QPalette::Base)) band = band.darker(106);
    for (const auto& s : m_summary->steps) {
        if (s.rank != first) continue;
        odd = !odd;
        double x0 = rm.x(s.startNs), x1 = rm.x(s.endNs);
        if (x1 < kGutter || x0 > width()) continue;
        x0 = std::max(x0, double(kGutter) - 4); // clipped: far zoomed in a step is billions of px wide
        x1 = std::min(x1, double(width()) + 4);
        if (odd) p.fillRect(QRectF(x0, contentTop(), x1 - x0, height()), band);
    }
}

void TimelineView::paintLanes(QPainter& p, const TimeMapping& tm) {
    const int scroll = m_vbar->value();
    const Selection& sel = m_state->selection();
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
    p.setFont(small);
    QFontMetrics fm(small);
    QHash<QRgb, QVector<QRectF>> batches; // by colour: one drawRects per colour
    struct Label {
        QRectF r;
        QString text;
        QColor color;
    };
    std::vector<Label> labels;
    std::vector<QRectF> outlines, hits;
    for (const auto& l : m_lanes) {
        int y = contentTop() + l.y - scroll;
        if (y > height() || y + l.height < contentTop()) continue;
        if (l.header) {
            p.fillRect(QRectF(kGutter, y, tm.width, l.height), palette().color(QPalette::Window));
            continue;
        }
        p.setPen(palette().color(QPalette::Midlight));
        p.drawLine(QPointF(kGutter, y + l.height - 0.5), QPointF(kGutter + tm.width, y + l.height - 0.5));
        const TimeMapping lm = rankMapping(tm, l.rank); // raw or clock-aligned time of this rank
        if (l.kind == "counter" || l.kind == "memory") {
            paintChart(p, lm, l, y);
            continue;
        }
        auto it = m_byTrack.find(l.trackId);
        if (it == m_byTrack.end()) continue;
        bool comm = l.kind == "communication";
        const double rowH = double(l.height - 3) / l.rows;
        double lastX1[8] = {-1e9, -1e9, -1e9, -1e9, -1e9, -1e9, -1e9, -1e9};
        for (const auto& item : (*it)->items) {
            if (item.depth >= l.rows) continue;
            double x0 = std::max(lm.x(item.startNs), double(kGutter) - 2);
            double x1 = std::min(lm.x(item.endNs), double(kGutter + tm.width) + 2);
            if (x1 < kGutter || x0 > kGutter + tm.width) continue;
            // sub-pixel spans that land in an already painted pixel add nothing
            double& last = lastX1[std::min(item.depth, 7)];
            if (x1 - x0 < 1 && x0 < last) continue;
            if (x1 - x0 < 1) x1 = x0 + 1;
            last = x1;
            // colour per (op type, family), cached: hashing a name per item was most of a zoomed-out frame;
            // the op type's text is only needed on a cache miss or for an op-type selection
            int32_t ck = (item.opTypeId ? item.opTypeId : -item.nameId - 1);
            auto cc = m_colorCache.find(qint64(ck) * 2 + comm);
            if (cc == m_colorCache.end())
                cc = m_colorCache.insert(qint64(ck) * 2 + comm, colorForOpType(opTypeOf(item), comm));
            QColor c = *cc;
            bool dim = sel.kind == Selection::Kind::OpType &&
                       (opTypeOf(item) != sel.opType || (sel.rank >= 0 && sel.rank != l.rank));
            if (dim) c.setAlpha(45);
            QRectF r(x0, y + 1 + item.depth * rowH, x1 - x0, rowH - 1);
            batches[c.rgba()].push_back(r);
            if (item.spanId && ((sel.kind == Selection::Kind::Span && item.spanId == sel.spanId) ||
                                (sel.kind == Selection::Kind::CommLink &&
                                 std::binary_search(sel.spans.begin(), sel.spans.end(), item.spanId))))
                outlines.push_back(r);
            if (item.spanId && m_searchHits.contains(item.spanId)) hits.push_back(r);
            if (r.width() > 36 && item.spanId && m_summary &&
                size_t(item.nameId) < m_summary->strings.size()) {
                QString name = QString::fromStdString(m_summary->strings[size_t(item.nameId)]);
                int slash = name.lastIndexOf('/');
                if (slash >= 0) name = name.mid(slash + 1);
                labels.push_back({r.adjusted(2, 0, -2, 0),
                                  fm.elidedText(name, Qt::ElideRight, int(r.width()) - 4), textOn(c)});
            }
        }
    }
    p.setPen(Qt::NoPen);
    // in a fixed colour order: the hash's order changes from run to run, and overlapping spans drawn in
    // another order would make the same view a different picture (exports, saved views)
    std::vector<QRgb> colours(batches.keyBegin(), batches.keyEnd());
    std::sort(colours.begin(), colours.end());
    for (QRgb rgba : colours) {
        const auto& rects = batches[rgba];
        p.setBrush(QColor::fromRgba(rgba));
        p.drawRects(rects.constData(), int(rects.size()));
    }
    for (const auto& lb : labels) {
        p.setPen(lb.color);
        p.drawText(lb.r, Qt::AlignVCenter | Qt::AlignLeft, lb.text);
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(255, 200, 0), 2));
    for (const auto& r : hits)
        p.drawRect(r.adjusted(-1, -1, 1, 1));
    p.setPen(QPen(palette().color(QPalette::Highlight), 2.5));
    for (const auto& r : outlines)
        p.drawRect(r.adjusted(-1.5, -1.5, 1.5, 1.5));
}

void TimelineView::paintChart(QPainter& p, const TimeMapping& tm, const Lane& l, int y) {
    auto it = m_counters.find(l.trackId);
    if (it == m_counters.end() || (*it)->points.empty() || (*it)->maxValue <= 0) return;
    const auto& c = **it;
    double top = y + 3, bottom = y + l.height - 2, h = bottom - top;
    QPainterPath path;
    path.moveTo(tm.x(c.points.front().first), bottom);
    double prevY = bottom;
    for (const auto& [ts, v] : c.points) {
        double x = std::clamp(tm.x(ts), double(kGutter), double(kGutter) + tm.width);
        double yy = bottom - h * v / c.maxValue;
        path.lineTo(x, prevY); // step: the value holds until the next sample
        path.lineTo(x, yy);
        prevY = yy;
    }
    path.lineTo(kGutter + tm.width, prevY);
    path.lineTo(kGutter + tm.width, bottom);
    path.closeSubpath();
    QColor col = l.kind == "memory" ? QColor(214, 96, 77) : QColor(90, 140, 190);
    QColor fill = col;
    fill.setAlpha(110);
    p.save();
    p.setPen(QPen(col, 1));
    p.setBrush(fill);
    p.drawPath(path);
    p.setPen(palette().color(QPalette::PlaceholderText));
    QString maxText = c.bytes ? formatBytes(int64_t(c.maxValue)) : QString::number(c.maxValue, 'g', 4);
    p.drawText(QRectF(kGutter + tm.width - 90, y, 86, 12), Qt::AlignRight | Qt::AlignTop,
               tr("max %1").arg(maxText));
    p.restore();
}

void TimelineView::paintWaits(QPainter& p, const TimeMapping& tm) {
    std::map<int, QRect> blocks;
    std::map<int, int> headerMid;
    for (int r : m_summary->ranks) {
        QRect b = rankBlock(r);
        if (b.isValid()) {
            blocks[r] = b;
            headerMid[r] = b.top() + m_layoutOpts.headerHeight / 2;
        }
    }
    const Selection& sel = m_state->selection();
    // Waits that touch in pixel space are merged per rank and kind before drawing: zoomed out, thousands of
    // sub-pixel waits would otherwise each fill every lane of their rank (most of a frame's time).
    struct Run {
        double x0, x1;
        const query::WaitDesc* longest;
        bool selected;
    };
    std::map<std::pair<int, bool>, std::vector<Run>> runs;
    // only the shown ranks' waits in the window (WaitIndex), never the whole profile's
    for (const auto& [blockRank, blockRect] : blocks) {
        const TimeMapping wm = rankMapping(tm, blockRank);
        m_waits.forEach(
            blockRank, wm.t(kGutter) - 1, wm.t(kGutter + int(tm.width)) + 1, [&](const WaitIndex::Entry& e) {
                const query::WaitDesc& w = *e.wait;
                double x0 = wm.x(w.startNs), x1 = wm.x(w.startNs + w.durNs);
                if (x1 < kGutter || x0 > kGutter + tm.width) return;
                x1 = std::max(x1, x0 + 2);
                // clipped to the visible lanes: at a ~50 ns window a 200 ms wait is 4·10⁹ px wide, past what
                // the raster engine fills (it drew nothing: the wait vanished when zoomed in)
                x0 = std::max(x0, double(kGutter) - 4);
                x1 = std::min(x1, double(kGutter) + tm.width + 4);
                const bool collective = e.collective;
                bool selected = sel.kind == Selection::Kind::Step && sel.step == w.step && sel.rank == w.rank;
                auto& v = runs[{w.rank, collective}];
                if (!v.empty() && x0 <= v.back().x1 + 1) {
                    Run& r = v.back();
                    r.x1 = std::max(r.x1, x1);
                    if (w.durNs > r.longest->durNs) r.longest = &w;
                    r.selected = r.selected || selected;
                } else {
                    v.push_back({x0, x1, &w, selected});
                }
            });
    }
    for (const auto& [key, v] : runs) {
        auto [rank, collective] = key;
        const QRect& block = blocks[rank];
        QColor base = collective ? waitColor() : idleGapColor();
        // Hatch where the waiting happens (the rank header and its communication lanes); only tint the
        // compute and host lanes so the kernels around the wait stay readable.
        QColor tint = base, fill = base;
        tint.setAlpha(22);
        fill.setAlpha(170); // the waiting part of a collective must read as red, not as the op's own colour
        for (const Run& r : v) {
            for (const auto& l : m_lanes) {
                if (l.rank != rank) continue;
                QRectF lr(r.x0, contentTop() + l.y - m_vbar->value(), r.x1 - r.x0, l.height);
                if (l.header) {
                    p.fillRect(lr.adjusted(0, 2, 0, -2), base);
                } else if (l.kind == "communication") {
                    p.fillRect(lr, fill);
                    p.fillRect(lr,
                               QBrush(base.darker(140), collective ? Qt::BDiagPattern : Qt::FDiagPattern));
                } else {
                    p.fillRect(lr, tint);
                    if (!collective) p.fillRect(lr, QBrush(base, Qt::FDiagPattern));
                }
            }
            if (r.selected) {
                // the selected step's waits: a box where they are wide enough to leave their inside
                // readable, else only a mark on the rank's header (thin waits became solid bars over every
                // lane)
                p.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
                p.setBrush(Qt::NoBrush);
                if (r.x1 - r.x0 >= 6)
                    p.drawRect(QRectF(r.x0, block.top(), r.x1 - r.x0, block.height()));
                else
                    p.drawRect(
                        QRectF(r.x0 - 1, block.top() + 1, r.x1 - r.x0 + 2, m_layoutOpts.headerHeight - 2));
            }
            // the link to the late rank, for waits wide enough to read
            const auto& w = *r.longest;
            if (collective && w.blamedRank && r.x1 - r.x0 >= 2) {
                auto target = headerMid.find(*w.blamedRank);
                if (target != headerMid.end()) {
                    double xl = rankMapping(tm, *w.blamedRank).x(w.blamedArrivalNs);
                    p.setPen(QPen(base.darker(130), 1.2, Qt::DashLine));
                    p.drawLine(QPointF(xl, headerMid[rank]), QPointF(xl, target->second));
                    p.setBrush(base.darker(130));
                    p.drawEllipse(QPointF(xl, target->second), 3, 3);
                    p.setBrush(Qt::NoBrush);
                }
            }
        }
    }
}

void TimelineView::paintAxis(QPainter& p, const TimeMapping& tm) {
    QRect axis(0, 0, width(), kAxis);
    p.fillRect(axis, palette().color(QPalette::Window));
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, kAxis - 1, width(), kAxis - 1);
    QFont f = font();
    f.setPointSizeF(std::max(6.5, f.pointSizeF() - 1));
    p.setFont(f);
    p.setPen(palette().color(QPalette::WindowText));
    const Ruler ruler = tm.ruler(90, m_state->boundsStart());
    // the origin the tick labels count from, once, in the gutter: run time at the visible origin
    QFont bold = f;
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(4, 1, kGutter - 8, 13), Qt::AlignRight,
               ruler.originNs == m_state->boundsStart()
                   ? tr("0 = run start \u25B8")
                   : tr("0 = run %1 \u25B8").arg(ruler.originLabel)); // ▸
    p.setFont(f);
    for (const auto& t : ruler.ticks) {
        double x = tm.x(t.ns);
        if (x < kGutter) continue;
        p.drawLine(QPointF(x, kAxis - (t.major ? 9 : 5)), QPointF(x, kAxis - 1));
        p.drawText(QRectF(x + 3, 2, 120, 14), Qt::AlignLeft, t.ns == ruler.originNs ? QString("0") : t.label);
    }
    // step labels
    if (!m_summary->ranks.empty()) {
        int first = m_summary->ranks.front();
        std::set<int64_t> outliers;
        for (const auto& s : m_summary->steps)
            if (s.outlier) outliers.insert(s.step);
        for (const auto& s : m_summary->steps) {
            if (s.rank != first) continue;
            double x0 = std::max(tm.x(s.startNs), double(kGutter)), x1 = tm.x(s.endNs);
            if (x1 - x0 < 30 || x0 > width()) continue;
            bool out = outliers.count(s.step) > 0;
            p.setPen(out ? waitColor() : palette().color(QPalette::PlaceholderText));
            p.drawText(
                QRectF(x0 + 3, 14, x1 - x0 - 3, 13), Qt::AlignLeft,
                QString("Step %1%2").arg(s.step).arg(out ? QString::fromUtf8(" ⚠ outlier") : QString()));
        }
    }
    p.setPen(palette().color(QPalette::WindowText));
    // second row of the gutter; the first holds the ruler's origin
    p.drawText(QRect(4, 14, kGutter - 8, 13), Qt::AlignLeft,
               tr("window %1").arg(formatDuration(tm.t1 - tm.t0)));
}

void TimelineView::paintGutter(QPainter& p) {
    const int scroll = m_vbar->value();
    p.save();
    p.setClipRect(QRect(0, contentTop(), kGutter, lanesBottom() - contentTop()));
    p.fillRect(QRect(0, contentTop(), kGutter, height()), palette().color(QPalette::Window));
    QFont f = font();
    QFont bold = f;
    bold.setBold(true);
    QFont small = f;
    small.setPointSizeF(std::max(6.5, f.pointSizeF() - 1.5));
    for (const auto& l : m_lanes) {
        int y = contentTop() + l.y - scroll;
        if (y > height() || y + l.height < contentTop()) continue;
        if (l.header) {
            p.setFont(bold);
            p.setPen(palette().color(QPalette::WindowText));
            bool collapsed = m_layoutOpts.collapsedRanks.count(l.rank) > 0;
            p.drawText(QRect(4, y, kGutter - 8, l.height), Qt::AlignVCenter,
                       QString::fromUtf8(collapsed ? "▸ " : "▾ ") + l.label);
        } else {
            p.setFont(small);
            p.setPen(l.kind == "communication" ? QColor(70, 90, 200) : palette().color(QPalette::WindowText));
            p.drawText(QRect(16, y, kGutter - 20, std::min(l.height, 16)), Qt::AlignVCenter,
                       QFontMetrics(small).elidedText(l.label, Qt::ElideRight, kGutter - 22));
        }
    }
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(kGutter - 1, contentTop(), kGutter - 1, lanesBottom());
    p.restore();
}

TimelineView::Hit TimelineView::hitAt(QPoint pos) const {
    Hit h;
    if (!m_summary || pos.x() < kGutter || pos.y() < contentTop()) return h;
    int idx = laneAt(m_lanes, pos.y() - contentTop() + m_vbar->value());
    if (idx < 0) return h;
    h.lane = &m_lanes[size_t(idx)];
    const TimeMapping tm = rankMapping(mapping(), h.lane->rank);
    int64_t t = tm.t(pos.x());
    int64_t slop = int64_t(2 * tm.nsPerPx());
    if (m_showWaits && (h.lane->header || h.lane->kind != "compute")) {
        m_waits.forEach(h.lane->rank, t - slop, t + slop, [&](const WaitIndex::Entry& e) {
            if (!h.wait) h.wait = e.wait;
        });
        if (h.wait) return h;
    }
    if (h.lane->header) return h;
    if (h.lane->kind == "counter" || h.lane->kind == "memory") {
        h.counter = m_counters.value(h.lane->trackId, nullptr);
        h.counterNs = t;
        return h;
    }
    auto it = m_byTrack.find(h.lane->trackId);
    if (it == m_byTrack.end()) return h;
    int y = contentTop() + h.lane->y - m_vbar->value();
    double rowH = double(h.lane->height - 3) / h.lane->rows;
    int depth = int((pos.y() - y - 1) / rowH);
    for (const auto& item : (*it)->items)
        if (item.depth == depth && t >= item.startNs - slop && t <= item.endNs + slop) {
            h.item = &item;
            break;
        }
    if (!h.item && m_showWaits)
        m_waits.forEach(h.lane->rank, t, t, [&](const WaitIndex::Entry& e) {
            if (!h.wait) h.wait = e.wait;
        });
    return h;
}

QString TimelineView::tooltipFor(const Hit& h) const {
    if (h.counter && !h.counter->points.empty()) {
        double v = h.counter->points.front().second;
        for (const auto& [ts, value] : h.counter->points)
            if (ts <= h.counterNs) v = value;
        return QString("<b>%1</b> (rank %2)<br>%3 at %4")
            .arg(h.lane->label.toHtmlEscaped())
            .arg(h.lane->rank)
            .arg(h.counter->bytes ? formatBytes(int64_t(v)) : QString::number(v, 'g', 6))
            .arg(formatOffset(h.counterNs - m_state->boundsStart(), 1000));
    }
    if (h.wait) {
        const auto& w = *h.wait;
        if (w.kind == "collective_wait" && !w.blamedRank)
            return tr("<b>waited %1</b> in %2 (step %3)<br>the rank it waited for is not known: not every "
                      "rank "
                      "of this collective is in the profile")
                .arg(formatDuration(w.durNs))
                .arg(QString::fromStdString(w.collective).toHtmlEscaped())
                .arg(w.step);
        if (w.kind == "collective_wait")
            return tr("<b>waited %1 for rank %2</b> in %3 (step %4)<br>rank %5 arrived first; rank %2 "
                      "arrived last")
                .arg(formatDuration(w.durNs))
                .arg(w.blamedRank ? QString::number(*w.blamedRank) : tr("?"))
                .arg(QString::fromStdString(w.collective).toHtmlEscaped())
                .arg(w.step)
                .arg(w.rank);
        return tr("<b>device idle %1</b> before %2 (step %3)<br>rank %4 had no device work here and reached "
                  "the "
                  "collective last: the other ranks waited for it")
            .arg(formatDuration(w.durNs))
            .arg(QString::fromStdString(w.collective).toHtmlEscaped())
            .arg(w.step)
            .arg(w.rank);
    }
    if (h.item && m_summary) {
        const auto& it = *h.item;
        QString name = size_t(it.nameId) < m_summary->strings.size()
                           ? QString::fromStdString(m_summary->strings[size_t(it.nameId)])
                           : QString();
        auto step = stepAt(h.lane->rank, it.startNs);
        QString s = QString("<b>%1</b><br>op type: %2<br>duration: %3<br>start: %4 (%5 ns)<br>rank %6 · %7%8")
                        .arg(name.toHtmlEscaped(), opTypeOf(it).toHtmlEscaped(),
                             formatDuration(it.endNs - it.startNs),
                             formatOffset(it.startNs - m_state->boundsStart(), 1000))
                        .arg(it.startNs)
                        .arg(h.lane->rank)
                        .arg(h.lane->label.toHtmlEscaped())
                        .arg(step ? tr(" · step %1").arg(*step) : QString());
        if (it.count > 1) s += tr("<br><i>%1 spans merged at this zoom (longest shown)</i>").arg(it.count);
        return s;
    }
    return {};
}

bool TimelineView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(e);
        if (const QString id = calloutAt(he->pos()); !id.isEmpty() && m_annotations) {
            if (const auto* a = m_annotations->find(id)) {
                QToolTip::showText(
                    he->globalPos(),
                    tr("<b>%1</b><br>%2<br>%3 · %4<br><i>double-click to edit, right-click for more</i>")
                        .arg(QString::fromStdString(a->text).toHtmlEscaped(),
                             QString::fromStdString(annotate::describeAnchor(*a, m_state->boundsStart()))
                                 .toHtmlEscaped(),
                             QString::fromStdString(a->author).toHtmlEscaped(),
                             QString::fromStdString(a->created)),
                    this);
                return true;
            }
        }
        QString tip = tooltipFor(hitAt(he->pos()));
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(he->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(e);
}

void TimelineView::wheelEvent(QWheelEvent* e) {
    if (e->modifiers() & Qt::ShiftModifier || e->position().x() < kGutter) {
        m_vbar->setValue(m_vbar->value() - e->angleDelta().y() / 2);
        return;
    }
    double steps = e->angleDelta().y() / 120.0;
    if (steps == 0) return;
    TimeMapping tm = mapping();
    auto [a, b] = zoomWindow(tm.t0, tm.t1, tm.t(e->position().x()), std::pow(1.25, steps),
                             m_state->boundsStart(), m_state->boundsEnd());
    m_state->setWindow(a, b);
    e->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* e) {
    setFocus();
    m_pressPos = e->pos();
    m_pressT0 = m_state->windowStart();
    m_pressT1 = m_state->windowEnd();
    if (e->button() != Qt::LeftButton) return;
    if (e->pos().x() < kGutter) {
        int idx = laneAt(m_lanes, e->pos().y() - contentTop() + m_vbar->value());
        if (idx >= 0 && m_lanes[size_t(idx)].header)
            setCollapsed(m_lanes[size_t(idx)].rank,
                         !m_layoutOpts.collapsedRanks.count(m_lanes[size_t(idx)].rank));
        return;
    }
    if (m_annotations && m_annotations->tool() != AnnotationModel::Tool::None) {
        m_drafting = true;
        m_draftEnd = e->pos();
        return;
    }
    if (e->modifiers() & Qt::ShiftModifier) {
        m_selecting = true;
        m_selectX0 = m_selectX1 = e->pos().x();
    } else {
        m_dragging = true;
    }
}

void TimelineView::mouseMoveEvent(QMouseEvent* e) {
    TimeMapping tm = mapping();
    if (e->pos().x() >= kGutter) m_state->setHoverNs(tm.t(e->pos().x()));
    if (m_drafting) {
        m_draftEnd = e->pos();
        update();
    } else if (m_selecting) {
        m_selectX1 = e->pos().x();
        update();
    } else if (m_dragging) {
        int64_t delta = int64_t(double(m_pressPos.x() - e->pos().x()) * tm.nsPerPx());
        auto [a, b] = panWindow(m_pressT0, m_pressT1, delta, m_state->boundsStart(), m_state->boundsEnd());
        m_state->setWindow(a, b, false);
        m_vbar->setValue(m_vbar->value() + (m_pressPos.y() - e->pos().y()) / 3);
    }
}

void TimelineView::mouseReleaseEvent(QMouseEvent* e) {
    if (m_drafting) {
        m_drafting = false;
        auto a = draftFrom(m_pressPos, e->pos());
        update();
        if (a) Q_EMIT annotationDrafted(*a);
        return;
    }
    if (m_selecting) {
        m_selecting = false;
        TimeMapping tm = mapping();
        int a = std::min(m_selectX0, m_selectX1), b = std::max(m_selectX0, m_selectX1);
        if (b - a > 3) {
            // never narrower than zooming goes (a few px selected at ~2 ns/px made a 9 ns window)
            int64_t t0 = tm.t(a), t1 = tm.t(b);
            if (t1 - t0 < kMinWindowNs) {
                t0 += (t1 - t0 - kMinWindowNs) / 2;
                t1 = t0 + kMinWindowNs;
            }
            m_state->setWindow(t0, t1);
        }
        update();
        return;
    }
    if (m_dragging) {
        m_dragging = false;
        bool moved = (e->pos() - m_pressPos).manhattanLength() > 3;
        if (moved) {
            // record the pre-drag window once, so Back undoes the whole pan
            qint64 t0 = m_state->windowStart(), t1 = m_state->windowEnd();
            m_state->setWindow(m_pressT0, m_pressT1, false);
            m_state->setWindow(t0, t1, true);
            return;
        }
        Hit h = hitAt(e->pos());
        Selection s;
        if (h.item && h.item->spanId) {
            s.kind = Selection::Kind::Span;
            s.rank = h.lane->rank;
            s.spanId = h.item->spanId;
            s.opType = opTypeOf(*h.item);
            s.startNs = h.item->startNs;
            s.endNs = h.item->endNs;
            m_state->setSelection(s);
            Q_EMIT spanActivated(h.item->spanId);
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
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* e) {
    if (const QString id = calloutAt(e->pos()); !id.isEmpty()) {
        Q_EMIT annotationEditRequested(id);
        return;
    }
    Hit h = hitAt(e->pos());
    int64_t a = 0, b = 0;
    if (h.item)
        a = h.item->startNs, b = h.item->endNs;
    else if (h.wait)
        a = h.wait->startNs, b = h.wait->startNs + h.wait->durNs;
    else
        return;
    int64_t pad = std::max<int64_t>((b - a) / 10, 500);
    m_state->setWindow(a - pad, b + pad);
}

void TimelineView::keyPressEvent(QKeyEvent* e) {
    TimeMapping tm = mapping();
    int64_t mid = (tm.t0 + tm.t1) / 2, w = tm.t1 - tm.t0;
    auto zoom = [&](double f) {
        auto [a, b] = zoomWindow(tm.t0, tm.t1, mid, f, m_state->boundsStart(), m_state->boundsEnd());
        m_state->setWindow(a, b);
    };
    auto pan = [&](double frac) {
        auto [a, b] =
            panWindow(tm.t0, tm.t1, int64_t(double(w) * frac), m_state->boundsStart(), m_state->boundsEnd());
        m_state->setWindow(a, b);
    };
    if (e->matches(QKeySequence::Back) || (e->key() == Qt::Key_Left && e->modifiers() & Qt::AltModifier)) {
        m_state->back();
        return;
    }
    if (e->matches(QKeySequence::Forward) ||
        (e->key() == Qt::Key_Right && e->modifiers() & Qt::AltModifier)) {
        m_state->forward();
        return;
    }
    const TimelineKey* k =
        (e->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier)) ? nullptr : timelineKeyFor(e->key());
    if (!k) {
        QWidget::keyPressEvent(e);
        return;
    }
    switch (k->command) { // the keys themselves are in timelinekeys.cpp, with what the dialog says of them
    case TimelineCommand::ZoomIn:
        zoom(1.5);
        break;
    case TimelineCommand::ZoomOut:
        zoom(1 / 1.5);
        break;
    case TimelineCommand::PanLeft:
        pan(-0.15);
        break;
    case TimelineCommand::PanRight:
        pan(0.15);
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
        if (m_annotations && m_annotations->tool() != AnnotationModel::Tool::None) {
            m_drafting = false;
            m_annotations->setTool(AnnotationModel::Tool::None);
            update();
            break;
        }
        m_state->clearSelection();
        break;
    case TimelineCommand::ScrollUp:
        m_vbar->setValue(m_vbar->value() - 40);
        break;
    case TimelineCommand::ScrollDown:
        m_vbar->setValue(m_vbar->value() + 40);
        break;
    }
}

int TimelineView::barWidth() const {
    return m_exportMode ? 0 : m_vbar->sizeHint().width();
}

void TimelineView::setVisibleRanks(const std::set<int>& ranks) {
    m_layoutOpts.onlyRanks = ranks;
    relayout();
    requestData();
    update();
}

void TimelineView::setExportMode(bool on) {
    m_exportMode = on;
    m_vbar->setVisible(!on);
    relayout();
    update();
}

int TimelineView::fullHeight() const {
    return contentTop() + layoutHeight(m_lanes) + 8;
}

int TimelineView::scrollOffset() const {
    return m_vbar->value();
}

void TimelineView::setScrollOffset(int y) {
    m_vbar->setValue(y);
}

} // namespace rs::views
