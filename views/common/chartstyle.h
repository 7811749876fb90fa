#pragma once
// Colours of the chart widgets (Qt Charts, QCustomPlot) taken from a QPalette, so the light and dark
// themes reach every chart, not only the hand-painted views: background, text, axes, grid, legend.
// Call again on QEvent::PaletteChange. GUI thread.
#include <QPalette>

class QCustomPlot;
QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace rs::views {

void styleChart(QChart* chart, const QPalette& pal);
void stylePlot(QCustomPlot* plot, const QPalette& pal);
/// Colour for reference marks (median lines, tracer outlines) that reads on the palette's base.
QColor referenceInk(const QPalette& pal);

} // namespace rs::views
