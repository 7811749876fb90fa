#pragma once
// The duration distribution of one op type on one rank (a Qt Charts step outline), shown in the Details
// panel when a heatmap cell is chosen. Three marker lines, each labelled where it stands: this rank's
// median (solid), its p95 (dotted) and the ranks' median of the same kernels (dashed:
// op_stat.cluster_median_ns). Axes tick at round values — the duration axis in the unit that suits the range,
// with as many decimals as its step needs; the count axis at whole numbers. setHistogram(nullptr) empties it.
// Follows the palette (light / dark theme). GUI thread only.
#include "core/query/analysisqueries.h"

#include <QtCharts/QChartView>
#include <memory>

class QGraphicsSimpleTextItem;

namespace rs::views {

class HistogramView : public QChartView {
    Q_OBJECT
  public:
    explicit HistogramView(QWidget* parent = nullptr);
    void setHistogram(std::shared_ptr<const query::Histogram> h);
    const query::Histogram* histogram() const { return m_hist.get(); }
    /// What the axes show, for tests: the duration axis' labels (in `unit`), the count axis' ticks.
    QStringList xLabels() const { return m_xLabels; }
    QStringList yLabels() const { return m_yLabels; }
    QString unit() const { return m_unit; }
    struct MarkerInfo {
        QString text; ///< "median 12.1 µs"
        double lineX; ///< the line's x, view pixels
        QRectF label; ///< where its label is drawn, view pixels
    };
    /// The marker lines and their labels as drawn.
    std::vector<MarkerInfo> markers() const;

  protected:
    void changeEvent(QEvent* e) override;

  private:
    struct Marker {
        double x; ///< in the axis' unit
        QString text;
        Qt::PenStyle style;
        QGraphicsSimpleTextItem* label = nullptr;
    };
    void build(QChart* c);
    void addMarker(QChart* c, double x, double top, const QString& text, Qt::PenStyle style);
    void placeLabels();
    std::shared_ptr<const query::Histogram> m_hist;
    QStringList m_xLabels, m_yLabels;
    QString m_unit;
    std::vector<Marker> m_markers;
};

} // namespace rs::views
