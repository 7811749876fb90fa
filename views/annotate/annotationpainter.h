#pragma once
// Drawing helpers every view uses for annotations, so a note looks the same on the timeline, the heatmap
// and the memory map: a coloured marker and a callout (a label box with the text, kept inside the
// view's plot area). Pixels. GUI thread only.
#include "core/annotate/annotation.h"

#include <QColor>
#include <QPainter>
#include <QRectF>

namespace rs::views {

QColor annotationColor(const annotate::Annotation& a);
/// A label box with the annotation's text (elided to `maxWidth`), its top-left near `at`, moved inside
/// `bounds`; returns the box drawn.
QRectF drawCallout(QPainter& p, QPointF at, const annotate::Annotation& a, const QRectF& bounds,
                   double maxWidth = 320);
/// A region: translucent fill (range) or outline only (box), in the annotation's colour.
void drawRegion(QPainter& p, const QRectF& r, const annotate::Annotation& a);
/// An arrow from `from` to `to` with a filled head.
void drawArrow(QPainter& p, QPointF from, QPointF to, const annotate::Annotation& a);

} // namespace rs::views
