// TimelineView's overlays: the colour legend (drawn in the view, or in an export's caption where it hides
// nothing) and the box of notes about what the view cannot show. Split from timelineview.cpp. GUI thread.
#include "views/common/palette.h"
#include "views/timeline/timelineview.h"

#include <QPainter>
#include <QScrollBar>
#include <algorithm>

namespace rs::views {

namespace {
QFont notesFont(const QFont& base) {
    QFont f = base;
    f.setPointSizeF(std::max(6.5, f.pointSizeF() - 1));
    return f;
}
constexpr int kLegendRow = 24;
} // namespace

QString TimelineView::notesText() const {
    QStringList lines;
    if (m_summary)
        for (const auto& n : m_summary->notes)
            lines << QString::fromStdString(n);
    return lines.join("\n");
}

int TimelineView::footerHeight() const {
    if (m_exportMode || !m_summary) return 0;
    const QString text = notesText();
    if (text.isEmpty()) return kLegendRow;
    const int w = std::max(200, width() - 16);
    return kLegendRow +
           QFontMetrics(notesFont(font()))
               .boundingRect(QRect(0, 0, w - 16, 4000), Qt::TextWordWrap, text)
               .height() +
           12;
}

void TimelineView::paintNotes(QPainter& p) {
    // what this view cannot show or know (another clock, ranks missing): in the footer, below the lanes
    const QString text = notesText();
    if (text.isEmpty()) return;
    p.setFont(notesFont(font()));
    QRect box(4, lanesBottom() + kLegendRow, width() - 8, footerHeight() - kLegendRow - 2);
    p.fillRect(box, QColor(253, 227, 184));
    p.setPen(QColor(245, 165, 36));
    p.drawRect(box);
    p.setPen(QColor(42, 30, 0)); // dark on light orange in any theme
    p.drawText(box.adjusted(8, 5, -8, -5), Qt::TextWordWrap, text);
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
    // the footer's first row, under the lanes (it floated over the lowest lanes and their labels)
    p.fillRect(QRect(0, lanesBottom(), width(), footerHeight()), palette().color(QPalette::Window));
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(0, lanesBottom(), width(), lanesBottom());
    drawLegend(p, QPoint(kGutter, lanesBottom() + 2));
}

} // namespace rs::views
