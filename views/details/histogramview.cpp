#include "views/details/histogramview.h"

#include "views/common/palette.h"
#include "views/common/timemapping.h"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QValueAxis>

namespace rs::views {

HistogramView::HistogramView(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);
    chart()->legend()->hide();
    chart()->setMargins(QMargins(2, 2, 2, 2));
}

void HistogramView::setHistogram(std::shared_ptr<const query::Histogram> h) {
    m_hist = std::move(h);
    auto* c = new QChart;
    c->legend()->hide();
    c->setMargins(QMargins(2, 2, 2, 2));
    if (m_hist && !m_hist->counts.empty()) {
        auto* set = new QBarSet(QString::fromStdString(m_hist->opType));
        set->setColor(colorForOpType(QString::fromStdString(m_hist->opType), false));
        QStringList cats;
        int64_t maxCount = 0;
        for (size_t i = 0; i < m_hist->counts.size(); ++i) {
            *set << double(m_hist->counts[i]);
            maxCount = std::max(maxCount, m_hist->counts[i]);
            cats << (i % 5 == 0 ? formatDuration(m_hist->edgesNs[i]) : QString(i, QChar(' ')));
        }
        auto* series = new QBarSeries;
        series->setBarWidth(1.0);
        series->append(set);
        c->addSeries(series);
        auto* x = new QBarCategoryAxis;
        x->append(cats);
        x->setLabelsAngle(-45);
        auto* y = new QValueAxis;
        y->setRange(0, double(maxCount) * 1.1 + 1);
        y->setLabelFormat("%d");
        y->setTitleText(tr("kernels"));
        c->addAxis(x, Qt::AlignBottom);
        c->addAxis(y, Qt::AlignLeft);
        series->attachAxis(x);
        series->attachAxis(y);
        c->setTitle(tr("%1 on rank %2: median %3, p95 %4 (all ranks' median %5)")
                        .arg(QString::fromStdString(m_hist->opType))
                        .arg(m_hist->rank)
                        .arg(formatDuration(m_hist->medianNs), formatDuration(m_hist->p95Ns), formatDuration(m_hist->clusterMedianNs)));
    } else {
        c->setTitle(tr("Choose a heatmap cell to see its duration distribution"));
    }
    QFont f = c->titleFont();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1));
    c->setTitleFont(f);
    QChart* old = chart();
    setChart(c);
    delete old;
}

} // namespace rs::views
