#pragma once
// The timeline's colour legend (compute, communication, waits, idle gaps, unread tails) as draw-list items,
// so the widget's footer and an exported picture's caption draw the same swatches in the same colours as the
// lanes; and the height of the widget's footer (the legend's row and the notes). Reentrant (fonts measured
// only).
#include "views/timeline/drawlist.h"

#include <QPointF>
#include <QStringList>
#include <climits>

namespace rs::views {

struct FramePalette;

constexpr int kLegendRow = 24; ///< the legend's band in the widget's footer when it takes one row
/// A timeline view shorter than this (px) has the compact footer: the legend's labels one word each and
/// the notes one elided line (the footer's tooltip says them whole), so a 640 × 480 window keeps lanes.
constexpr int kCompactFooterBelow = 300;

/// What the legend lists and how it words it.
struct LegendKinds {
    bool unread = false;  ///< some lane has a tail its cut file did not let the index read (its hatch named)
    bool waits = true;    ///< the waits overlay is drawn: its two hatches named (none when it is off: walk 38
                          ///< saw "waiting" and "idle" in the key of a timeline that drew neither)
    bool compact = false; ///< the short labels (kCompactFooterBelow)
    bool flows = false;   ///< flow arrows are drawn: their colour named
};

/// The legend's labels in order, as `kinds` words them (a compact footer's tooltip lists them whole).
QStringList legendLabels(LegendKinds kinds);
/// `maxWidth`: px the box may take; its entries flow into as many rows as that needs.
QSize legendSize(const QFont& base, LegendKinds kinds = {}, int maxWidth = INT_MAX);
/// Appends the legend box at `topLeft`.
void addLegend(DrawList& out, QPointF topLeft, const QFont& base, const FramePalette& palette,
               LegendKinds kinds = {}, int maxWidth = INT_MAX);
/// The legend alone, as a draw list to paint at `topLeft` (a picture's caption), within `maxWidth` px.
DrawList legendList(QPointF topLeft, const QFont& base, const FramePalette& palette, LegendKinds kinds = {},
                    int maxWidth = INT_MAX);
/// Where the footer's legend goes in a widget `width` px wide, relative to the footer's top: beside the
/// lanes' gutter in one row when it fits, else in rows from the left edge.
QRect legendPlace(int width, const QFont& base, LegendKinds kinds);
/// The footer's legend band in a widget `width` px wide (legendPlace's height and its margins).
int legendBand(int width, const QFont& base, LegendKinds kinds);
/// The footer under the lanes: the legend's band and, when there are notes, their wrapped box.
int footerHeight(const QString& notes, int width, const QFont& base, LegendKinds kinds = {});

} // namespace rs::views
