#include "views/compare/spanpairview.h"

#include "views/common/wholelines.h"

#include "views/common/timemapping.h"
#include "views/compare/stepoverlay.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QToolTip>
#include <algorithm>

namespace rs::views {

namespace {
constexpr int kLabelW = 130, kLaneH = 14, kTitleH = 20, kHeaderH = 22, kGap = 8, kRightPad = 10;
}

QString SpanPairView::titleText(int side) const {
    if (!m_spans) return {};
    const auto& s = m_spans->side[side];
    const QString who = side ? tr("candidate") : tr("baseline");
    return !s.found ? tr("%1: no steady step of this rank").arg(who)
                    : who + " · " + QString::fromStdString(compare::stepSpansText(s, m_spans->request));
}

QRect SpanPairView::wrappedRect(int top, int minHeight, const QFont& f, const QString& text) const {
    // on as many lines as the width needs: a long title was cut at the panel's right edge (walk 12)
    const int w = std::max(40, width() - 8);
    const QRect r = QFontMetrics(f).boundingRect(QRect(0, 0, w, 10000), Qt::TextWordWrap, text);
    return QRect(4, top, w, std::max(minHeight, r.height() + 2));
}

QFont SpanPairView::subjectFont() const {
    QFont bold = font();
    bold.setBold(true);
    return bold;
}

QRect SpanPairView::subjectRect() const {
    return wrappedRect(2, kHeaderH - 4, subjectFont(), m_subject);
}

QRect SpanPairView::titleRect(int side) const {
    return wrappedRect(sideTop(side), kTitleH, font(), titleText(side));
}

SpanPairView::SpanPairView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
}

void SpanPairView::setEmptyText(const QString& text) {
    m_emptyText = text;
    update();
}

void SpanPairView::setSpans(std::shared_ptr<const compare::SpanPair> spans, QString subject) {
    m_spans = std::move(spans);
    m_subject = std::move(subject);
    m_spanNs = 1;
    if (m_spans)
        for (const auto& s : m_spans->side)
            m_spanNs = std::max(m_spanNs, double(s.stepNs));
    updateGeometry();
    update();
}

QRect SpanPairView::noteRect(size_t i) const {
    // each note on as many lines as the width needs: a long one was cut at the panel's edge (walk 10)
    int y = std::max(kHeaderH, subjectRect().bottom() + 3);
    for (size_t k = 0; m_spans && k < m_spans->notes.size(); ++k) {
        const QRect r = wrappedRect(y, 16, font(), QString::fromStdString(m_spans->notes[k]));
        if (k == i) return r;
        y = r.bottom() + 1;
    }
    return QRect(4, y, std::max(40, width() - 8), 0);
}

int SpanPairView::sideTop(int side) const {
    const size_t notes = m_spans ? m_spans->notes.size() : 0;
    int top = notes ? noteRect(notes - 1).bottom() + 1 : std::max(kHeaderH, subjectRect().bottom() + 3);
    if (side == 1 && m_spans) top = lanesTop(0) + int(m_spans->side[0].lanes.size()) * kLaneH + kGap;
    return top;
}

QSize SpanPairView::sizeHint() const {
    if (!m_spans) return {520, 80};
    return {520, titleRect(1).bottom() + 1 + int(m_spans->side[1].lanes.size()) * kLaneH + 20};
}

QSize SpanPairView::minimumSizeHint() const {
    return {260, m_spans ? sizeHint().height() : 80};
}

int SpanPairView::lanesTop(int side) const {
    return titleRect(side).bottom() + 1;
}

double SpanPairView::xOf(int64_t ns) const {
    return kLabelW + double(ns) / m_spanNs * std::max(1, width() - kLabelW - kRightPad);
}

QRectF SpanPairView::spanRect(int side, size_t i) const {
    if (!m_spans || i >= m_spans->side[side].spans.size()) return {};
    const auto& s = m_spans->side[side].spans[i];
    const double x0 = xOf(s.startNs), x1 = std::max(x0 + 1.0, xOf(s.startNs + s.durNs)); // at least a pixel
    return QRectF(x0, lanesTop(side) + s.lane * kLaneH + 2, x1 - x0, kLaneH - 4);
}

void SpanPairView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    if (!m_spans) {
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   !m_emptyText.isEmpty()
                       ? m_emptyText
                       : tr("Activate a delta to see its spans in both runs (one typical step of its rank)"));
        return;
    }
    p.setFont(subjectFont());
    // each text whole or not drawn: a scroll area around the panel (the dock's, its own) cut its lines in
    // half at 800 × 600 (r56c), as the grid's and the charts' are left out
    drawWholeText(p, this, subjectRect(), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m_subject);
    p.setFont(font());
    for (size_t i = 0; i < m_spans->notes.size(); ++i)
        drawWholeText(p, this, noteRect(i), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                      QString::fromStdString(m_spans->notes[i]));
    const QColor grey = palette().mid().color();
    for (int side = 0; side < 2; ++side) {
        const auto& s = m_spans->side[side];
        const QColor col = side == 0 ? StepOverlay::baselineColor() : StepOverlay::candidateColor();
        const int top = lanesTop(side);
        p.setPen(col.darker(120));
        drawWholeText(p, this, titleRect(side), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                      titleText(side));
        p.setPen(palette().text().color());
        for (size_t l = 0; l < s.lanes.size(); ++l) {
            const int ly = top + int(l) * kLaneH;
            drawWholeText(
                p, this, QRect(4, ly, kLabelW - 8, kLaneH), Qt::AlignLeft | Qt::AlignVCenter,
                p.fontMetrics().elidedText(QString::fromStdString(s.lanes[l]), Qt::ElideRight, kLabelW - 8));
        }
        // grey first, hits on top: a narrow kernel of the delta is never hidden by its neighbours
        for (int pass = 0; pass < 2; ++pass)
            for (size_t i = 0; i < s.spans.size(); ++i)
                if (s.spans[i].hit == (pass == 1)) p.fillRect(spanRect(side, i), pass ? col : grey);
        if (s.found) { // the step's end on the shared axis
            p.setPen(QPen(col, 1, Qt::DashLine));
            const double xe = xOf(s.stepNs);
            p.drawLine(QPointF(xe, top), QPointF(xe, top + int(s.lanes.size()) * kLaneH));
        }
    }
    p.setPen(palette().text().color());
    const int axisY = lanesTop(1) + int(m_spans->side[1].lanes.size()) * kLaneH + 2;
    drawWholeText(p, this, QRect(kLabelW, axisY, 120, 16), Qt::AlignLeft, tr("step start"));
    drawWholeText(p, this, QRect(width() - kRightPad - 160, axisY, 160, 16), Qt::AlignRight,
                  "+" + formatDuration(int64_t(m_spanNs)));
}

void SpanPairView::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (e->size().width() != e->oldSize().width()) updateGeometry(); // the wrapped texts' height changed
}

bool SpanPairView::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip && m_spans) {
        auto* he = static_cast<QHelpEvent*>(e);
        for (int side = 0; side < 2; ++side)
            for (size_t i = 0; i < m_spans->side[side].spans.size(); ++i)
                if (spanRect(side, i).adjusted(-1, 0, 1, 0).contains(he->pos())) {
                    const auto& s = m_spans->side[side].spans[i];
                    QToolTip::showText(he->globalPos(),
                                       tr("%1 (%2)\n%3 at +%4 in step %5")
                                           .arg(QString::fromStdString(s.name),
                                                side ? tr("candidate") : tr("baseline"),
                                                formatDuration(s.durNs), formatDuration(s.startNs))
                                           .arg(m_spans->side[side].step),
                                       this);
                    return true;
                }
        QToolTip::hideText();
        e->ignore();
        return true;
    }
    return QWidget::event(e);
}

} // namespace rs::views
