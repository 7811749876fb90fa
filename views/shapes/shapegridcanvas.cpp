#include "views/shapes/shapegridcanvas.h"

#include "views/common/celltooltip.h"
#include "views/common/palette.h"
#include "views/common/timemapping.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace rs::views {

ShapeGridCanvas::ShapeGridCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(280, 140);
}

double ShapeGridCanvas::value(const shapes::ShapeRow& r, ShapeStatistic s) {
    switch (s) {
    case ShapeStatistic::Median:
        return r.medianNs;
    case ShapeStatistic::NsPerElement:
        return r.nsPerElement;
    case ShapeStatistic::Mean:
        return r.meanNs;
    case ShapeStatistic::Total:
        return r.totalNs;
    default:
        return r.p95Ns;
    }
}

QString ShapeGridCanvas::valueText(double v) const {
    if (m_stat == ShapeStatistic::NsPerElement) return QString::number(v, 'g', 3);
    return formatDuration(int64_t(v));
}

void ShapeGridCanvas::setGrid(std::shared_ptr<const std::vector<shapes::OpShapeTable>> tables,
                              shapes::ShapeGrid grid) {
    m_tables = std::move(tables);
    m_grid = std::move(grid);
    setStatistic(m_stat);
}

QString ShapeGridCanvas::columnLabel(size_t column) const {
    return m_grid.colDim.empty() ? QString() : QString::number(m_grid.colValues[column]);
}

void ShapeGridCanvas::layoutCells() {
    const QFontMetrics fm(font());
    // as wide as the widest value needs (so it prints), within 30..80 px: a wider grid scrolls
    int widestValue = 0;
    for (size_t r = 0; r < m_grid.rowValues.size(); ++r)
        for (size_t c = 0; c < m_grid.colValues.size(); ++c)
            widestValue = std::max(widestValue, fm.horizontalAdvance(cellText(int(r), int(c))));
    const int fit = std::clamp(760 / std::max<int>(1, int(m_grid.colValues.size())), 30, 72);
    m_cellW = std::max(fit, std::min(widestValue + 8, 80));
    int widestLabel = 0;
    for (size_t c = 0; c < m_grid.colValues.size(); ++c)
        widestLabel = std::max(widestLabel, fm.horizontalAdvance(columnLabel(c)));
    // a label wider than its cell ran into its neighbours ("1024111313201600…"): stand it upright
    m_uprightLabels = widestLabel + 4 > m_cellW;
    m_top = m_uprightLabels ? std::max(60, 26 + widestLabel + 6) : 60;
    setMinimumSize(sizeHint());
    updateGeometry();
}

void ShapeGridCanvas::setStatistic(ShapeStatistic s) {
    m_stat = s;
    m_lo = INFINITY, m_hi = -INFINITY;
    for (const auto& c : m_grid.cells)
        if (c.row && value(*c.row, s) >= 0)
            m_lo = std::min(m_lo, value(*c.row, s)), m_hi = std::max(m_hi, value(*c.row, s));
    if (!std::isfinite(m_lo)) m_lo = 0, m_hi = 1;
    if (!(m_hi > m_lo)) m_hi = m_lo + 1;
    layoutCells();
    update();
}

QSize ShapeGridCanvas::sizeHint() const {
    return {m_left + int(m_grid.colValues.size()) * m_cellW + m_legendW + 20,
            m_top + std::max(int(m_grid.rowValues.size()) * m_cellH, 150) + 30}; // 150: the legend
}

QRect ShapeGridCanvas::cellRect(int row, int column) const {
    return {m_left + column * m_cellW, m_top + row * m_cellH, m_cellW - 1, m_cellH - 1};
}

QRect ShapeGridCanvas::columnLabelRect(int column) const {
    const QFontMetrics fm(font());
    const int w = fm.horizontalAdvance(columnLabel(size_t(column))), h = fm.height();
    const int x0 = m_left + column * m_cellW;
    if (!m_uprightLabels) return {x0 + (m_cellW - w) / 2, m_top - 20 + (18 - h) / 2, w, h};
    // upright, read bottom to top, its foot 4 px above the cells
    return {x0 + (m_cellW - h) / 2, m_top - 4 - w, h, w};
}

QString ShapeGridCanvas::cellText(int row, int column) const {
    if (row < 0 || column < 0 || size_t(row) >= m_grid.rowValues.size() ||
        size_t(column) >= m_grid.colValues.size())
        return {};
    const auto& cell = m_grid.at(size_t(row), size_t(column));
    if (!cell.row || value(*cell.row, m_stat) < 0) return {};
    return valueText(value(*cell.row, m_stat));
}

bool ShapeGridCanvas::cellShowsText(int row, int column) const {
    const QString t = cellText(row, column);
    if (t.isEmpty()) return false;
    const QFontMetrics fm(font());
    return fm.horizontalAdvance(t) + 4 <= m_cellW - 1 && fm.height() <= m_cellH - 1;
}

void ShapeGridCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    if (m_grid.cells.empty()) {
        p.drawText(rect(), Qt::AlignCenter,
                   tr("No input shapes for this op type (kernel_details.csv \"Input Shapes\" or the .db)"));
        return;
    }
    HeatScale sc;
    sc.statistic = HeatStatistic::P95; // sequential
    sc.lo = m_lo;
    sc.hi = m_hi;
    p.drawText(QRect(m_left, 4, width() - m_left, 18), Qt::AlignLeft | Qt::AlignVCenter,
               m_grid.colDim.empty() ? tr("one shape")
                                     : tr("columns: %1").arg(QString::fromStdString(m_grid.colDim)));
    p.drawText(QRect(4, 4, m_left - 8, m_top - 26), Qt::AlignRight | Qt::AlignBottom,
               m_grid.rowDim.empty() ? QString()
                                     : tr("rows:\n%1").arg(QString::fromStdString(m_grid.rowDim)));
    for (size_t c = 0; c < m_grid.colValues.size(); ++c) {
        const QRect lr = columnLabelRect(int(c));
        if (!m_uprightLabels) {
            p.drawText(lr, Qt::AlignCenter, columnLabel(c));
            continue;
        }
        p.save();
        p.translate(lr.bottomLeft() + QPoint(0, 1));
        p.rotate(-90);
        p.drawText(QRect(0, 0, lr.height(), lr.width()), Qt::AlignCenter, columnLabel(c));
        p.restore();
    }
    for (size_t r = 0; r < m_grid.rowValues.size(); ++r) {
        p.setPen(palette().text().color());
        p.drawText(QRect(4, m_top + int(r) * m_cellH, m_left - 8, m_cellH), Qt::AlignRight | Qt::AlignVCenter,
                   m_grid.rowDim.empty() ? QString() : QString::number(m_grid.rowValues[r]));
        for (size_t c = 0; c < m_grid.colValues.size(); ++c) {
            const QRect cell = cellRect(int(r), int(c));
            const auto& sc2 = m_grid.at(r, c);
            if (!sc2.row || value(*sc2.row, m_stat) < 0) {
                p.fillRect(cell, palette().alternateBase());
                continue;
            }
            const QColor col = sc.color(value(*sc2.row, m_stat));
            p.fillRect(cell, col);
            if (cellShowsText(int(r), int(c))) {
                p.setPen(textOn(col));
                p.drawText(cell, Qt::AlignCenter, cellText(int(r), int(c)));
            }
            if (sc2.mixed) { // another dim varies too: a corner mark
                p.setBrush(palette().text());
                p.setPen(Qt::NoPen);
                p.drawPolygon(QPolygon(
                    {cell.topRight(), cell.topRight() + QPoint(-6, 0), cell.topRight() + QPoint(0, 6)}));
                p.setBrush(Qt::NoBrush);
            }
            if (sc2.outlier) { // ink on any fill of the sequential scale, with a light core so it reads on
                               // dark cells
                p.setPen(QPen(palette().text().color(), 3));
                p.drawRect(cell.adjusted(1, 1, -2, -2));
                p.setPen(QPen(palette().base().color(), 1));
                p.drawRect(cell.adjusted(3, 3, -4, -4));
            }
        }
    }
    const int lx = m_left + int(m_grid.colValues.size()) * m_cellW + 16, ly = m_top, lh = 110;
    for (int y = 0; y < lh; ++y)
        p.fillRect(lx, ly + y, 14, 1, sc.color(m_hi - (m_hi - m_lo) * y / lh));
    p.setPen(palette().text().color());
    p.drawText(lx + 18, ly + 8, valueText(m_hi));
    p.drawText(lx + 18, ly + lh, valueText(m_lo));
    p.drawText(lx, ly + lh + 18,
               m_stat == ShapeStatistic::NsPerElement ? tr("ns per element")
               : m_stat == ShapeStatistic::P95        ? tr("p95")
               : m_stat == ShapeStatistic::Mean       ? tr("mean")
               : m_stat == ShapeStatistic::Total      ? tr("total")
                                                      : tr("median (lower middle)"));
    p.setPen(QPen(palette().text().color(), 3));
    p.drawRect(lx, ly + lh + 28, 12, 10);
    p.setPen(palette().text().color());
    p.drawText(lx + 18, ly + lh + 38, tr("outlier"));
}

bool ShapeGridCanvas::cellAt(QPoint pt, int& row, int& col) const {
    if (m_grid.cells.empty() || pt.x() < m_left || pt.y() < m_top) return false;
    col = (pt.x() - m_left) / m_cellW;
    row = (pt.y() - m_top) / m_cellH;
    return row < int(m_grid.rowValues.size()) && col < int(m_grid.colValues.size()) &&
           m_grid.at(size_t(row), size_t(col)).row;
}

void ShapeGridCanvas::mousePressEvent(QMouseEvent* e) {
    int r, c;
    if (cellAt(e->pos(), r, c)) emit cellClicked(m_grid.at(size_t(r), size_t(c)).row);
}

bool ShapeGridCanvas::event(QEvent* e) {
    if (handleCellToolTip(this, e, [this](QPoint pt) {
            int r, c;
            if (!cellAt(pt, r, c)) return QString();
            const auto& cell = m_grid.at(size_t(r), size_t(c));
            const auto& s = *cell.row;
            // pooled, as the Op summary's median (a rank's) is not: said where it is read (r50d #5)
            QString t =
                tr("%1 (%2)\n%3 kernels, total %4, mean %5,\nmedian (lower middle) %6, p95 %7,\npooled "
                   "over %8")
                    .arg(QString::fromStdString(s.inputShapes), QString::fromStdString(s.dtype))
                    .arg(s.count)
                    .arg(formatDuration(int64_t(s.totalNs)), formatDuration(int64_t(s.meanNs)),
                         formatDuration(int64_t(s.medianNs)), formatDuration(int64_t(s.p95Ns)))
                    .arg(s.ranks == 1 ? tr("1 rank") : tr("%1 ranks").arg(s.ranks));
            if (s.nsPerElement >= 0)
                t += tr("\n%1 ns per element").arg(s.nsPerElement, 0, 'g', 3);
            else
                t += tr("\nno ns per element: no element count (no input has dims recorded: number "
                        "arguments, tensor lists the profiler did not expand)");
            if (s.ratio > 0)
                t += tr("\n%1× the work model's prediction%2")
                         .arg(s.ratio, 0, 'f', 2)
                         .arg(cell.outlier ? tr(": an outlier") : QString());
            if (cell.mixed)
                t += tr("\nother shapes share these two dims (the one with most kernels is shown)");
            return t + tr("\nclick: show its first kernel in the timeline");
        }))
        return true;
    return QWidget::event(e);
}

} // namespace rs::views
