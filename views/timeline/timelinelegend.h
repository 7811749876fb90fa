#pragma once
// The timeline's colour legend (compute, communication, waits, idle gaps, unread tails) as draw-list items,
// so the widget's footer and an exported picture's caption draw the same swatches in the same colours as the
// lanes; and the height of the widget's footer (the legend's row and the notes). Reentrant (fonts measured
// only).
#include "views/timeline/drawlist.h"

#include <QPointF>

namespace rs::views {

struct FramePalette;

constexpr int kLegendRow = 24; ///< the legend's row in the widget's footer

/// `unread`: some lane has a tail its cut file did not let the index read (the legend names its hatch).
QSize legendSize(const QFont& base, bool unread = false);
/// Appends the legend box at `topLeft`.
void addLegend(DrawList& out, QPointF topLeft, const QFont& base, const FramePalette& palette,
               bool unread = false);
/// The legend alone, as a draw list to paint at `topLeft` (a picture's caption).
DrawList legendList(QPointF topLeft, const QFont& base, const FramePalette& palette, bool unread = false);
/// The footer under the lanes: the legend's row and, when there are notes, their wrapped box.
int footerHeight(const QString& notes, int width, const QFont& base);

} // namespace rs::views
