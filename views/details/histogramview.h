#pragma once
// The duration distribution of one op type on one rank (a Qt Charts step outline), shown in the Details
// panel when a heatmap cell is chosen. Three marker lines, each labelled where it stands, the labels in rows
// in a band reserved above the plot area, so no label lies on a bin or is crossed by another line (walk 9:
// the ranks' median label sat on the bars, crossed by the p95 line), and the count axis ends just above the
// tallest bin (walk 16: room made for the labels inside the plot stretched it to 6× the bins). This rank's
// median (solid), its p95 (dotted) and the ranks' median (dashed, in its own ink, on top: the median of the
// run's ranks' medians, Histogram::ranksMedianNs, which the title's last line defines). The title wraps at
// the view's width. Axes tick at round values — the duration axis in the unit that suits the range, with as
// many decimals as its step needs; the count axis at whole numbers. The axis ends near p99: the kernels past
// it are counted in the title with the longest one's duration, never drawn in the last bin.
// setHistogram(nullptr) empties it. Follows the palette (light / dark theme). GUI thread only.
#include "core/query/analysisqueries.h"

#include <QtCharts/QChartView>
#include <memory>

class QGraphicsSimpleTextItem;

namespace rs::views {

class HistogramView : public QChartView {
    Q_OBJECT
  public:
    explicit HistogramView(QWidget* parent = nullptr);
    /// `rank`: the title's words for its rank (views/common/rankname.h: the number the files write, never
    /// the index key); empty: "rank <h->rank>".
    void setHistogram(std::shared_ptr<const query::Histogram> h, const QString& rank = {});
    const query::Histogram* histogram() const { return m_hist.get(); }
    /// What the axes show, for tests: the duration axis' labels (in `unit`), the count axis' ticks.
    QStringList xLabels() const { return m_xLabels; }
    QStringList yLabels() const { return m_yLabels; }
    /// The ranks' median's line and label colour (the median's and the p95's are the reference ink).
    static QColor ranksMedianInk();
    QString unit() const { return m_unit; }
    struct MarkerInfo {
        QString text;   ///< "median 12.1 µs"
        double lineX;   ///< the line's x, view pixels
        double lineTop; ///< the line's top end, view pixels
        QRectF label;   ///< where its label is drawn, view pixels
    };
    /// The top of the tallest bin, view pixels.
    double tallestBinTop() const;
    /// The marker lines and their labels as drawn.
    std::vector<MarkerInfo> markers() const;

  protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

  private:
    struct Marker {
        double x; ///< in the axis' unit
        QString text;
        Qt::PenStyle style;
        QGraphicsSimpleTextItem* label = nullptr;
    };
    void build(QChart* c);
    /// "over X (p99 …): N kernels up to Y" for the kernels past the axis' end; empty when none are.
    static QString overflowText(const query::Histogram& h);
    /// What the dashed line is (the title's last line); empty when there is none.
    static QString ranksMedianText(const query::Histogram& h);
    /// m_title's lines wrapped to fit a view `viewWidth` px wide, as the chart's (rich text) title.
    QString wrappedTitle(int viewWidth) const;
    /// px of the view's width the chart's title cannot use (its margins)
    int titleInset() const;
    /// Sets it, the view's minimum height grown by its lines past the first.
    void setWrappedTitle(int viewWidth);
    static constexpr int kMinimumHeight = 160; ///< px, with a one-line title
    void addMarker(QChart* c, double x, double top, const QString& text, Qt::PenStyle style);
    void placeLabels();
    std::shared_ptr<const query::Histogram> m_hist;
    double m_lineTop = 0; ///< the marker lines' top, in counts (just above the tallest bin)
    double m_maxCount = 0;
    bool m_placing = false;
    int m_bandLines = 0; ///< blank title lines under the text: the labels' band above the plot
    QStringList m_title; ///< the title's lines, plain text, before wrapping
    QString m_rankName;  ///< setHistogram's `rank`
    QStringList m_xLabels, m_yLabels;
    QString m_unit;
    std::vector<Marker> m_markers;
};

} // namespace rs::views
