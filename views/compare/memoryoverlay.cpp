#include "views/compare/memoryoverlay.h"

#include "views/common/timemapping.h"
#include "views/common/wholelines.h"
#include "views/compare/stepoverlay.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace rs::views {

namespace {
constexpr int kMinAxisTextWidth = 120; ///< px: narrower, the axis' text goes under the labels
double peakOf(const std::vector<double>& v) {
    double m = -1;
    for (double x : v)
        if (!std::isnan(x)) m = std::max(m, x);
    return m;
}
} // namespace

MemoryOverlay::MemoryOverlay(QWidget* parent) : QWidget(parent) {
    // the caption and the axis' text wrap to a few lines each at the least width: a plot still fits
    setMinimumSize(260, 200);
    setToolTip(
        tr("Memory of one matched rank in both runs: allocated (solid) and reserved (dashed), each whole "
           "run from its first step (or first sample, if earlier) on its own clock"));
}

void MemoryOverlay::setCurves(compare::MemoryCurve baseline, compare::MemoryCurve candidate,
                              compare::MemStat baselinePeak, compare::MemStat candidatePeak) {
    m_curve[0] = std::move(baseline);
    m_curve[1] = std::move(candidate);
    m_peak[0] = baselinePeak;
    m_peak[1] = candidatePeak;
    double alloc = 1, reserved = -1;
    m_xMax = 1;
    for (const auto& c : m_curve) {
        alloc = std::max(alloc, peakOf(c.allocated));
        reserved = std::max(reserved, peakOf(c.reserved));
        if (!c.tNs.empty()) m_xMax = std::max(m_xMax, c.tNs.back());
    }
    m_reservedOffScale = reserved > 4 * alloc;
    m_yMax = (m_reservedOffScale ? alloc : std::max(alloc, reserved)) * 1.08; // head room above the peak
    setToolTip(
        tr("Memory of one matched rank in both runs: allocated (solid) and reserved (dashed), each whole "
           "run from its first step (or first sample, if earlier) on its own clock; a value holds until the "
           "next sample; allocated / reserved peaks compared on one component, the one holding the highest "
           "allocated value"
           "\n%1\n%2")
            .arg(sideText(0), sideText(1)));
    update();
}

QString MemoryOverlay::sideText(int s) const {
    const auto& c = m_curve[s];
    const double alloc = peakOf(c.allocated), res = peakOf(c.reserved);
    // "baseline · PTA 1.94 GiB / 30.00 GiB (reserved off scale)": peaks allocated / reserved (the title says
    // so)
    QString text = (s ? tr("candidate") : tr("baseline")) + " · ";
    if (c.empty()) {
        text += tr("no memory samples");
    } else {
        text += QString::fromStdString(c.component) + " " + formatBytes(int64_t(alloc)) + " / " +
                (res >= 0 ? formatBytes(int64_t(res)) : tr("–"));
        if (res >= 0 && m_reservedOffScale) text += tr(" (reserved off scale)");
    }
    // the record judges the peaks of the component with the highest allocated value (memory_summary): say
    // so when they are not this curve's
    const auto differs = [](int64_t record, double drawn) {
        return record >= 0 &&
               std::abs(double(record) - std::max(0.0, drawn)) > 0.01 * double(std::max<int64_t>(record, 1));
    };
    const auto& m = m_peak[s];
    if (differs(m.peakAllocated, alloc) || differs(m.peakReserved, res))
        text += tr(" · compared peaks %1 / %2")
                    .arg(m.peakAllocated >= 0 ? formatBytes(m.peakAllocated) : tr("–"),
                         m.peakReserved >= 0 ? formatBytes(m.peakReserved) : tr("–"));
    return text;
}

MemoryOverlay::Geometry MemoryOverlay::geometry() const {
    const QFontMetrics fm(font());
    const int w = std::max(10, width() - 8);
    Geometry g;
    // the caption on as many lines as it needs, then the two runs' lines (15 px each), then the plot
    const int captionH =
        std::max(18, fm.boundingRect(QRect(0, 0, w, 1000), Qt::TextWordWrap, caption()).height());
    g.caption = QRect(4, 2, w, captionH);
    const int top = g.caption.bottom() + 1 + 2 * 15 + 4;
    // under the plot: its 0 and end labels at both sides, the axis' text wrapped between them
    const int plotW = std::max(10, width() - 80);
    // in a narrow panel the text goes under the labels, the plot's width: wrapped between them into 60 px
    // it ran down over the widget's edge and the end label (walk 52b, 800 × 600)
    const bool between = plotW - 200 >= kMinAxisTextWidth;
    const int textW = between ? plotW - 200 : plotW;
    const int textH =
        std::max(16, fm.boundingRect(QRect(0, 0, textW, 1000), Qt::TextWordWrap, xAxisText()).height());
    const int below = between ? textH : 16 + 2 + textH; // the labels' line first
    const int plotH = std::max(10, height() - top - 10 - below);
    g.plot = QRect(64, top, plotW, plotH);
    g.axisText = between ? QRect(g.plot.left() + 100, g.plot.bottom() + 4, textW, textH)
                         : QRect(g.plot.left(), g.plot.bottom() + 4 + 16 + 2, textW, textH);
    return g;
}

double MemoryOverlay::xOf(double ns) const {
    const QRect r = plotRect();
    return r.left() + ns / m_xMax * r.width();
}

QString MemoryOverlay::caption() const {
    const int rank = m_curve[0].dataRank >= 0 ? m_curve[0].dataRank : m_curve[1].dataRank;
    // the curves run over every sample, not one step: the caption once said "from each run's first step"
    // above a curve spanning the whole 222 ms run
    return rank >= 0 ? tr("Memory of rank %1 (largest baseline peak) over each whole run, held between "
                          "samples; peaks allocated / reserved")
                           .arg(rank)
                     : tr("Memory");
}

QString MemoryOverlay::xAxisText() const {
    return tr("time since each run's first step or first memory sample, if earlier (each run's own clock)");
}

void MemoryOverlay::setNote(const QString& note) {
    m_note = note;
    update();
}

void MemoryOverlay::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    const Geometry g = geometry();
    // whole, wrapped; left out when a scroll area cuts it (r56c: half a line at the dock's edge)
    drawWholeText(p, this, g.caption, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, caption());
    if (!m_note.isEmpty()) {
        p.drawText(rect().adjusted(8, g.caption.bottom() + 2, -8, 0), Qt::AlignCenter | Qt::TextWordWrap,
                   m_note);
        return;
    }
    if (m_curve[0].empty() && m_curve[1].empty()) {
        p.drawText(rect(), Qt::AlignCenter, tr("Neither run recorded memory on a matched rank"));
        return;
    }
    const QRect plot = g.plot;
    p.save();
    p.setClipRect(plot.adjusted(0, -2, 1, 1));
    auto yOf = [&](double bytes) { return plot.bottom() - bytes / m_yMax * plot.height(); };
    for (int s = 0; s < 2; ++s) {
        const auto& c = m_curve[s];
        const QColor col = s == 0 ? StepOverlay::baselineColor() : StepOverlay::candidateColor();
        for (int kind = 0; kind < (m_reservedOffScale ? 1 : 2); ++kind) {
            const auto& v = kind == 0 ? c.allocated : c.reserved;
            const auto& held = kind == 0 ? c.allocatedLast : c.reservedLast;
            // a memory record holds its value until the next sample (heldvalue.h): steps, not slopes — a
            // line drawn across a stall showed memory falling where the data holds it flat. A bucket rises
            // to its peak, then holds its last sample's value (not the peak) until the next bucket.
            QPainterPath path;
            bool open = false;
            for (size_t i = 0; i < c.tNs.size(); ++i) {
                if (std::isnan(v[i])) continue; // a bucket without this figure: the last value holds
                const double x = xOf(c.tNs[i]);
                if (open) path.lineTo(x, path.currentPosition().y());
                open ? path.lineTo(x, yOf(v[i])) : path.moveTo(x, yOf(v[i]));
                open = true;
                if (i < held.size() && !std::isnan(held[i])) path.lineTo(x, yOf(held[i]));
            }
            // the baseline wider underneath: where the runs agree both stay visible
            p.setPen(QPen(col, (kind == 0 ? 1.6 : 1.2) + (s == 0 ? 1.4 : 0),
                          kind == 0 ? Qt::SolidLine : Qt::DashLine));
            p.drawPath(path);
        }
    }
    p.restore();
    for (int s = 0; s < 2; ++s) { // one line per run under the title: peaks, component
        p.setPen((s == 0 ? StepOverlay::baselineColor() : StepOverlay::candidateColor()).darker(120));
        // elided when narrow; the whole lines are the tooltip
        drawWholeText(p, this, QRect(plot.left() + 4, g.caption.bottom() + 1 + s * 15, plot.width(), 15),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      p.fontMetrics().elidedText(sideText(s), Qt::ElideRight, plot.width() - 4));
    }
    p.setPen(palette().text().color());
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    // one-line labels a scroll area shows in part are left out, not cut (walk 54)
    drawWholeText(p, this, QRect(0, plot.top() - 8, plot.left() - 4, 16), Qt::AlignRight | Qt::AlignVCenter,
                  formatBytes(int64_t(m_yMax)));
    drawWholeText(p, this, QRect(0, plot.bottom() - 8, plot.left() - 4, 16),
                  Qt::AlignRight | Qt::AlignVCenter, "0");
    drawWholeText(p, this, QRect(plot.left(), plot.bottom() + 4, 80, 16), Qt::AlignLeft, "0");
    drawWholeText(p, this, QRect(plot.right() - 160, plot.bottom() + 4, 160, 16), Qt::AlignRight,
                  "+" + formatDuration(int64_t(m_xMax)));
    drawWholeText(p, this, g.axisText, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, xAxisText());
}

} // namespace rs::views
