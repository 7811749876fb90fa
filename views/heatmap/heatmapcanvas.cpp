#include "views/heatmap/heatmapcanvas.h"

#include "views/annotate/annotationmodel.h"
#include "views/annotate/annotationpainter.h"

#include <QContextMenuEvent>
#include <QMenu>

#include "core/query/opkernelnames.h"
#include "views/common/celltooltip.h"
#include "views/common/distinctelide.h"
#include "views/common/kernelnamestip.h"
#include "views/common/plural.h"
#include "views/common/timemapping.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace rs::views {

HeatmapCanvas::HeatmapCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
}

void HeatmapCanvas::setVisibleRect(QRect r) {
    m_labels = r.topLeft();
    m_visible = r;
    update();
}

void HeatmapCanvas::setLegendShown(bool on) {
    m_legendShown = on;
    updateGeometry();
    update();
}

HeatLegendKeys HeatmapCanvas::legendKeys() const {
    HeatLegendKeys k;
    if (!m_data || m_data->rows.empty()) return k;
    for (const auto& row : m_data->cells)
        for (const auto& c : row) {
            k.flagged |= c.present && c.flagged;
            k.uncompared |= c.present && c.noSharedKernels && m_stat == HeatStatistic::Ratio;
        }
    // every cell of a cut rank's column is cross-hatched, present or not (paintEvent)
    for (const auto key : m_data->columnKeys)
        k.partial |= m_data->cutRanks.count(key) > 0;
    return k;
}

int HeatmapCanvas::legendBarHeight() const {
    return std::clamp(int(m_order.size()) * m_cellH, 80, HeatLegendMetrics::kMaxBar);
}

void HeatmapCanvas::setData(std::shared_ptr<const query::HeatmapData> d) {
    m_data = std::move(d);
    if (m_data) {
        int cols = int(m_data->columns.size());
        m_cellW = std::clamp(900 / std::max(1, cols), 14, 64);
        QFontMetrics fm(font());
        int w = 60;
        for (const auto& r : m_data->rows)
            w = std::max(w, fm.horizontalAdvance(QString::fromStdString(r)) + 12);
        m_left = std::min(w, 260);
        m_top = columnBandHeight();
    }
    resort();
    updateGeometry();
    update();
}

int HeatmapCanvas::columnBandHeight() const {
    // a line of upright labels when every one fits its column: the band for rotated ones took 46 px of a
    // short dock's grid, two and a half rows (walk 24 #1)
    const QFontMetrics fm(labelFont());
    for (const auto& c : m_data->columns)
        if (m_cellW < fm.horizontalAdvance(QString::fromStdString(c)) + 4) return kRotatedBand;
    return fm.height() + 8;
}

void HeatmapCanvas::setStatistic(HeatStatistic s) {
    m_stat = s;
    resort();
    update();
}

void HeatmapCanvas::setSort(HeatSort s) {
    m_sort = s;
    resort();
    update();
}

void HeatmapCanvas::setHighlight(const QString& row, qint64 col) {
    setHighlights(row.isEmpty() ? std::vector<Cell>{} : std::vector<Cell>{{row, col}});
}

void HeatmapCanvas::setHighlights(std::vector<Cell> cells) {
    std::erase_if(cells, [](const Cell& c) { return c.first.isEmpty(); });
    m_highlights = std::move(cells);
    update();
}

void HeatmapCanvas::resort() {
    m_order.clear();
    if (!m_data) return;
    m_scale = HeatScale::forData(*m_data, m_stat);
    for (int i = 0; i < int(m_data->rows.size()); ++i)
        m_order.push_back(i);
    auto worst = [&](int r) {
        double w = 0;
        for (const auto& c : m_data->cells[size_t(r)])
            if (c.present) w = std::max(w, c.ratio);
        return w;
    };
    std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
        switch (m_sort) {
        case HeatSort::TotalTime:
            return m_data->rowTotalNs[size_t(a)] > m_data->rowTotalNs[size_t(b)];
        case HeatSort::WorstRatio:
            return worst(a) > worst(b);
        case HeatSort::Name: // rank rows come in rank order: "rank 10" sorted as text before "rank 2"
            return m_data->mode == query::HeatmapData::Mode::RankByStep
                       ? a < b
                       : m_data->rows[size_t(a)] < m_data->rows[size_t(b)];
        }
        return false;
    });
}

QFont HeatmapCanvas::labelFont() const {
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
    return small;
}

std::vector<QString> HeatmapCanvas::rowLabels() const {
    if (!m_data) return {};
    std::vector<QString> names;
    for (const auto& r : m_data->rows)
        names.push_back(QString::fromStdString(r));
    return elideDistinct(names, QFontMetrics(labelFont()), m_left - 10);
}

int HeatmapCanvas::labelRowAt(QPoint p) const {
    // the labels stay at the visible left edge (setLabelOrigin), over the band of column labels
    if (!m_data || p.x() < m_labels.x() || p.x() >= m_labels.x() + m_left || p.y() < m_labels.y() + m_top)
        return -1;
    const int i = (p.y() - m_top) / m_cellH;
    return i >= 0 && i < int(m_order.size()) ? m_order[size_t(i)] : -1;
}

QSize HeatmapCanvas::sizeHint() const {
    if (!m_data) return {400, 200};
    // in a picture, the colour bar and its keys under it: straggler, no shared kernels, partial rank
    const int grid = int(m_data->rows.size()) * m_cellH;
    const int legendW = m_legendShown ? HeatLegendMetrics::kWidth + 10 : 0,
              legendH = m_legendShown ? m_top + legendBarHeight() + HeatLegendMetrics::kBelowBar : 0;
    return {std::max(m_legendShown ? 300 : 0,
                     m_left + int(m_data->columns.size()) * m_cellW + notesWidth() + legendW),
            std::max(legendH, m_top + grid + 10)};
}

QRect HeatmapCanvas::cellRect(int row, int column) const {
    auto it = std::find(m_order.begin(), m_order.end(), row);
    if (it == m_order.end()) return {};
    int y = m_top + int(it - m_order.begin()) * m_cellH;
    return QRect(m_left + column * m_cellW, y, m_cellW, m_cellH);
}

bool HeatmapCanvas::cellAt(QPoint p, int& row, int& col) const {
    // a cell scrolled under the labels is hidden by them: the labels answer there
    if (!m_data || p.x() < m_labels.x() + m_left || p.y() < m_labels.y() + m_top) return false;
    int c = (p.x() - m_left) / m_cellW, r = (p.y() - m_top) / m_cellH;
    if (c >= int(m_data->columns.size()) || r >= int(m_order.size())) return false;
    row = m_order[size_t(r)];
    col = c;
    return true;
}

void HeatmapCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (!m_data || m_data->rows.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        QString why = m_data && !m_data->emptyReason.empty() ? QString::fromStdString(m_data->emptyReason)
                                                             : tr("No device kernels to compare");
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, why);
        return;
    }
    const auto& d = *m_data;
    const QFont small = labelFont();
    p.setFont(small);
    QFontMetrics fm(small);
    const std::vector<QString> rowLabels = this->rowLabels();
    std::vector<QRect> flagged;
    std::vector<QRect> highlight;
    std::vector<QRect> partial;  // cells of a rank whose files were cut (HeatmapData::cutRanks)
    std::vector<QRect> notDrawn; // cells with kernels on lanes the timeline does not draw
    for (size_t i = 0; i < m_order.size(); ++i) {
        int r = m_order[i];
        int y = m_top + int(i) * m_cellH;
        QString label = QString::fromStdString(d.rows[size_t(r)]);
        for (size_t c = 0; c < d.columns.size(); ++c) {
            const auto& cell = d.cells[size_t(r)][c];
            QRect cr(m_left + int(c) * m_cellW, y, m_cellW - 1, m_cellH - 1);
            if (!cell.present) {
                p.fillRect(cr, palette().color(QPalette::AlternateBase));
                // a rank cut before its kernels has no cells at all: its blank column read as a rank
                // that ran none, and the whole rank 0 as the odd one (walk 20b, level1 cut at 800 kB)
                if (d.cutRanks.count(d.columnKeys[c])) partial.push_back(cr);
                continue;
            }
            if (m_stat == HeatStatistic::Ratio && cell.noSharedKernels) {
                paintUncompared(p, cr);
            } else {
                QColor col = m_scale.color(cellValue(cell, m_stat));
                p.fillRect(cr, col);
                if (cellShowsText(r, int(c))) {
                    p.setPen(col.lightnessF() > 0.5 ? QColor(30, 30, 30) : QColor(250, 250, 250));
                    p.drawText(cr, Qt::AlignCenter, cellText(r, int(c)));
                }
            }
            if (cell.flagged) flagged.push_back(cr);
            if (cell.notDrawn > 0) notDrawn.push_back(cr);
            if (d.cutRanks.count(d.columnKeys[c])) partial.push_back(cr);
            if (std::find(m_highlights.begin(), m_highlights.end(), Cell{label, d.columnKeys[c]}) !=
                m_highlights.end())
                highlight.push_back(cr);
        }
    }
    for (const auto& r : partial) // over the colour: a partial rank's ratio is not the card's
        p.fillRect(r, QBrush(QColor(90, 90, 90), Qt::DiagCrossPattern));
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(20, 20, 20), 2));
    for (const auto& r : flagged)
        p.drawRect(r.adjusted(1, 1, -1, -1));
    // dotted inside the cell: its kernels (some or all) are on lanes the timeline leaves out (not aligned)
    p.setPen(QPen(palette().color(QPalette::WindowText), 1, Qt::DotLine));
    for (const QRect& r : notDrawn)
        p.drawRect(r.adjusted(3, 3, -3, -3));
    p.setPen(QPen(palette().color(QPalette::Highlight), 3));
    for (const QRect& r : highlight)
        p.drawRect(r.adjusted(-1, -1, 1, 1));
    paintAnnotations(p);
    // the labels last, at the visible edges, over the cells scrolled under them: which op and which rank
    // a cell is stays readable wherever the grid is scrolled
    const int lx = m_labels.x(), ty = m_labels.y();
    p.fillRect(QRect(lx, ty, width(), m_top), palette().color(QPalette::Base));
    paintColumnLabels(p, fm);
    p.fillRect(QRect(lx, ty + m_top, m_left, height()), palette().color(QPalette::Base));
    p.fillRect(QRect(lx, ty, m_left, m_top), palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::WindowText));
    p.save();
    p.setClipRect(QRect(lx, ty + m_top, m_left, height())); // not over the column labels
    for (size_t i = 0; i < m_order.size(); ++i)
        p.drawText(QRect(lx + 4, m_top + int(i) * m_cellH, m_left - 8, m_cellH),
                   Qt::AlignVCenter | Qt::AlignRight, rowLabels[size_t(m_order[i])]);
    p.restore();
    if (m_legendShown)
        paintHeatLegend(p, QPoint(m_left + int(d.columns.size()) * m_cellW + 16 + notesWidth(), m_top),
                        legendBarHeight(), m_scale, d.mode, legendKeys(), palette());
}

QString HeatmapCanvas::cellText(int row, int column) const {
    if (!m_data || row < 0 || column < 0 || size_t(row) >= m_data->cells.size() ||
        size_t(column) >= m_data->columns.size())
        return {};
    const auto& cell = m_data->cells[size_t(row)][size_t(column)];
    if (!cell.present || (m_stat == HeatStatistic::Ratio && cell.noSharedKernels)) return {};
    return m_stat == HeatStatistic::Ratio ? QString::number(cell.ratio, 'f', 2)
                                          : formatDuration(int64_t(cellValue(cell, m_stat)));
}

bool HeatmapCanvas::cellShowsText(int row, int column) const {
    const QString t = cellText(row, column);
    if (t.isEmpty()) return false;
    const QFontMetrics fm(labelFont());
    return fm.horizontalAdvance(t) + 4 <= m_cellW - 1 && fm.height() <= m_cellH - 1;
}

void HeatmapCanvas::paintUncompared(QPainter& p, const QRect& r) const {
    // hatched grey, no number: the ratio scale's white would read "as fast as the others" (walk17b #6)
    p.fillRect(r, palette().color(QPalette::Base));
    p.fillRect(r, QBrush(QColor(150, 150, 150), Qt::BDiagPattern));
    if (m_cellW >= 38) {
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(r, Qt::AlignCenter, QString::fromUtf8("–"));
    }
}

void HeatmapCanvas::paintColumnLabels(QPainter& p, const QFontMetrics& fm) {
    // rotated when narrow; at the top of the visible part (setLabelOrigin)
    const auto& d = *m_data;
    const int top = m_labels.y() + m_top;
    p.setPen(palette().color(QPalette::WindowText));
    for (size_t c = 0; c < d.columns.size(); ++c) {
        QRect r(m_left + int(c) * m_cellW, m_labels.y(), m_cellW, m_top - 2);
        if (r.right() < m_labels.x() + m_left) continue; // under the row labels
        QString label = QString::fromStdString(d.columns[c]);
        if (m_cellW >= fm.horizontalAdvance(label) + 4) {
            p.drawText(r, Qt::AlignHCenter | Qt::AlignBottom, label);
        } else {
            p.save();
            p.translate(r.center().x() + 4, top - 4);
            p.rotate(-60);
            p.drawText(0, 0,
                       label.startsWith("step ")   ? label.mid(5)
                       : label.startsWith("rank ") ? label.mid(5)
                                                   : label);
            p.restore();
        }
    }
}

void HeatmapCanvas::mousePressEvent(QMouseEvent* e) {
    int r, c;
    m_pressRow = m_pressCol = -1;
    if (!cellAt(e->pos(), r, c)) return;
    if (m_annotations && m_annotations->tool() != AnnotationModel::Tool::None) {
        m_pressRow = r, m_pressCol = c; // the annotation is drafted on release
        return;
    }
    Q_EMIT cellClicked(r, c);
}

void HeatmapCanvas::mouseReleaseEvent(QMouseEvent* e) {
    int r, c;
    if (m_pressRow < 0 || !cellAt(e->pos(), r, c)) return;
    auto a = draftCells(m_pressRow, m_pressCol, r, c, m_annotations->tool() == AnnotationModel::Tool::Note);
    m_pressRow = -1;
    if (a) Q_EMIT annotationDrafted(*a);
}

void HeatmapCanvas::contextMenuEvent(QContextMenuEvent* e) {
    int r, c;
    if (!m_annotations || !cellAt(e->pos(), r, c)) return;
    QMenu menu(this);
    menu.addAction(tr("Annotate this cell…"), this, [this, r, c] {
        if (auto a = draftCells(r, c, r, c, false)) Q_EMIT annotationDrafted(*a);
    });
    menu.exec(e->globalPos());
}

void HeatmapCanvas::setAnnotations(AnnotationModel* m) {
    m_annotations = m;
    // a first heatmap annotation adds the notes column: wider (updateGeometry), the scroll area follows
    if (m)
        connect(m, &AnnotationModel::changed, this, [this] {
            updateGeometry();
            update();
        });
    updateGeometry(); // a model holding heatmap annotations already: the notes column at once
    update();
}

void HeatmapCanvas::setAnnotationsShown(bool on) {
    m_annotationsShown = on;
    updateGeometry(); // the notes column comes or goes
    update();
}

std::optional<annotate::Annotation> HeatmapCanvas::draftCells(int row0, int col0, int row1, int col1,
                                                              bool note) const {
    if (!m_data || m_data->mode != query::HeatmapData::Mode::OpByRank) return std::nullopt;
    // rows in display order between the two cells
    auto pos = [&](int row) { return int(std::find(m_order.begin(), m_order.end(), row) - m_order.begin()); };
    int a = pos(row0), b = pos(row1);
    if (a > b) std::swap(a, b);
    if (col0 > col1) std::swap(col0, col1);
    annotate::Annotation an;
    an.kind = note ? annotate::Kind::Note : annotate::Kind::Box;
    an.anchor.view = annotate::Surface::Heatmap;
    for (int i = a; i <= b && i < int(m_order.size()); ++i)
        an.anchor.opTypes.push_back(m_data->rows[size_t(m_order[size_t(i)])]);
    for (int c = col0; c <= col1; ++c)
        an.anchor.ranks.push_back(int(m_data->columnKeys[size_t(c)]));
    return an;
}

int HeatmapCanvas::notesWidth() const {
    if (!m_annotations || !m_annotationsShown || !m_annotations->visible() || !m_data ||
        m_data->mode != query::HeatmapData::Mode::OpByRank)
        return 0;
    for (const auto& a : m_annotations->items())
        if (a.anchor.view == annotate::Surface::Heatmap && !m_annotations->detached(a)) return 240;
    return 0;
}

QRectF HeatmapCanvas::outlineRect(const QRect& box) const {
    // 2 px around the cells, except where that would fall under the row or column labels, which are
    // painted after the annotations (a box on the first row lost its top edge there): then just inside
    QRectF r = QRectF(box).adjusted(-2, -2, 2, 2);
    const double labelsBottom = m_labels.y() + m_top, labelsRight = m_labels.x() + m_left;
    if (box.top() >= labelsBottom && r.top() < labelsBottom + 1) r.setTop(labelsBottom + 1);
    if (box.left() >= labelsRight && r.left() < labelsRight + 1) r.setLeft(labelsRight + 1);
    return r;
}

QRectF HeatmapCanvas::calloutRoom(double notesX) const {
    // the notes column as far as it is in view: a scroll area showing part of it cut the label at its
    // edge mid-word, with no "…" (walk 48). Elided to what is in view, down to a "…" chip that says a note
    // is there; moved left over the grid it hid the cells at the view's end (the slow cell among them)
    const double full = notesWidth() - 8;
    if (!m_visible.isValid()) return QRectF(notesX, 0, full, height()); // a picture: all of it
    const double right = std::min(notesX + full, double(m_visible.right() + 1) - 4);
    return right - notesX >= kMinCalloutRoom ? QRectF(notesX, 0, right - notesX, height()) : QRectF();
}

void HeatmapCanvas::paintAnnotations(QPainter& p) {
    if (!m_annotations || !m_annotationsShown || !m_annotations->visible() || !m_data ||
        m_data->mode != query::HeatmapData::Mode::OpByRank)
        return;
    const auto& d = *m_data;
    double nextY = 0; // keeps callouts of neighbouring rows from covering each other
    for (const auto& a : m_annotations->items()) {
        if (a.anchor.view != annotate::Surface::Heatmap || m_annotations->detached(a)) continue;
        nextY = 0;
        QRect box;
        for (const auto& op : a.anchor.opTypes) {
            auto row = std::find(d.rows.begin(), d.rows.end(), op);
            if (row == d.rows.end()) continue;
            for (size_t c = 0; c < d.columnKeys.size(); ++c) {
                bool want = a.anchor.ranks.empty() || std::find(a.anchor.ranks.begin(), a.anchor.ranks.end(),
                                                                int(d.columnKeys[c])) != a.anchor.ranks.end();
                if (want) box = box.united(cellRect(int(row - d.rows.begin()), int(c)));
            }
        }
        if (!box.isValid()) continue;
        annotate::Annotation outline = a;
        outline.kind = annotate::Kind::Box;
        drawRegion(p, outlineRect(box), outline);
        // the text goes in the notes column right of the grid, so it hides no cell; a leader line links it
        const double notesX = m_left + double(d.columns.size()) * m_cellW + 12;
        const QRectF room = calloutRoom(notesX);
        if (room.isEmpty()) continue; // the notes column is out of view: no label to cut
        QRectF placed = drawCallout(p, QPointF(notesX, std::max(double(m_top), box.top() + nextY)), a, room,
                                    room.width());
        nextY = placed.bottom() + 4 - box.top();
        // the leader runs in the 1 px gap under the box's last row (cellRect's last pixel row: the cells are
        // drawn a pixel shorter) to the notes column, then to the label: across the box's middle it struck
        // out the values of the cells right of it (walk 23 #4)
        const double gapY = box.bottom(), bend = notesX - 6;
        p.save();
        p.setPen(QPen(annotationColor(a), 1, Qt::DotLine));
        p.drawPolyline(QPolygonF{QPointF(box.right() + 2, gapY), QPointF(bend, gapY),
                                 QPointF(placed.left(), placed.center().y())});
        p.restore();
    }
}

QString HeatmapCanvas::labelToolTip(size_t row) const {
    const std::string& op = m_data->rows[row];
    QString tip = QString::fromStdString(op).toHtmlEscaped();
    const auto it = m_data->kernelNames.find(op);
    if (it == m_data->kernelNames.end()) return tip;
    // the op type may merge kernels whose names differ in their template arguments: name them
    const bool oneRank = m_data->mode == query::HeatmapData::Mode::OpByStep;
    const QString kernels = kernelNamesTip(
        op,
        query::kernelNameCounts(it->second, oneRank ? std::optional<int64_t>(m_data->rank) : std::nullopt),
        oneRank ? tr("on this rank, every step") : tr("on the shown ranks"));
    return kernels.isEmpty() ? tip : "<b>" + tip + "</b><br>" + kernels;
}

QString HeatmapCanvas::evenMedianNote(int64_t count) {
    // the median is a duration a kernel took (model/median.h), as the report's and every other figure's:
    // of an even count the lower middle one, which an unnamed "median" read as the mean of the two (walk 30)
    return count > 1 && count % 2 == 0 ? tr(" (the lower of the two middle values)") : QString();
}

QString HeatmapCanvas::cellToolTip(int r, int c) const {
    const auto& cell = m_data->cells[size_t(r)][size_t(c)];
    // a cell whose kernels no other rank ran has no ratio: never "1.00"
    const QString ratio =
        cell.noSharedKernels && m_data->mode == query::HeatmapData::Mode::OpByRank
            ? tr("ratio: none, no shared kernels (no kernel name of it ran on "
                 "another rank of its run: nothing to compare it with)")
        : cell.noSharedKernels && m_data->mode == query::HeatmapData::Mode::RankByStep
            ? tr("ratio: none (a rank the data does not name: its file is compared with no other)")
            : tr("ratio %1×%2").arg(cell.ratio, 0, 'f', 2).arg(ratioReference(m_data->mode));
    QString tip =
        QString("<b>%1</b> · %2<br>count %3 · total %4<br>mean %5 · median %6%11 · p95 %7 · "
                "max %8<br>%9%10")
            .arg(QString::fromStdString(m_data->rows[size_t(r)]).toHtmlEscaped(),
                 QString::fromStdString(m_data->columns[size_t(c)]))
            .arg(cell.count)
            .arg(formatDuration(cell.totalNs), formatDuration(cell.meanNs),
                 cell.medianNs ? formatDuration(cell.medianNs) : "-",
                 cell.p95Ns ? formatDuration(cell.p95Ns) : "-", cell.maxNs ? formatDuration(cell.maxNs) : "-")
            .arg(ratio)
            .arg(cell.flagged ? tr("<br><b>flagged: slow on this rank</b>") : QString())
            .arg(cell.medianNs ? evenMedianNote(cell.count) : QString()); // no median: no note on it
    if (auto cut = m_data->cutRanks.find(m_data->columnKeys[size_t(c)]); cut != m_data->cutRanks.end())
        tip += tr("<br><b>partial rank</b>: %1 cut or not read; this cell holds only the kernels "
                  "read, so "
                  "its ratio compares a partial rank with whole ones")
                   .arg(QString::fromStdString(cut->second).toHtmlEscaped());
    if (cell.notDrawn > 0) {
        const auto lanes = m_data->notDrawnLanes.find(m_data->columnKeys[size_t(c)]);
        tip += tr("<br><b>not on the timeline</b>: %1 of its %2 are on lanes not drawn on the timeline "
                  "(%3): not aligned with the rank's other lanes (no sync record)")
                   .arg(cell.notDrawn == cell.count ? tr("all") : QString::number(cell.notDrawn))
                   .arg(counted(cell.count, tr("kernel"), tr("kernels")))
                   .arg(lanes == m_data->notDrawnLanes.end()
                            ? QString()
                            : QString::fromStdString(lanes->second).toHtmlEscaped());
    }
    return tip;
}

bool HeatmapCanvas::event(QEvent* e) {
    if (m_data && handleCellToolTip(this, e, [this](QPoint pt) {
            int r, c;
            // a row label shows its whole name: long kernel names are elided to fit
            if (const int row = labelRowAt(pt); row >= 0) return labelToolTip(size_t(row));
            if (!cellAt(pt, r, c) || !m_data->cells[size_t(r)][size_t(c)].present) return QString();
            return cellToolTip(r, c);
        }))
        return true;
    return QWidget::event(e);
}

} // namespace rs::views
