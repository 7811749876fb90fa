#pragma once
// Paints a HeatmapData grid: row labels, column labels, cells coloured by the chosen statistic, flagged
// straggler cells outlined, the selected cell highlighted, a colour-scale legend with units; tooltips give
// the exact figures. Emits cellClicked. GUI thread only.
#include "core/query/analysisqueries.h"
#include "views/heatmap/heatmapscale.h"

#include <QWidget>
#include <memory>

namespace rs::views {

enum class HeatSort { TotalTime, WorstRatio, Name };

class HeatmapCanvas : public QWidget {
    Q_OBJECT
  public:
    explicit HeatmapCanvas(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const query::HeatmapData> d);
    void setStatistic(HeatStatistic s);
    void setSort(HeatSort s);
    /// Highlights (row label, column key); empty label clears.
    void setHighlight(const QString& rowLabel, qint64 columnKey);
    const query::HeatmapData* data() const { return m_data.get(); }
    const HeatScale& scale() const { return m_scale; }
    /// Rectangle of the cell (row index in the data, column index), in widget pixels (for tests).
    QRect cellRect(int row, int column) const;
    /// Data row indexes in display order.
    const std::vector<int>& order() const { return m_order; }
    QSize sizeHint() const override;

  Q_SIGNALS:
    void cellClicked(int row, int column);

  protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

  private:
    void resort();
    bool cellAt(QPoint p, int& row, int& col) const;
    std::shared_ptr<const query::HeatmapData> m_data;
    HeatStatistic m_stat = HeatStatistic::Ratio;
    HeatSort m_sort = HeatSort::TotalTime;
    HeatScale m_scale;
    std::vector<int> m_order;
    QString m_hlRow;
    qint64 m_hlCol = -1;
    int m_left = 180, m_top = 46, m_cellW = 48, m_cellH = 18, m_legendW = 110;
};

} // namespace rs::views
