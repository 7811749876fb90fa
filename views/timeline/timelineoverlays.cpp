// TimelineView's overlays: the colour legend (drawn in the view, or in an export's caption where it hides
// nothing) and the box of notes about what the view cannot show. Split from timelineview.cpp. GUI thread.
#include "views/common/palette.h"
#include "views/timeline/timelineview.h"

#include <QPainter>
#include <QScrollBar>
#include <algorithm>

namespace rs::views {

void TimelineView::paintNotes(QPainter& p) {
    // what this view cannot show or know (another clock, ranks missing): said where the lanes are
    if (!m_summary || m_summary->notes.empty()) return;
    QStringList lines;
    for (const auto& n : m_summary->notes)
        lines << QString::fromStdString(n);
    QFont f = font();
    f.setPointSizeF(std::max(6.5, f.pointSizeF() - 1));
    p.setFont(f);
    const int w = std::max(200, width() - kGutter - barWidth() - 16);
    QRect text = QFontMetrics(f).boundingRect(QRect(0, 0, w - 16, 1000), Qt::TextWordWrap, lines.join("\n"));
    QRect box(kGutter + 8, height() - 24 - text.height() - 16, w, text.height() + 10);
    QColor bg(245, 165, 36, 70), edge(245, 165, 36, 200);
    QColor base = palette().color(QPalette::Base);
    p.fillRect(box, base);
    p.fillRect(box, bg);
    p.setPen(edge);
    p.drawRect(box);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(box.adjusted(8, 5, -8, -5), Qt::TextWordWrap, lines.join("\n"));
}

namespace {
struct LegendEntry {
    QColor c;
    Qt::BrushStyle style;
    QString text;
};

std::vector<LegendEntry> legendEntries() {
    return {{colorForOpType("MatMulV2", false), Qt::SolidPattern, TimelineView::tr("compute (by op type)")},
            {colorForOpType("hcom_allReduce_", true), Qt::SolidPattern, TimelineView::tr("communication")},
            {waitColor(), Qt::BDiagPattern, TimelineView::tr("waiting for a late rank")},
            {idleGapColor(), Qt::FDiagPattern, TimelineView::tr("idle before a collective")}};
}

QFont legendFont(const QFont& base) {
    QFont f = base;
    f.setPointSizeF(std::max(6.5, f.pointSizeF() - 1.5));
    return f;
}
} // namespace

QSize TimelineView::legendSize() const {
    QFontMetrics fm(legendFont(font()));
    int w = 12;
    for (auto& e : legendEntries())
        w += 18 + fm.horizontalAdvance(e.text) + 12;
    return {w, 20};
}

void TimelineView::drawLegend(QPainter& p, QPoint topLeft) const {
    const QFont f = legendFont(font());
    p.save();
    p.setFont(f);
    QFontMetrics fm(f);
    QRect box(topLeft, legendSize());
    QColor bg = palette().color(QPalette::Window);
    bg.setAlpha(230);
    p.fillRect(box, bg);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(box);
    int x = box.left() + 8;
    for (auto& e : legendEntries()) {
        QRect sw(x, box.top() + 5, 12, 10);
        p.fillRect(sw, e.style == Qt::SolidPattern ? e.c : QColor(e.c.red(), e.c.green(), e.c.blue(), 70));
        if (e.style != Qt::SolidPattern) p.fillRect(sw, QBrush(e.c, e.style));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x + 16, box.top(), fm.horizontalAdvance(e.text) + 4, 20), Qt::AlignVCenter, e.text);
        x += 18 + fm.horizontalAdvance(e.text) + 12;
    }
    p.restore();
}

void TimelineView::paintLegend(QPainter& p) {
    const QSize sz = legendSize();
    drawLegend(p, QPoint(width() - barWidth() - sz.width() - 8, height() - 24));
}

} // namespace rs::views
