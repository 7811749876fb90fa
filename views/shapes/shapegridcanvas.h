#pragma once
// Paints a ShapeGrid: the two varying dims as rows and columns, each cell coloured by p95, median or time
// per element (sequential scale, legend with units), outlier shapes outlined in ink, cells where another dim
// varies too marked with a corner; tooltips give the shape, count, median, p95 and the model ratio.
// Column labels stand upright when they are wider than a cell (aten::mm's 40-odd sizes ran together);
// cells are widened (up to a cap, the scroll area scrolls) so their value prints. Sizes px.
// Emits cellClicked with the shape group. GUI thread only.
#include "core/shapes/shapegrid.h"
#include "views/heatmap/heatmapscale.h"

#include <QWidget>
#include <memory>

namespace rs::views {

enum class ShapeStatistic { P95, Median, NsPerElement, Mean, Total };

class ShapeGridCanvas : public QWidget {
    Q_OBJECT
  public:
    explicit ShapeGridCanvas(QWidget* parent = nullptr);
    /// `tables` keeps the rows the grid points to alive.
    void setGrid(std::shared_ptr<const std::vector<shapes::OpShapeTable>> tables, shapes::ShapeGrid grid);
    void setStatistic(ShapeStatistic s);
    const shapes::ShapeGrid& grid() const { return m_grid; }
    QRect cellRect(int row, int column) const;
    /// Where column `column`'s label is painted (its text's box; upright labels are taller than wide).
    QRect columnLabelRect(int column) const;
    bool columnLabelsUpright() const { return m_uprightLabels; }
    /// The value a cell prints (empty: no shape there or no value of this statistic).
    QString cellText(int row, int column) const;
    /// Whether the cell prints cellText: it has one and it fits the cell in the canvas's font.
    bool cellShowsText(int row, int column) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); } // the scroll area scrolls, never squeezes
    static double value(const shapes::ShapeRow& r, ShapeStatistic s);

  Q_SIGNALS:
    void cellClicked(const rs::shapes::ShapeRow* row);

  protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

  private:
    bool cellAt(QPoint p, int& row, int& col) const;
    QString valueText(double v) const;
    QString columnLabel(size_t column) const;
    /// Cell width and label orientation from the labels' and values' text widths.
    void layoutCells();
    std::shared_ptr<const std::vector<shapes::OpShapeTable>> m_tables;
    shapes::ShapeGrid m_grid;
    ShapeStatistic m_stat = ShapeStatistic::P95;
    double m_lo = 0, m_hi = 1;
    int m_left = 110, m_top = 60, m_cellW = 56, m_cellH = 22, m_legendW = 120;
    bool m_uprightLabels = false;
};

} // namespace rs::views
