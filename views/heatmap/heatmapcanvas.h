#pragma once
#include "core/annotate/annotation.h"
#include <optional>
// Paints a HeatmapData grid: row labels, column labels, cells coloured by the chosen statistic, flagged
// straggler cells outlined, cells with no kernel shared with another rank hatched (no ratio), the selected
// cell highlighted, and (in pictures) the colour-scale legend with units right of the grid; tooltips give
// the exact figures. Emits cellClicked. Never narrower or lower than its whole grid (columns are at least
// 14 px): a scroll area around it scrolls, and setVisibleRect keeps the op and rank labels in its view
// (on screen the legend is a widget beside it, HeatmapLegend, setLegendShown(false)).
// GUI thread only.
#include "core/query/analysisqueries.h"
#include "views/heatmap/heatmaplegend.h"
#include "views/heatmap/heatmapscale.h"

#include <QWidget>
#include <memory>

namespace rs::views {

class AnnotationModel;

enum class HeatSort { TotalTime, WorstRatio, Name };

class HeatmapCanvas : public QWidget {
    Q_OBJECT
  public:
    explicit HeatmapCanvas(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const query::HeatmapData> d);
    void setStatistic(HeatStatistic s);
    void setSort(HeatSort s);
    /// A highlighted cell: (row label, column key).
    using Cell = std::pair<QString, qint64>;
    /// Highlights (row label, column key); empty label clears.
    void setHighlight(const QString& rowLabel, qint64 columnKey);
    /// Highlights each of `cells` (a selection naming several op types on a rank); empty clears.
    void setHighlights(std::vector<Cell> cells);
    const std::vector<Cell>& highlights() const { return m_highlights; }
    /// The first highlighted cell's row label (empty: none) and column key (-1: none).
    QString highlightedRow() const { return m_highlights.empty() ? QString() : m_highlights.front().first; }
    qint64 highlightedColumn() const { return m_highlights.empty() ? -1 : m_highlights.front().second; }
    const query::HeatmapData* data() const { return m_data.get(); }
    std::shared_ptr<const query::HeatmapData> sharedData() const { return m_data; }
    HeatStatistic statistic() const { return m_stat; }
    HeatSort sort() const { return m_sort; }
    const HeatScale& scale() const { return m_scale; }
    /// Rectangle of the cell (row index in the data, column index), in widget pixels (for tests).
    QRect cellRect(int row, int column) const;
    /// The value a present cell prints for the statistic shown: "1.06" of a ratio, "1.23 ms" of a duration
    /// (its unit with it); "" for a cell with none (absent, or no ratio).
    QString cellText(int row, int column) const;
    /// Whether the cell prints cellText: it has one and it fits the cell (px, in the labels' font); every
    /// statistic alike (walk 54: Total and Mean printed nothing where Ratio printed "1.06").
    bool cellShowsText(int row, int column) const;
    /// The row labels as drawn, by data row: elided to the label column, different names kept different.
    std::vector<QString> rowLabels() const;
    /// Data row indexes in display order.
    const std::vector<int>& order() const { return m_order; }
    /// The visible part of the canvas (widget pixels: the scroll position and the viewport's size): the row
    /// labels are drawn from its left and the column labels from its top, over the cells scrolled under
    /// them. Empty (pictures, which show the whole grid): the whole canvas.
    void setVisibleRect(QRect r);
    int cellWidth() const { return m_cellW; }
    int cellHeight() const { return m_cellH; } ///< px of a row
    /// Whether the colour legend is painted right of the grid (pictures, the default) or left to a
    /// HeatmapLegend beside the canvas (the view on screen): the canvas's size follows.
    void setLegendShown(bool on);
    /// The keys the legend lists: those the grid, as shown with the current statistic, has cells of.
    HeatLegendKeys legendKeys() const;
    /// The colour bar's height for this grid (px): as tall as its rows, within 80-240.
    int legendBarHeight() const;
    /// The band of column labels above the cells (px).
    int columnLabelsHeight() const { return m_top; }
    /// The labels' and legend's font: a size under the widget's.
    QFont labelFont() const;
    QSize sizeHint() const override;
    /// The whole grid: a scroll area shows scrollbars rather than squeeze it (columns beyond its width were
    /// drawn outside the canvas, unreachable).
    QSize minimumSizeHint() const override { return sizeHint(); }
    /// Heatmap annotations (op types × ranks) are drawn on the op × rank grid; the model's tool drafts them.
    void setAnnotations(AnnotationModel* m);
    void setAnnotationsShown(bool on);
    /// The tooltip of the present cell (`row`, `column`): its figures, its ratio and what the rank's files
    /// leave out. Its median is a lower median (model/median.h), said when the count is even.
    QString cellToolTip(int row, int column) const;
    /// " (the lower of the two middle values)" for an even `count` over 1, else "".
    static QString evenMedianNote(int64_t count);

  Q_SIGNALS:
    void cellClicked(int row, int column);
    /// A heatmap annotation drawn over the cells from (row, column) to another cell; text empty.
    void annotationDrafted(const rs::annotate::Annotation& a);

  protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void contextMenuEvent(QContextMenuEvent*) override;
    bool event(QEvent*) override;

  private:
    void resort();
    int columnBandHeight() const; ///< px above the cells for the column labels of m_data
    /// An annotation box's outline around `box`'s cells, kept off the labels painted over the grid.
    QRectF outlineRect(const QRect& box) const;
    void paintAnnotations(QPainter& p);
    void paintColumnLabels(QPainter& p, const QFontMetrics& fm);
    /// An op × rank cell without a ratio (no kernel name shared with another rank), hatched, in `r`.
    void paintUncompared(QPainter& p, const QRect& r) const;
    int notesWidth() const; ///< the column right of the grid for annotation texts (0: none to show)
    std::optional<annotate::Annotation> draftCells(int row0, int col0, int row1, int col1, bool note) const;
    bool cellAt(QPoint p, int& row, int& col) const;
    int labelRowAt(QPoint p) const; ///< the data row whose label is under `p`, or -1
    /// The row label's tooltip: the whole name, and the kernel names the op type merges with their counts
    QString labelToolTip(size_t row) const;
    std::shared_ptr<const query::HeatmapData> m_data;
    HeatStatistic m_stat = HeatStatistic::Ratio;
    HeatSort m_sort = HeatSort::TotalTime;
    HeatScale m_scale;
    std::vector<int> m_order;
    AnnotationModel* m_annotations = nullptr;
    bool m_annotationsShown = true;
    int m_pressRow = -1, m_pressCol = -1;
    std::vector<Cell> m_highlights;
    QPoint m_labels; ///< the visible part's top left (setVisibleRect)
    QRect m_visible; ///< the visible part (setVisibleRect; invalid: all of it, a picture)
    static constexpr double kMinCalloutRoom = 24; ///< px: a "…" chip's room
    /// Where a box's label goes (x from `notesX`, the notes column's left): the notes column, as far as
    /// the visible part shows it (elided to it); empty when less than a "…" chip's room is in view.
    QRectF calloutRoom(double notesX) const;
    bool m_legendShown = true;
    static constexpr int kRotatedBand = 46; ///< px above the cells for labels rotated by 60°
    int m_left = 180, m_top = kRotatedBand, m_cellW = 48, m_cellH = 18;
};

} // namespace rs::views
