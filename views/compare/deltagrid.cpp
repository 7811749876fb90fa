#include "views/compare/deltagrid.h"

#include "views/common/celltooltip.h"
#include "views/common/palette.h"
#include "views/common/timemapping.h"
#include "views/common/wholelines.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace rs::views {

DeltaGrid::DeltaGrid(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
}

void DeltaGrid::setData(std::shared_ptr<const compare::ComparisonData> d) {
    m_data = std::move(d);
    m_scale = HeatScale{};
    m_scale.statistic = HeatStatistic::Ratio;
    double worst = 1.1; // the scale covers the largest ratio either way, at least ±10 %
    if (m_data) {
        for (double r : m_data->ratio)
            if (r > 0) worst = std::max(worst, std::max(r, 1 / r));
        QFontMetrics fm(font());
        int w = 60;
        for (const auto& op : m_data->opTypes)
            w = std::max(w, fm.horizontalAdvance(QString::fromStdString(op)) + 12);
        m_left = std::min(w, 240);
    }
    m_scale.lo = 1 / worst;
    m_scale.hi = worst;
    fitCells();
    updateGeometry();
    update();
}

QString DeltaGrid::changeText(double ratio) {
    // a change under half a per cent printed "+0%" / "-0%": a sign on nothing (walk 54)
    const long pct = std::lround((ratio - 1) * 100);
    return pct == 0 ? QStringLiteral("0%") : QString::asprintf("%+ld%%", pct);
}

QColor DeltaGrid::cellColor(double ratio) const {
    return m_scale.color(std::lround((ratio - 1) * 100) == 0 ? 1.0 : ratio);
}

std::optional<QFont> DeltaGrid::numberFont(const QFont& base, const QString& text, QSize cell) {
    // the strongest changes have the longest texts ("-23%" against "0%"): at one size they were the cells
    // left without a number (walk 54a). A text that does not fit at the widget's size is drawn smaller, down
    // to kMinNumberScale of it
    QFont f = base;
    const qreal points = base.pointSizeF();
    for (qreal scale = 1.0; scale >= kMinNumberScale - 1e-9; scale -= 0.05) {
        if (points > 0) f.setPointSizeF(points * scale);
        const QFontMetrics fm(f);
        if (fm.horizontalAdvance(text) + 4 <= cell.width() && fm.height() <= cell.height()) return f;
        if (points <= 0) break; // a pixel-sized font: its own size only
    }
    return std::nullopt;
}

bool DeltaGrid::cellShowsNumber(int row, int column) const {
    if (!m_data || row < 0 || column < 0 || size_t(row) >= m_data->opTypes.size() ||
        size_t(column) >= m_data->ranks.size())
        return false;
    const double v = m_data->at(size_t(row), size_t(column));
    return v > 0 && numberFont(font(), changeText(v), cellRect(row, column).size()).has_value();
}

bool DeltaGrid::someNumberHidden() const {
    if (!m_data) return false;
    for (size_t r = 0; r < m_data->opTypes.size(); ++r)
        for (size_t c = 0; c < m_data->ranks.size(); ++c)
            if (m_data->at(r, c) > 0 && !cellShowsNumber(int(r), int(c))) return true;
    return false;
}

QString DeltaGrid::legendText(int which) const {
    // both ends with their colour and meaning (walk 54: the blue cells were explained nowhere), at the
    // scale's end values: the ratio and the change it is
    switch (which) {
    case 0:
        return tr("red: slower, ×%1 (%2)").arg(m_scale.hi, 0, 'f', 2).arg(changeText(m_scale.hi));
    case 1:
        return tr("white: equal (0%)");
    case 2:
        return tr("blue: faster, ×%1 (%2)").arg(m_scale.lo, 0, 'f', 2).arg(changeText(m_scale.lo));
    default:
        return tr("narrow cells: hover");
    }
}

QStringList DeltaGrid::legendLines() const {
    QStringList l{legendText(0), legendText(1), legendText(2)};
    if (someNumberHidden()) l << legendText(3);
    return l;
}

int DeltaGrid::legendBar() const {
    // three lines tall, its labels at its top, middle and bottom: a 120 px bar put the blue end's label
    // below the few rows a short panel shows (walk 54: blue explained nowhere on screen)
    return 3 * QFontMetrics(font()).lineSpacing() + 6;
}

QRect DeltaGrid::legendBarRect() const {
    const int cols = m_data ? int(m_data->ranks.size()) : 0;
    return {m_left + cols * m_cellW + kLegendGap, m_top, 14, legendBar()};
}

int DeltaGrid::legendHeight() const {
    return legendBar() + QFontMetrics(font()).lineSpacing() + 4;
}

int DeltaGrid::legendWidth() const {
    const QFontMetrics fm(font());
    int text = 0;
    for (int i = 0; i < 4; ++i)
        text = std::max(text, fm.horizontalAdvance(legendText(i)));
    return kLegendGap + kSwatchW + text + 6;
}

void DeltaGrid::fitCells() {
    const int cols = m_data ? std::max<int>(1, int(m_data->ranks.size())) : 4;
    m_cellW = std::clamp((width() - m_left - legendWidth()) / cols, kMinCellW, kMaxCellW);
}

void DeltaGrid::resizeEvent(QResizeEvent* e) {
    fitCells();
    QWidget::resizeEvent(e);
}

QSize DeltaGrid::sizeHint() const {
    const int rows = m_data ? int(m_data->opTypes.size()) : 4, cols = m_data ? int(m_data->ranks.size()) : 4;
    const int cellW = std::clamp(700 / std::max(1, cols), kMinCellW, kMaxCellW);
    return {m_left + cols * cellW + legendWidth(), m_top + std::max(rows * m_cellH, legendHeight()) + 8};
}

QSize DeltaGrid::minimumSizeHint() const {
    const int cols = m_data ? int(m_data->ranks.size()) : 4;
    // the legend whole: its blue end and its note were below the scroll area's reach (walk 54)
    // every row: below it, in a pane shorter than the grid, the scroll area scrolls to the rows under
    // its edge (the widget cut at the pane's height drew them nowhere)
    const int rows = m_data ? int(m_data->opTypes.size()) : 0;
    return {std::max(280, m_left + cols * kMinCellW + legendWidth()),
            m_top + std::max(rows * m_cellH, legendHeight()) + 8};
}

QRect DeltaGrid::cellRect(int row, int column) const {
    return {m_left + column * m_cellW, m_top + row * m_cellH, m_cellW - 1, m_cellH - 1};
}

bool DeltaGrid::rowDrawn(int row) const {
    return wholeInView(this, QRect(0, m_top + row * m_cellH, width(), m_cellH - 1));
}

bool DeltaGrid::regressed(const std::string& op, int rank) const {
    for (const auto& d : m_data->result.regressions)
        if (d.kind == "op" && d.opType == op && d.rank && *d.rank == rank) return true;
    return false;
}

QString DeltaGrid::emptyReason() const {
    // what is true of the empty grid: nothing compared yet, no rank or no op type in both runs (walk 13:
    // "none above the share in both runs" before any comparison)
    if (!m_data) return tr("No comparison yet: File ▸ Compare with… fills this grid");
    if (m_data->ranks.empty())
        return tr("No rank is in both runs (%1 in the baseline, %2 in the candidate): a cell sets one rank's "
                  "median kernel time in the two runs side by side, so there is none to draw")
            .arg(m_data->baseline.ranks.size())
            .arg(m_data->candidate.ranks.size());
    // two workloads: their medians set side by side would colour the difference of the workloads as a
    // speed-up or a slow-down (walk 18a: -95 % in strong blue under a verdict that judged no delta)
    if (!m_data->result.unrelated.empty())
        return tr("Not drawn: %1, not one workload; a cell would colour the difference of two workloads as a "
                  "change of speed")
            .arg(QString::fromStdString(m_data->result.unrelated));
    if (m_data->opTypes.empty()) {
        const auto& r = m_data->result;
        const QString share = QString::number(m_data->options.minShare * 100, 'g', 3);
        if (r.opTypesOnlyInBaseline.empty() && r.opTypesOnlyInCandidate.empty())
            return tr("No op type has %1 % or more of the device time in either run: nothing to compare")
                .arg(share);
        return tr("No op type is in both runs: %1 above the share (%2 % of the device time) only in the "
                  "baseline, %3 only in the candidate")
            .arg(r.opTypesOnlyInBaseline.size())
            .arg(share)
            .arg(r.opTypesOnlyInCandidate.size());
    }
    return {};
}

void DeltaGrid::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().text().color());
    if (const QString why = emptyReason(); !why.isEmpty()) {
        p.drawText(rect().adjusted(8, 0, -8, 0), Qt::AlignCenter | Qt::TextWordWrap, why);
        return;
    }
    // a text line the scroll area shows only in part is left out: a row cut in half at the viewport's edge
    // read as the grid's last (walk 54: the third kernel row at 1600 × 1000)
    const auto text = [&](const QRect& r, int flags, const QString& t) {
        drawWholeText(p, this, r, flags, t);
    };
    const QFontMetrics fm(font());
    text(QRect(4, 2, width() - 8, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
         fm.elidedText(tr("Median kernel time, candidate / baseline (op types with ≥ %1 % of device time)")
                           .arg(m_data->options.minShare * 100, 0, 'g', 3),
                       Qt::ElideRight, width() - 8));
    for (size_t c = 0; c < m_data->ranks.size(); ++c)
        text(QRect(m_left + int(c) * m_cellW, m_top - 18, m_cellW, 16), Qt::AlignCenter,
             QString::number(m_data->ranks[c]));
    for (size_t r = 0; r < m_data->opTypes.size(); ++r) {
        // a row is drawn whole or not at all, its cells with its label and numbers: the cells of a row the
        // viewport cut were drawn without them, coloured blanks that read as "no change" (issue 19)
        if (!rowDrawn(int(r))) continue;
        const std::string& op = m_data->opTypes[r];
        p.setPen(palette().text().color());
        text(QRect(4, m_top + int(r) * m_cellH, m_left - 8, m_cellH - 1), Qt::AlignRight | Qt::AlignVCenter,
             fm.elidedText(QString::fromStdString(op), Qt::ElideMiddle, m_left - 8));
        for (size_t c = 0; c < m_data->ranks.size(); ++c) {
            const QRect cell = cellRect(int(r), int(c));
            const double v = m_data->at(r, c);
            if (v <= 0) {
                p.fillRect(cell, palette().alternateBase());
                continue;
            }
            const QColor col = cellColor(v);
            p.fillRect(cell, col);
            if (const auto f = numberFont(font(), changeText(v), cell.size())) { // else the tooltip, as the
                p.setPen(textOn(col));                                           // legend says
                p.setFont(*f);
                text(cell, Qt::AlignCenter, changeText(v));
                p.setFont(font());
            }
            if (regressed(op, m_data->ranks[c])) {
                p.setPen(QPen(palette().text().color(), 2));
                p.drawRect(cell.adjusted(1, 1, -1, -1));
            }
        }
    }
    // legend: the colours at the ends and at 1, each said with its meaning and value
    const QRect bar = legendBarRect();
    const int lx = bar.left(), ly = bar.top(), lh = bar.height();
    for (int y = 0; y < lh; ++y) {
        const double pos = 1.0 - double(y) / lh;
        const double v = std::exp(std::log(m_scale.lo) + pos * (std::log(m_scale.hi) - std::log(m_scale.lo)));
        p.fillRect(lx, ly + y, 14, 1, m_scale.color(v));
    }
    p.setPen(palette().text().color());
    const QStringList lines = legendLines();
    const int tw = width() - lx - kSwatchW;
    text(QRect(lx + kSwatchW, ly, tw, fm.height()), Qt::AlignLeft | Qt::AlignTop, lines[0]);
    text(QRect(lx + kSwatchW, ly + (lh - fm.height()) / 2, tw, fm.height()), Qt::AlignLeft | Qt::AlignTop,
         lines[1]);
    text(QRect(lx + kSwatchW, ly + lh - fm.height(), tw, fm.height()), Qt::AlignLeft | Qt::AlignTop,
         lines[2]);
    if (lines.size() > 3)
        text(QRect(lx, ly + lh + 4, width() - lx, fm.height()), Qt::AlignLeft | Qt::AlignTop, lines[3]);
}

bool DeltaGrid::cellAt(QPoint pt, int& row, int& col) const {
    if (!m_data || pt.x() < m_left || pt.y() < m_top) return false;
    col = (pt.x() - m_left) / m_cellW;
    row = (pt.y() - m_top) / m_cellH;
    return row < int(m_data->opTypes.size()) && col < int(m_data->ranks.size());
}

void DeltaGrid::mousePressEvent(QMouseEvent* e) {
    int r, c;
    if (cellAt(e->pos(), r, c))
        emit cellClicked(QString::fromStdString(m_data->opTypes[size_t(r)]), m_data->ranks[size_t(c)]);
}

bool DeltaGrid::event(QEvent* e) {
    if (handleCellToolTip(this, e, [this](QPoint pt) {
            int r, c;
            if (!cellAt(pt, r, c)) return QString();
            const std::string& op = m_data->opTypes[size_t(r)];
            const int rank = m_data->ranks[size_t(c)];
            const auto &bo = m_data->baseline.ranks.at(rank).ops, &co = m_data->candidate.ranks.at(rank).ops;
            auto bi = bo.find(op), ci = co.find(op);
            QString text = tr("%1 on rank %2").arg(QString::fromStdString(op)).arg(rank);
            if (bi == bo.end() || ci == co.end())
                return text + tr("\nnot run on this rank in one of the two runs");
            return text +
                   tr("\nmedian %1 → %2 (%3)\nper step %4 → %5")
                       .arg(formatDuration(int64_t(bi->second.medianNs)),
                            formatDuration(int64_t(ci->second.medianNs)))
                       .arg(QString::asprintf("%+.1f %%", (m_data->at(size_t(r), size_t(c)) - 1) * 100))
                       .arg(formatDuration(int64_t(bi->second.totalNsPerStep)),
                            formatDuration(int64_t(ci->second.totalNsPerStep)));
        }))
        return true;
    return QWidget::event(e);
}

} // namespace rs::views
