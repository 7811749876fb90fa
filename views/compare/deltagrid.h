#pragma once
// The delta heatmap of a comparison: op type × matched rank, each cell coloured by candidate median /
// baseline median on the diverging scale (blue faster, white equal, red slower; log-symmetric), cells of
// a regression outlined, a legend with the ratios. Tooltips give both medians. GUI thread only.
#include "core/compare/comparisondata.h"
#include "views/heatmap/heatmapscale.h"

#include <QWidget>
#include <memory>

namespace rs::views {

class DeltaGrid : public QWidget {
    Q_OBJECT
  public:
    explicit DeltaGrid(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const compare::ComparisonData> d);
    /// The cell of (row, column) in widget pixels (for tests).
    QRect cellRect(int row, int column) const;
    QSize sizeHint() const override;
    /// Why the grid has no cells ("" when it has): no op type above the share in both runs, or no rank in
    /// both runs (walk 11: 8 op labels and a legend over nothing, unexplained).
    QString emptyReason() const;

  Q_SIGNALS:
    void cellClicked(QString opType, int rank);

  protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

  private:
    bool cellAt(QPoint p, int& row, int& col) const;
    bool regressed(const std::string& op, int rank) const;
    std::shared_ptr<const compare::ComparisonData> m_data;
    HeatScale m_scale;
    int m_left = 160, m_top = 40, m_cellW = 40, m_cellH = 18, m_legendW = 100;
};

} // namespace rs::views
