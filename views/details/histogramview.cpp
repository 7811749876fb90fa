#include "views/details/histogramview.h"

#include "views/common/chartstyle.h"
#include "views/common/palette.h"
#include "views/common/timemapping.h"

#include <QtCharts/QAreaSeries>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

namespace rs::views {

HistogramView::HistogramView(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);
    chart()->legend()->hide();
    chart()->setMargins(QMargins(2, 2, 2, 2));
    styleChart(chart(), palette());
}

void HistogramView::setHistogram(std::shared_ptr<const query::Histogram> h) {
    m_hist = std::move(h);
    auto* c = new QChart;
    c->legend()->hide();
    c->setMargins(QMargins(2, 2, 2, 2));
    if (m_hist && !m_hist->counts.empty()) {
        // a step outline over a value axis in µs (bar categories would need a label per bin)
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        int64_t maxCount = 0;
        for (size_t i = 0; i < m_hist->counts.size(); ++i) {
            double x0 = double(m_hist->edgesNs[i]) / 1e3, x1 = double(m_hist->edgesNs[i + 1]) / 1e3;
            upper->append(x0, double(m_hist->counts[i]));
            upper->append(x1, double(m_hist->counts[i]));
            maxCount = std::max(maxCount, m_hist->counts[i]);
        }
        lower->append(double(m_hist->edgesNs.front()) / 1e3, 0);
        lower->append(double(m_hist->edgesNs.back()) / 1e3, 0);
        auto* area = new QAreaSeries(upper, lower);
        // an area series does not own its boundary lines (Qt Charts): without a parent they leaked per
        // rebuild
        upper->setParent(area);
        lower->setParent(area);
        QColor col = colorForOpType(QString::fromStdString(m_hist->opType), false);
        area->setBrush(col);
        area->setPen(QPen(col.darker(140), 1));
        c->addSeries(area);
        // the cross-rank median as a marker line
        auto* med = new QLineSeries;
        med->append(double(m_hist->clusterMedianNs) / 1e3, 0);
        med->append(double(m_hist->clusterMedianNs) / 1e3, double(maxCount) * 1.05);
        med->setPen(QPen(referenceInk(palette()), 1.5, Qt::DashLine));
        c->addSeries(med);
        auto* x = new QValueAxis;
        x->setRange(double(m_hist->edgesNs.front()) / 1e3, double(m_hist->edgesNs.back()) / 1e3);
        x->setLabelFormat("%.0f");
        x->setTitleText(tr("duration (µs); dashed: all ranks' median"));
        x->setTickCount(5);
        auto* y = new QValueAxis;
        y->setRange(0, double(maxCount) * 1.1 + 1);
        y->setLabelFormat("%d");
        y->setTitleText(tr("kernels"));
        y->setTickCount(3);
        c->addAxis(x, Qt::AlignBottom);
        c->addAxis(y, Qt::AlignLeft);
        for (auto* s2 : c->series()) {
            s2->attachAxis(x);
            s2->attachAxis(y);
        }
        c->setTitle(tr("%1 on rank %2: median %3, p95 %4 (all ranks' median %5)")
                        .arg(QString::fromStdString(m_hist->opType))
                        .arg(m_hist->rank)
                        .arg(formatDuration(m_hist->medianNs), formatDuration(m_hist->p95Ns),
                             formatDuration(m_hist->clusterMedianNs)));
    } else {
        c->setTitle(tr("Choose a heatmap cell to see its duration distribution"));
    }
    QFont f = c->titleFont();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1));
    c->setTitleFont(f);
    styleChart(c, palette());
    QChart* old = chart();
    setChart(c);
    delete old;
}

void HistogramView::changeEvent(QEvent* e) {
    QChartView::changeEvent(e);
    if (e->type() == QEvent::PaletteChange)
        setHistogram(m_hist); // rebuilt: the median line's ink changes too
}

} // namespace rs::views
