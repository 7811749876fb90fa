#include "views/heatmap/heatmaplegend.h"

#include "views/common/timemapping.h"
#include "views/heatmap/heatmapcanvas.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

namespace rs::views {

namespace {
/// The hatch of a cell without a ratio, as the grid paints it (HeatmapCanvas::paintUncompared, no text).
void paintUncomparedKey(QPainter& p, const QRect& r, const QPalette& palette) {
    p.fillRect(r, palette.color(QPalette::Base));
    p.fillRect(r, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
}
} // namespace

void paintHeatLegend(QPainter& p, QPoint at, int lh, const HeatScale& scale, query::HeatmapData::Mode mode,
                     HeatLegendKeys keys, const QPalette& palette) {
    const int lx = at.x(), ly = at.y();
    const bool ratio = scale.statistic == HeatStatistic::Ratio;
    for (int yy = 0; yy < lh; ++yy) {
        const double t = 1.0 - double(yy) / lh;
        const double v =
            ratio ? std::exp((t - 0.5) * 2 * std::log(scale.hi)) : scale.lo + t * (scale.hi - scale.lo);
        p.fillRect(QRect(lx, ly + yy, 14, 1), scale.color(v));
    }
    p.setPen(palette.color(QPalette::WindowText));
    auto label = [&](double v) {
        return ratio ? QString("%1×").arg(v, 0, 'f', 2) : formatDuration(int64_t(v));
    };
    p.drawText(lx + 18, ly + 8, label(scale.hi));
    p.drawText(lx + 18, ly + lh / 2 + 4, ratio ? QString("1.00×") : label((scale.lo + scale.hi) / 2));
    p.drawText(lx + 18, ly + lh, label(scale.lo));
    p.drawText(QRect(lx - 4, ly + lh + 6, HeatLegendMetrics::kWidth, 40), Qt::TextWordWrap,
               statisticName(scale.statistic, mode));
    if (keys.flagged) {
        p.setPen(QPen(QColor(20, 20, 20), 2));
        p.drawRect(lx, ly + lh + 46, 12, 10);
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(lx + 18, ly + lh + 56, HeatmapLegend::tr("slow cell"));
    }
    if (keys.uncompared) { // below the straggler key, whether or not it is drawn
        paintUncomparedKey(p, QRect(lx, ly + lh + 64, 12, 10), palette);
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(lx + 18, ly + lh + 74, HeatmapLegend::tr("no shared kernels"));
    }
    if (keys.partial) { // a picture read alone must say what the cross-hatch is (walk 19: exported, it did
                        // not)
        p.fillRect(QRect(lx, ly + lh + 82, 12, 10), QBrush(QColor(90, 90, 90), Qt::DiagCrossPattern));
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(lx + 18, ly + lh + 92, HeatmapLegend::tr("partial rank (cut)"));
    }
}

HeatmapLegend::HeatmapLegend(const HeatmapCanvas* canvas, QWidget* parent)
    : QWidget(parent), m_canvas(canvas) {
    setFont(canvas->labelFont());
}

void HeatmapLegend::refresh() {
    updateGeometry();
    update();
}

QSize HeatmapLegend::sizeHint() const {
    return {HeatLegendMetrics::kWidth + 10,
            m_canvas->columnLabelsHeight() + m_canvas->legendBarHeight() + HeatLegendMetrics::kBelowBar};
}

QSize HeatmapLegend::minimumSizeHint() const {
    return {HeatLegendMetrics::kWidth + 10, HeatLegendMetrics::kMinBar + HeatLegendMetrics::kBelowBar};
}

int HeatmapLegend::barHeight() const {
    return std::clamp(height() - HeatLegendMetrics::kBelowBar, HeatLegendMetrics::kMinBar,
                      m_canvas->legendBarHeight());
}

QRect HeatmapLegend::barRect() const {
    // level with the first row of cells when there is room above the bar for the column labels' band
    const int top =
        std::clamp(height() - HeatLegendMetrics::kBelowBar - barHeight(), 0, m_canvas->columnLabelsHeight());
    return QRect(8, top, 14, barHeight());
}

void HeatmapLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const auto* d = m_canvas->data();
    if (!d || d->rows.empty()) return;
    const QRect bar = barRect();
    paintHeatLegend(p, bar.topLeft(), bar.height(), m_canvas->scale(), d->mode, m_canvas->legendKeys(),
                    palette());
}

} // namespace rs::views
