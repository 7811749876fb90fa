#pragma once
// The one painter of timeline frames: replays a DrawList onto any QPainter — the widget, a PNG's QImage,
// an SVG's QSvgGenerator — so what the screen shows and what a picture shows come from the same items.
// Any thread that owns the paint device (a QImage may be painted off the GUI thread).
#include "views/timeline/drawlist.h"

class QPainter;

namespace rs::views {

/// Draws `list` with fonts derived from `base` (fontFor), in the painter's coordinates.
void paintDrawList(QPainter& p, const DrawList& list, const QFont& base);

} // namespace rs::views
