#include "views/common/chartstyle.h"

#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <qcustomplot.h>

namespace rs::views {

QColor referenceInk(const QPalette& pal) {
    QColor t = pal.color(QPalette::Text);
    t.setAlpha(200);
    return t;
}

void styleChart(QChart* chart, const QPalette& pal) {
    const QColor base = pal.color(QPalette::Base), text = pal.color(QPalette::Text);
    QColor grid = pal.color(QPalette::Mid);
    grid.setAlpha(110);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsColor(text);
        a->setTitleBrush(text);
        a->setLinePenColor(pal.color(QPalette::Mid));
        a->setGridLineColor(grid);
    }
}

void stylePlot(QCustomPlot* plot, const QPalette& pal) {
    const QColor base = pal.color(QPalette::Base), text = pal.color(QPalette::Text);
    QColor grid = pal.color(QPalette::Mid);
    grid.setAlpha(110);
    plot->setBackground(base);
    plot->axisRect()->setBackground(base);
    for (QCPAxis* a : {plot->xAxis, plot->yAxis, plot->xAxis2, plot->yAxis2}) {
        a->setBasePen(QPen(pal.color(QPalette::Mid)));
        a->setTickPen(QPen(pal.color(QPalette::Mid)));
        a->setSubTickPen(QPen(pal.color(QPalette::Mid)));
        a->setTickLabelColor(text);
        a->setLabelColor(text);
        a->grid()->setPen(QPen(grid, 0, Qt::DotLine));
        a->grid()->setZeroLinePen(Qt::NoPen);
    }
    QColor legendBg = base;
    legendBg.setAlpha(210);
    plot->legend->setBrush(legendBg);
    plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
    plot->legend->setTextColor(text);
}

} // namespace rs::views
