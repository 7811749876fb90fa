#include "views/memory/memoryplotticks.h"

#include "views/common/niceaxis.h"
#include "views/common/timemapping.h"

#include <QFontMetrics>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace rs::views {

namespace {

/// A ticker at round steps of `axis`'s range, at most `maxTicks` of them, labelled with the step's decimals.
void fixTicks(QCPAxis& axis, int maxTicks) {
    // NiceAxis widens the range to whole steps, one tick more than falls inside it: allow for that one
    const NiceAxis nice = NiceAxis::of(axis.range().lower, axis.range().upper, maxTicks + 1);
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerFixed>(axis.ticker());
    if (!ticker) {
        ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone); // the step is chosen here, for the size
        axis.setTicker(ticker);
    }
    ticker->setTickStep(nice.step);
    axis.setNumberFormat("f"); // fixed decimals: "gb" switched to 1.73984·10¹² and cut digits at zoom
    axis.setNumberPrecision(nice.decimals);
}

/// Time ticks (the axis in ms from the run's start) labelled as the timeline's ruler labels its ticks: an
/// offset in the unit that suits it, precise to the step ("+140.55505 ms", "+2 ns"), never "0.0000009".
class OffsetTicker : public QCPAxisTickerFixed {
  public:
    int64_t stepNs = 1;

  protected:
    QString getTickLabel(double tickMs, const QLocale&, QChar, int) override {
        return formatOffset(std::llround(tickMs * 1e6), stepNs);
    }
};

/// Whole-ns steps of the time axis (ms) at most `maxTicks` of them, labelled by OffsetTicker.
void fixTimeTicks(QCPAxis& axis, int maxTicks) {
    const NiceAxis nice =
        NiceAxis::of(axis.range().lower * 1e6, axis.range().upper * 1e6, maxTicks + 1, true);
    auto ticker = qSharedPointerDynamicCast<OffsetTicker>(axis.ticker());
    if (!ticker) {
        ticker = QSharedPointer<OffsetTicker>::create();
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
        axis.setTicker(ticker);
    }
    ticker->stepNs = std::max<int64_t>(1, std::llround(nice.step));
    ticker->setTickStep(double(ticker->stepNs) / 1e6);
}

} // namespace

void fitMemoryPlotTicks(QCustomPlot& plot) {
    // the axis rect's size from the plot's, as the layout will make it: before the first layout (an
    // export's only replot) the rect is not laid out yet. Its height less a line each for the legend, the
    // tick labels and the axis label; its width less the fixed margins (memorymapview.cpp)
    const int lineH = QFontMetrics(plot.yAxis->tickLabelFont()).height();
    const QMargins m = plot.axisRect()->margins();
    int h = plot.height() - 3 * lineH - 12;
    const int w = plot.width() - m.left() - m.right();
    if (plot.axisRect()->rect().height() > 0) h = std::min(h, plot.axisRect()->rect().height()); // laid out
    // a label's height plus its height again as the gap (y); a wide label plus a gap (x)
    fixTicks(*plot.yAxis, std::max(2, h / std::max(1, 2 * lineH) + 1));
    const int labelW = QFontMetrics(plot.xAxis->tickLabelFont()).horizontalAdvance("+0000.00000 ms") + 24;
    fixTimeTicks(*plot.xAxis, std::max(2, w / std::max(1, labelW) + 1));
}

} // namespace rs::views
