#include "views/timeline/minimapview.h"
#include "views/common/plural.h"

#include "views/common/palette.h"
#include "views/common/rankname.h"
#include "views/common/timemapping.h"

#include <QMouseEvent>
#include <QPainter>
#include <QStyle>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace rs::views {

MinimapView::MinimapView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service) {
    setMinimumHeight(26);
    setMaximumHeight(48);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(false);
    setToolTip(baseToolTip());
    connect(m_state, &InteractionState::windowChanged, this, [this] { update(); });
    if (m_service)
        connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
            if (id == m_activityRequest) setActivity(v.value<std::shared_ptr<const query::RankActivity>>());
        });
}

void MinimapView::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
    m_activity.reset();
    requestActivity();
    render();
    update();
}

void MinimapView::setShowWaits(bool on) {
    if (on == m_showWaits) return;
    m_showWaits = on;
    render();
    update();
}

void MinimapView::changeEvent(QEvent* e) {
    if (e->type() == QEvent::PaletteChange || e->type() == QEvent::ApplicationPaletteChange) {
        render();
        update();
    }
    QWidget::changeEvent(e);
}

QString MinimapView::baseToolTip() {
    return tr(
        "The whole run: each rank's device activity (stronger blue: busier; a rank with no device lanes, "
        "as in a CPU-only trace, shows its host threads' activity in grey instead), steps, waits (red) "
        "and idle gaps (orange) when communication waits are shown; the frame is the timeline's window. "
        "Click to centre it there, drag the frame to move it, drag anywhere else to draw a new window "
        "over that time; wheel to zoom");
}

void MinimapView::setActivity(std::shared_ptr<const query::RankActivity> a) {
    m_activity = std::move(a);
    // what a host-only row measures, said where the row is read (walk15a #2: cpu_only's row read as a
    // device busy for the whole run)
    QString tip = baseToolTip();
    if (m_activity && !m_activity->hostOnly.empty()) {
        tip += tr("<br><br>Here %1 no device lanes: the grey is the time a host thread is inside a span, not "
                  "device activity")
                   .arg(m_activity->hostOnly.size() == 1
                            ? tr("%1 has").arg(rankName(m_summary.get(), *m_activity->hostOnly.begin()))
                            : tr("%1 ranks have").arg(m_activity->hostOnly.size()));
        if (m_activity->wrapperLanesLeftOut > 0)
            tip += tr("; %1 holding one span over the whole run (the profiler's wrapper) left out")
                       .arg(counted(m_activity->wrapperLanesLeftOut, tr("host lane"), tr("host lanes")));
    }
    setToolTip(tip);
    render();
    update();
}

int MinimapView::plotWidth() const {
    return std::max(1, width() - kLeft - rightMargin());
}

void MinimapView::requestActivity() {
    // one column per pixel of the run; asked again when the width changes
    if (!m_service || !m_summary || m_summary->ranks.empty() || width() <= kLeft + rightMargin()) return;
    m_activityRequest = m_service->requestRankActivity(m_summary->ranks, m_state->boundsStart(),
                                                       m_state->boundsEnd(), plotWidth());
}

double MinimapView::xOf(qint64 ns) const {
    const double w = plotWidth();
    const double span = double(std::max<qint64>(1, m_state->boundsEnd() - m_state->boundsStart()));
    return kLeft + double(ns - m_state->boundsStart()) / span * w;
}

qint64 MinimapView::timeAt(double x) const {
    const double w = plotWidth();
    const double span = double(std::max<qint64>(1, m_state->boundsEnd() - m_state->boundsStart()));
    return m_state->boundsStart() + qint64(std::llround((x - kLeft) / w * span));
}

void MinimapView::resizeEvent(QResizeEvent*) {
    if (!m_activity || m_activity->columns != plotWidth()) requestActivity();
    render();
}

void MinimapView::render() {
    m_image = QImage(size(), QImage::Format_ARGB32_Premultiplied);
    m_image.fill(palette().color(QPalette::Window));
    if (!m_summary || m_summary->ranks.empty() || width() <= kLeft + rightMargin()) return;
    QPainter p(&m_image);
    const int rows = std::max(1, std::min<int>(int(m_summary->ranks.size()), height() - 6));
    const double rowH = double(height() - 6) / rows;
    std::map<int, int> rowOf; // rank → row (ranks grouped evenly when they outnumber the rows)
    for (size_t i = 0; i < m_summary->ranks.size(); ++i)
        rowOf[m_summary->ranks[i]] = int(i * size_t(rows) / m_summary->ranks.size());
    const QColor base = palette().color(QPalette::Base);
    p.fillRect(QRectF(kLeft, 3, width() - kLeft - rightMargin(), height() - 6), base);
    QColor band = palette().color(QPalette::AlternateBase);
    if (band == base) band = band.darker(106);
    const int first = m_summary->ranks.front();
    bool odd = false;
    for (const auto& s : m_summary->steps) { // the first rank's steps, as the timeline bands them
        if (s.rank != first) continue;
        odd = !odd;
        if (odd)
            p.fillRect(QRectF(xOf(s.startNs), 3, std::max(1.0, xOf(s.endNs) - xOf(s.startNs)), height() - 6),
                       band);
    }
    // busy columns: dark blue over a light base, light blue over a dark one (the shade must read as
    // "more" in both themes)
    const QColor busyInk = base.lightness() < 128 ? QColor(120, 175, 240) : QColor(60, 100, 150);
    // host threads' activity is not the device's: grey, not blue (minimapview.h)
    const QColor hostInk = base.lightness() < 128 ? QColor(190, 190, 190) : QColor(105, 105, 105);
    std::set<int> deviceRows; // rows with a rank measured by its device
    for (const auto& [rank, row] : rowOf)
        if (!m_activity || !m_activity->hostOnly.count(rank)) deviceRows.insert(row);
    if (m_activity) { // device activity first: steps and waits read over it
        const double x0 = xOf(m_activity->t0);
        const double span = (xOf(m_activity->t1) - x0) / std::max(1, m_activity->columns); // px per column
        std::map<int, std::vector<float>> rows; // ranks grouped into a row: the busiest
        for (const auto& [rank, busy] : m_activity->busy) {
            auto r = rowOf.find(rank);
            if (r == rowOf.end()) continue;
            auto& row = rows[r->second];
            row.resize(std::max(row.size(), busy.size()), 0);
            for (size_t c = 0; c < busy.size(); ++c)
                row[c] = std::max(row[c], busy[c]);
        }
        for (const auto& [row, busy] : rows) {
            const QColor ink = deviceRows.count(row) ? busyInk : hostInk;
            for (size_t c = 0; c < busy.size(); ++c)
                if (busy[c] > 0.01f)
                    p.fillRect(
                        QRectF(x0 + double(c) * span, 3 + row * rowH, std::max(1.0, span),
                               std::max(1.0, rowH - (rowH > 3 ? 1 : 0))),
                        QColor(ink.red(), ink.green(), ink.blue(), 40 + int(170 * std::min(1.0f, busy[c]))));
        }
    }
    const QColor wait = waitColor(), idle = idleGapColor();
    static const std::vector<query::WaitDesc> none;
    for (const auto& w : m_showWaits ? m_summary->waits : none) { // once per profile and size, cached
        auto r = rowOf.find(w.rank);
        if (r == rowOf.end()) continue;
        const double x0 = xOf(w.startNs), x1 = std::max(x0 + 1, xOf(w.startNs + w.durNs));
        p.fillRect(QRectF(x0, 3 + r->second * rowH, x1 - x0, std::max(1.0, rowH - (rowH > 3 ? 1 : 0))),
                   w.kind == "collective_wait" ? wait : idle);
    }
    if (m_activity) { // unknown, not idle: hatched over the waits too (a missing shard's ranks)
        const double x0 = xOf(m_activity->t0), x1 = xOf(m_activity->t1);
        for (int rank : m_activity->unread)
            if (auto r = rowOf.find(rank); r != rowOf.end())
                p.fillRect(
                    QRectF(x0, 3 + r->second * rowH, x1 - x0, std::max(1.0, rowH - (rowH > 3 ? 1 : 0))),
                    QBrush(palette().color(QPalette::Text), Qt::BDiagPattern));
    }
    p.setPen(palette().color(QPalette::WindowText));
    QFont f = font();
    f.setPointSizeF(std::max(6.5, f.pointSizeF() - 1.5));
    p.setFont(f);
    p.drawText(QRect(4, 0, kLeft - 8, height()), Qt::AlignVCenter | Qt::AlignRight,
               tr("whole run · %1%2")
                   .arg(counted(qint64(m_summary->ranks.size()), tr("rank"), tr("ranks")),
                        deviceRows.empty() ? tr(" · host threads") : QString()));
}

void MinimapView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.drawImage(0, 0, m_image);
    if (!m_summary) return;
    // the window, at least 3 px wide so a 10 ns window still shows where it is
    double x0 = xOf(m_state->windowStart()), x1 = xOf(m_state->windowEnd());
    x0 = std::clamp(x0, double(kLeft) - 2, double(width()));
    x1 = std::clamp(x1, double(kLeft) - 2, double(width()));
    if (x1 - x0 < 3) {
        const double c = (x0 + x1) / 2;
        x0 = c - 1.5;
        x1 = c + 1.5;
    }
    QColor hl = palette().color(QPalette::Highlight);
    QColor fill = hl;
    fill.setAlpha(40);
    p.fillRect(QRectF(x0, 1, x1 - x0, height() - 2), fill);
    p.setPen(QPen(hl, 2));
    p.drawRect(QRectF(x0, 1, x1 - x0, height() - 2));
}

int MinimapView::rightMargin() const {
    // the timeline's lanes end at its vertical scrollbar: the minimap's time axis ends there too
    return style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
}

void MinimapView::centreOn(double x, bool record) {
    if (!m_summary) return;
    const qint64 w = m_state->windowEnd() - m_state->windowStart();
    const qint64 c = timeAt(x);
    auto [a, b] = panWindow(c - w / 2, c - w / 2 + w, 0, m_state->boundsStart(), m_state->boundsEnd());
    m_state->setWindow(a, b, record);
}

void MinimapView::mousePressEvent(QMouseEvent* e) {
    m_drag = Drag::None;
    if (e->button() != Qt::LeftButton || e->position().x() < kLeft || !m_summary) return;
    // pressed inside a frame narrower than the run: the frame is grabbed where it was pressed (it does not
    // jump) and a drag pans it; anywhere else a drag draws a new window, as an overview's brush does. At Fit
    // the frame is the whole run, and a drag that only panned it did nothing (issue 19)
    const double x = e->position().x(), x0 = xOf(m_state->windowStart()), x1 = xOf(m_state->windowEnd());
    const bool inside = x >= x0 - 2 && x <= x1 + 2;
    const bool wholeRun = x1 - x0 >= plotWidth() - kBrushSlopPx;
    m_drag = inside && !wholeRun ? Drag::Pan : Drag::Brush;
    m_grab = x - (x0 + x1) / 2;
    m_pressX = x;
    m_dragRecorded = false;
}

void MinimapView::mouseMoveEvent(QMouseEvent* e) {
    if (!(e->buttons() & Qt::LeftButton) || !m_summary) return;
    const double x = e->position().x();
    // a drag is one history entry, the window before it: Back after a drag went to a window the frame only
    // passed through (walk 55a)
    const bool record = !m_dragRecorded;
    if (m_drag == Drag::Pan) {
        centreOn(x - m_grab, record);
        m_dragRecorded = true;
    } else if (m_drag == Drag::Brush && std::abs(x - m_pressX) >= kBrushSlopPx) {
        brush(m_pressX, x, record);
        m_dragRecorded = true;
    }
}

void MinimapView::mouseReleaseEvent(QMouseEvent* e) {
    // a click (no drag) outside the frame centres the window there, its width kept
    if (e->button() == Qt::LeftButton && m_drag == Drag::Brush &&
        std::abs(e->position().x() - m_pressX) < kBrushSlopPx)
        centreOn(m_pressX);
    m_drag = Drag::None;
}

void MinimapView::brush(double from, double to, bool record) {
    const double right = kLeft + plotWidth();
    const double a = std::clamp(std::min(from, to), double(kLeft), right);
    const double b = std::clamp(std::max(from, to), double(kLeft), right);
    m_state->setWindow(timeAt(a), std::max(timeAt(b), timeAt(a) + 1), record);
}

void MinimapView::wheelEvent(QWheelEvent* e) {
    if (!m_summary) return;
    const double f = std::pow(1.25, e->angleDelta().y() / 120.0);
    auto [a, b] = zoomWindow(m_state->windowStart(), m_state->windowEnd(), timeAt(e->position().x()), f,
                             m_state->boundsStart(), m_state->boundsEnd());
    m_state->setWindow(a, b);
    e->accept();
}

} // namespace rs::views
