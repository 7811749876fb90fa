#include "views/heatmap/heatmaplegend.h"
#include "views/common/wordelide.h"

#include "views/common/timemapping.h"
#include "views/heatmap/heatmapcanvas.h"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace rs::views {

namespace {
/// The hatch of a cell without a ratio, as the grid paints it (HeatmapCanvas::paintUncompared, no text).
void paintUncomparedKey(QPainter& p, const QRect& r, const QPalette& palette) {
    p.fillRect(r, palette.color(QPalette::Base));
    p.fillRect(r, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
}
/// Where `v` lies on the legend's bar, 0 (its low end) … 1 (its high end): the inverse of legendValue.
double legendPosition(const HeatScale& s, double v) {
    const bool ratio = s.statistic == HeatStatistic::Ratio;
    const double lo = ratio ? std::log(s.shownLo) : s.shownLo, hi = ratio ? std::log(s.shownHi) : s.shownHi;
    if (!(hi > lo)) return 0.5;
    return ((ratio ? std::log(v) : v) - lo) / (hi - lo);
}
} // namespace

void paintHeatLegend(QPainter& p, QPoint at, int lh, const HeatScale& scale, query::HeatmapData::Mode mode,
                     HeatLegendKeys keys, const QPalette& palette) {
    const int lx = at.x(), ly = at.y();
    const bool ratio = scale.statistic == HeatStatistic::Ratio;
    for (int yy = 0; yy < lh; ++yy)
        p.fillRect(QRect(lx, ly + yy, 14, 1), scale.color(scale.legendValue(1.0 - double(yy) / lh)));
    p.setPen(palette.color(QPalette::WindowText));
    auto label = [&](double v) {
        if (scale.noValues) return QString("-");
        return ratio ? QString("%1×").arg(v, 0, 'f', 2) : formatDuration(int64_t(v));
    };
    // the ends are the cells' extremes, said so; where the colours are full is said under the bar
    p.drawText(lx + 18, ly + 8, legendEndLabel(scale, true));
    // the middle label where its value lies on the bar: 1.00× is off-centre when the cells' range is
    const double mid = ratio ? 1.0 : (scale.shownLo + scale.shownHi) / 2;
    const int midY = ly + int(std::lround(lh * (1.0 - legendPosition(scale, mid))));
    if (!scale.noValues && midY - ly > 20 && ly + lh - midY > 20) p.drawText(lx + 18, midY + 4, label(mid));
    p.drawText(lx + 18, ly + lh, legendEndLabel(scale, false));
    p.drawText(QRect(lx - 4, ly + lh + 6, HeatLegendMetrics::kWidth, 40), Qt::TextWordWrap,
               statisticName(scale.statistic, mode));
    p.drawText(QRect(lx - 4, ly + lh + 46, HeatLegendMetrics::kWidth, HeatLegendMetrics::kSaturationHeight),
               Qt::TextWordWrap, saturationText(scale));
    if (keys.flagged) {
        p.setPen(QPen(QColor(20, 20, 20), 2));
        p.drawRect(lx, ly + lh + 78, 12, 10);
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(lx + 18, ly + lh + 88, HeatmapLegend::tr("slow cell"));
    }
    if (keys.uncompared) { // below the straggler key, whether or not it is drawn
        paintUncomparedKey(p, QRect(lx, ly + lh + 96, 12, 10), palette);
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(lx + 18, ly + lh + 106, HeatmapLegend::tr("no shared kernels"));
    }
    if (keys.partial) { // a picture read alone must say what the cross-hatch is (walk 19: exported, it did
                        // not)
        p.fillRect(QRect(lx, ly + lh + 114, 12, 10), QBrush(QColor(90, 90, 90), Qt::DiagCrossPattern));
        p.setPen(palette.color(QPalette::WindowText));
        p.drawText(lx + 18, ly + lh + 124, HeatmapLegend::tr("partial rank (cut)"));
    }
}

namespace {
/// One item of the strip: its width and how it paints itself at its left top.
struct StripItem {
    int width;
    std::function<void(QPainter&, QPoint)> paint;
};

/// A key: its swatch and its words.
StripItem keyItem(const QString& text, const QFontMetrics& fm, std::function<void(QPainter&, QRect)> swatch,
                  const QPalette& palette) {
    return {16 + fm.horizontalAdvance(text), [=](QPainter& p, QPoint at) {
                swatch(p, QRect(at.x(), at.y() + (fm.height() - 10) / 2, 12, 10));
                p.setPen(palette.color(QPalette::WindowText));
                p.drawText(QPoint(at.x() + 16, at.y() + fm.ascent()), text);
            }};
}
} // namespace

int paintHeatLegendStrip(QPainter* p, int width, const HeatScale& scale, HeatLegendKeys keys,
                         const QPalette& palette, const QFontMetrics& fm, const QString& note) {
    constexpr int kBar = 80, kGap = 14, kPad = 4;
    const QString lo = legendEndLabel(scale, false), hi = legendEndLabel(scale, true);
    std::vector<StripItem> items;
    // the colour bar from its lowest value to its highest, as the upright bar's bottom to top
    items.push_back(
        {fm.horizontalAdvance(lo) + kBar + fm.horizontalAdvance(hi) + 8, [=](QPainter& q, QPoint at) {
             q.setPen(palette.color(QPalette::WindowText));
             q.drawText(QPoint(at.x(), at.y() + fm.ascent()), lo);
             const int bx = at.x() + fm.horizontalAdvance(lo) + 4;
             for (int x = 0; x < kBar; ++x)
                 q.fillRect(QRect(bx + x, at.y() + (fm.height() - 10) / 2, 1, 10),
                            scale.color(scale.legendValue(double(x) / kBar)));
             q.drawText(QPoint(bx + kBar + 4, at.y() + fm.ascent()), hi);
         }});
    if (keys.flagged)
        items.push_back(keyItem(
            HeatmapLegend::tr("slow cell"), fm,
            [](QPainter& q, QRect r) {
                q.setPen(QPen(QColor(20, 20, 20), 2));
                q.setBrush(Qt::NoBrush);
                q.drawRect(r);
            },
            palette));
    if (keys.uncompared)
        items.push_back(keyItem(
            HeatmapLegend::tr("no shared kernels"), fm,
            [palette](QPainter& q, QRect r) { paintUncomparedKey(q, r, palette); }, palette));
    if (keys.partial)
        items.push_back(keyItem(
            HeatmapLegend::tr("partial rank (cut)"), fm,
            [](QPainter& q, QRect r) { q.fillRect(r, QBrush(QColor(90, 90, 90), Qt::DiagCrossPattern)); },
            palette));
    // flowed into lines: a key moves to the next line rather than being cut at the panel's edge
    const int lineH = fm.height() + 4;
    int x = kPad, y = 2;
    for (const auto& item : items) {
        if (x > kPad && x + item.width > width - kPad) {
            x = kPad;
            y += lineH;
        }
        if (p) item.paint(*p, QPoint(x, y));
        x += item.width + kGap;
    }
    // the note in what the line leaves, elided (a line of its own when that is under 120 px)
    if (!note.isEmpty()) {
        if (width - kPad - x < 120) {
            x = kPad;
            y += lineH;
        }
        if (p) {
            p->setPen(palette.color(QPalette::WindowText));
            p->drawText(QPoint(x, y + fm.ascent()), elideAtWord(note, fm, width - kPad - x));
        }
    }
    return y + lineH;
}

HeatmapLegend::HeatmapLegend(const HeatmapCanvas* canvas, QWidget* parent)
    : QWidget(parent), m_canvas(canvas) {
    setFont(canvas->labelFont());
}

void HeatmapLegend::refresh() {
    // the strip names no statistic (the combo box above the grid does): its tooltip does
    const auto* d = m_canvas->data();
    // nor where its colours are full: a line of its own took a row of a 640 × 480 window's grid
    QString colour =
        m_strip && d ? tr("Colour: %1").arg(statisticName(m_canvas->scale().statistic, d->mode)) : QString();
    if (const QString full = saturationText(m_canvas->scale()); m_strip && d && !full.isEmpty())
        colour += " (" + full + ")";
    setToolTip(m_note.isEmpty() ? colour : m_note + "\n" + colour);
    updateGeometry();
    update();
}

void HeatmapLegend::setStrip(bool on) {
    m_strip = on;
    refresh();
}

int HeatmapLegend::stripHeight(int width, bool withNote) const {
    return paintHeatLegendStrip(nullptr, width, m_canvas->scale(), m_canvas->legendKeys(), palette(),
                                fontMetrics(), withNote ? m_note : QString());
}

void HeatmapLegend::setNote(const QString& note) {
    if (note == m_note) return;
    m_note = note;
    refresh();
}

QSize HeatmapLegend::sizeHint() const {
    if (m_strip) return {HeatLegendMetrics::kWidth + 10, stripHeight(width())};
    return {HeatLegendMetrics::kWidth + 10,
            m_canvas->columnLabelsHeight() + m_canvas->legendBarHeight() + HeatLegendMetrics::kBelowBar};
}

QSize HeatmapLegend::minimumSizeHint() const {
    if (m_strip) return {0, 0}; // its area's height is set from its lines at the panel's width
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
    if (m_strip) {
        paintHeatLegendStrip(&p, width(), m_canvas->scale(), m_canvas->legendKeys(), palette(), fontMetrics(),
                             m_note);
        return;
    }
    const QRect bar = barRect();
    paintHeatLegend(p, bar.topLeft(), bar.height(), m_canvas->scale(), d->mode, m_canvas->legendKeys(),
                    palette());
}

} // namespace rs::views
