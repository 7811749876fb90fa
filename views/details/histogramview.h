#pragma once
// The duration distribution of one op type on one rank (Qt Charts bar chart), with its median, p95 and
// the cross-rank median named in the title: shown in the Details panel when a heatmap cell is chosen.
// Follows the palette (light / dark theme). GUI thread only.
#include "core/query/analysisqueries.h"

#include <QtCharts/QChartView>
#include <memory>

namespace rs::views {

class HistogramView : public QChartView {
    Q_OBJECT
  public:
    explicit HistogramView(QWidget* parent = nullptr);
    void setHistogram(std::shared_ptr<const query::Histogram> h);
    const query::Histogram* histogram() const { return m_hist.get(); }

  protected:
    void changeEvent(QEvent* e) override;

  private:
    std::shared_ptr<const query::Histogram> m_hist;
};

} // namespace rs::views
