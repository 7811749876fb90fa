#pragma once
// A line segment clipped to a rectangle in double precision, before it enters a draw list. At a 1 µs window
// an arrow over 145 ms has its ends hundreds of millions of pixels outside the picture, and the rasterizer
// (fixed point inside) drew no shaft at all, though the caption counted the arrow drawn (issue 19). Its
// visible part, from the rectangle's edge to edge, is drawn instead. Pure function, any thread.
#include "views/timeline/drawlist.h"

#include <QLineF>
#include <QRectF>
#include <optional>

namespace rs::views {

/// The part of the segment `l` inside `r` (its edges included), with the same direction; nullopt when no
/// part of it is inside. Pixels in, pixels out.
std::optional<QLineF> clipSegment(const QLineF& l, const QRectF& r);

/// The arrow from `from` to `to` as far as it is inside `r`: its head and its start's dot only where those
/// ends are inside; nullopt when none of it is.
std::optional<Arrow> clippedArrow(QPointF from, QPointF to, QRgb color, const QRectF& r);

} // namespace rs::views
