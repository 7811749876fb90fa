#pragma once
// Drawing helpers every view uses for annotations, so a note looks the same on the timeline, the heatmap
// and the memory map: a coloured marker and a callout (a label box with the text, kept inside the
// view's plot area). Pixels. GUI thread only.
#include "core/annotate/annotation.h"

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <vector>

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

// The same shapes from their geometry and colour alone (the timeline's draw list places them first).
struct CalloutBox {
    QRectF box;
    QString text; ///< elided to fit
};
/// Where a callout of `text` in `font` (bold) near `at` goes inside `bounds`, and its elided text.
/// Reentrant (font metrics only): the timeline's frame builder places callouts off the GUI thread.
CalloutBox placeCallout(const QFont& font, QPointF at, const QString& text, const QRectF& bounds,
                        double maxWidth = 320);
/// placeCallout kept clear of `avoid` (other labels a view draws) where it can be: near `at`, else just
/// below, above or right of the first rect it would cover; the first spot that covers none (else `at`'s).
CalloutBox placeCalloutClear(const QFont& font, QPointF at, const QString& text, const QRectF& bounds,
                             const std::vector<QRectF>& avoid, double maxWidth = 320);
/// placeCalloutClear also kept off `soft` (what the view draws: bars, outlines) where it can be: the
/// nearest spot above or below `at`, one callout height apart, inside `bounds` that covers neither; where
/// that column has none, the same in the columns beside it, half a callout apart, nearest first (the
/// caller then draws a leader to what it names); where none is free, placeCalloutClear's spot (off `avoid`
/// at least).
CalloutBox placeCalloutOff(const QFont& font, QPointF at, const QString& text, const QRectF& bounds,
                           const std::vector<QRectF>& avoid, const std::vector<QRectF>& soft,
                           double maxWidth = 320);
/// Draws a placed callout in the painter's font.
void paintCallout(QPainter& p, const QRectF& box, const QString& text, const QColor& c);
void drawRegion(QPainter& p, const QRectF& r, const QColor& c, bool range);
/// `head`, `tail`: whether to draw the head at `to` and the dot at `from` (a shaft the picture's edge cut
/// has neither at the cut).
void drawArrow(QPainter& p, QPointF from, QPointF to, const QColor& c, bool head = true, bool tail = true);

} // namespace rs::views
