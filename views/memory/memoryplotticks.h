#pragma once
// Ticks for the memory view's curve plot, fitted to the plot's size before every replot: the value axis
// (GiB) gets as many round steps as its height holds without labels touching (a 60 px plot printed
// "12.5 10 7.5 5 2.5 0" over each other), the time axis (ms from the run's start) round steps of whole ns
// labelled as the timeline's ruler labels them: an offset in the unit that suits it, precise to the step, so
// a 339 ns window reads +140.55512 ms, +140.55520 ms, … (never "140.555" four times) and a 1 ns window
// "+1 ns", never "0.0000009" (walk 16).
// GUI thread.
class QCustomPlot;

namespace rs::views {

/// Sets fixed-step tickers on `plot`'s x and y axes for their current ranges and the axis rect's size.
void fitMemoryPlotTicks(QCustomPlot& plot);

} // namespace rs::views
