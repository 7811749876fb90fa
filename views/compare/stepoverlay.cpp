#include "views/compare/stepoverlay.h"

#include "core/model/typicalstep.h"

#include "views/common/plural.h"
#include "views/common/timemapping.h"
#include "views/common/wholelines.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace rs::views {

namespace {
constexpr int kBins = 30;
constexpr int kPlotLeft = 40; ///< the plot's left edge (px): room for the axis labels
/// The median as `rankscope compare` and `baseline` take it: a step that happened (typicalstep.h; the mean
/// of the two middle ones read 107 ms for 8 steps of 7.95 ms and 8 of 207 ms, a time no step took).
double medianOf(const std::vector<double>& v) {
    return model::typicalStepNs(v);
}
} // namespace

StepOverlay::StepOverlay(QWidget* parent) : QWidget(parent) {
    setMinimumSize(260, 140);
}

QColor StepOverlay::baselineColor() {
    return QColor(70, 120, 200);
}
QColor StepOverlay::candidateColor() {
    return QColor(230, 120, 30);
}

void StepOverlay::setSteps(std::vector<double> baseline, std::vector<double> candidate, int ranks) {
    m_ranks = std::max(1, ranks);
    m_steps[0] = std::move(baseline);
    m_steps[1] = std::move(candidate);
    rebin();
}

void StepOverlay::setStoredMedian(int side, double ns) {
    m_storedMedian[side ? 1 : 0] = ns;
    rebin();
}

void StepOverlay::rebin() {
    m_lo = INFINITY, m_hi = -INFINITY;
    double bulk = -INFINITY, top = -INFINITY;
    for (int side = 0; side < 2; ++side) {
        const auto& v = m_steps[side];
        if (v.empty()) {
            if (const double med = m_storedMedian[side]; med > 0) // a record's median: on the axis too
                m_lo = std::min(m_lo, med), top = std::max(top, med), bulk = std::max(bulk, med);
            continue;
        }
        std::vector<double> s = v;
        std::sort(s.begin(), s.end());
        m_lo = std::min(m_lo, s.front());
        top = std::max(top, s.back());
        bulk = std::max(bulk, s[s.size() / 2]);
    }
    m_hi = std::min(top, bulk * 1.5);
    if (!(m_hi > m_lo))
        m_lo = std::isfinite(m_lo) ? m_lo * 0.9 : 0, m_hi = std::isfinite(m_hi) ? m_hi * 1.1 + 1 : 1;
    m_overflow = top > m_hi;
    for (int s = 0; s < 2; ++s) {
        m_counts[s].assign(kBins + 1, 0);
        for (double x : m_steps[s])
            ++m_counts[s][x > m_hi
                              ? size_t(kBins)
                              : size_t(std::clamp(int((x - m_lo) / (m_hi - m_lo) * kBins), 0, kBins - 1))];
    }
    update();
}

QString StepOverlay::sideTitle(int side) const {
    const auto& steps = m_steps[side ? 1 : 0];
    const QString who = side ? tr("candidate") : tr("baseline");
    if (steps.empty() && !m_sideNote[side ? 1 : 0].isEmpty()) return who + ": " + m_sideNote[side ? 1 : 0];
    // too few steps for a median: the steps themselves ("2 steps: 7.95 ms and 207 ms")
    if (steps.size() < model::kTypicalStepMinSteps && m_ranks == 1)
        return who + ": " + QString::fromStdString(model::typicalStepText(steps));
    // several ranks' steps pooled: counted as rank-steps, so that the count is not read as the run's steps
    const QString count = m_ranks == 1
                              ? counted(qint64(steps.size()), tr("step"), tr("steps"))
                              : tr("%1 of %2")
                                    .arg(counted(qint64(steps.size()), tr("rank-step"), tr("rank-steps")),
                                         counted(qint64(m_ranks), tr("rank"), tr("ranks")));
    if (steps.size() < model::kTypicalStepMinSteps) // the steps themselves, after typicalStepText's count
        return tr("%1: %2:%3")
            .arg(who, count, QString::fromStdString(model::typicalStepText(steps)).section(':', 1));
    return tr("%1: %2, median %3").arg(who, count, formatDuration(int64_t(medianOf(steps))));
}

QRect StepOverlay::titleRect(int side) const {
    // each side's title on a line of its own: side by side in halves the longer one ran into the other
    // ("baseline: 20 rank-steps of 4 ranks, median 8.00 ms" under "candidate: …", walk 27)
    return QRect(kPlotLeft, 20 + 16 * (side ? 1 : 0), std::max(0, width() - kPlotLeft - 4), 16);
}

void StepOverlay::setSideNote(int side, const QString& note) {
    m_sideNote[side ? 1 : 0] = note;
    update();
}

void StepOverlay::setNote(const QString& note) {
    m_note = note;
    update();
}

void StepOverlay::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    drawWholeText(p, this, QRect(4, 2, width() - 8, 18), Qt::AlignLeft | Qt::AlignVCenter,
                  tr("Step wall time, steady-state steps of the matched ranks"));
    if (!m_note.isEmpty()) {
        p.drawText(rect().adjusted(8, 20, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, m_note);
        return;
    }
    if (m_steps[0].empty() && m_steps[1].empty() && m_storedMedian[0] <= 0 && m_storedMedian[1] <= 0) {
        p.drawText(rect(), Qt::AlignCenter, tr("No steps in either run"));
        return;
    }
    const QRect plot = plotRect();
    int maxCount = 1;
    for (auto& c : m_counts)
        for (int n : c)
            maxCount = std::max(maxCount, n);
    auto xOf = [&](double ns) { return plot.left() + (ns - m_lo) / (m_hi - m_lo) * plot.width(); };
    for (int s = 0; s < 2; ++s) {
        const QColor col = s == 0 ? baselineColor() : candidateColor();
        QPainterPath path(QPointF(plot.left(), plot.bottom()));
        for (int b = 0; b < kBins; ++b) { // the overflow bin (last) is drawn apart
            const double x0 = plot.left() + double(b) / kBins * plot.width(),
                         x1 = plot.left() + double(b + 1) / kBins * plot.width();
            const double y = plot.bottom() - double(m_counts[s][size_t(b)]) / maxCount * plot.height();
            path.lineTo(x0, y);
            path.lineTo(x1, y);
        }
        path.lineTo(plot.right(), plot.bottom());
        QColor fill = col;
        fill.setAlpha(70);
        p.fillPath(path, fill);
        p.setPen(QPen(col, 1.5));
        p.drawPath(path);
        if (m_overflow && m_counts[s][kBins] > 0) { // the overflow bin, apart from the axis
            const double h = double(m_counts[s][kBins]) / maxCount * plot.height();
            const QRectF bar(plot.right() + 20 + s * 18, plot.bottom() - h, 16, h);
            p.fillRect(bar, fill);
            p.setPen(QPen(col, 1.5));
            p.drawRect(bar);
        }
        // each side's median: its steps', or a stored record's (it keeps no steps to draw)
        const double med = !m_steps[s].empty() ? medianOf(m_steps[s]) : m_storedMedian[s];
        if (med > 0) {
            p.setPen(QPen(col, 1.5, Qt::DashLine));
            p.drawLine(QPointF(xOf(med), plot.top()), QPointF(xOf(med), plot.bottom()));
        }
        p.setPen(col.darker(120));
        drawWholeText(p, this, titleRect(s), Qt::AlignLeft,
                      fontMetrics().elidedText(sideTitle(s), Qt::ElideRight, titleRect(s).width()));
    }
    p.setPen(palette().text().color());
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    const QList<QRect> labels = axisLabelRects();
    // inside the widget, and left out when a scroll area shows them in part (walk 54: "11.2 ms" half under
    // the dock's tab bar)
    drawWholeText(p, this, labels[0], Qt::AlignLeft, formatDuration(int64_t(m_lo)));
    drawWholeText(p, this, labels[1], Qt::AlignRight, formatDuration(int64_t(m_hi)));
    if (m_overflow)
        drawWholeText(p, this, labels[2], Qt::AlignLeft | Qt::AlignTop, "> " + formatDuration(int64_t(m_hi)));
}

QRect StepOverlay::plotRect() const {
    const int overflowW = m_overflow ? 70 : 0;
    const int labelH = fontMetrics().height() + 2;
    return QRect(kPlotLeft, titleRect(1).bottom() + 4, width() - 60 - overflowW,
                 height() - titleRect(1).bottom() - 10 - labelH); // under both titles, above the labels
}

QList<QRect> StepOverlay::axisLabelRects() const {
    const QRect plot = plotRect();
    const int labelH = fontMetrics().height() + 2, y = plot.bottom() + 4;
    // the axis' ends under them, within the widget (the low end's starts at its left edge's room)
    QList<QRect> r{QRect(std::max(0, plot.left() - 30), y, 80, labelH),
                   QRect(plot.right() - 90, y, 90, labelH)};
    if (m_overflow) r << QRect(plot.right() + 16, y, std::min(70, width() - plot.right() - 16), labelH);
    return r;
}

} // namespace rs::views
