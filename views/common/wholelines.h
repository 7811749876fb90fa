#pragma once
// The lines of a wrapped label as it lays them out (its own text document: rich or plain text, its
// document margin and line heights, which a font's lineSpacing() does not give), so that a strip holding
// it can be cut between two lines, never through one (walk 54: the verdict's second line was cut in half
// at the Comparison panel's edge). Label pixels. GUI thread only.
#include <QList>
#include <QRect>
#include <QString>

class QLabel;
class QPainter;
class QWidget;

namespace rs::views {

/// The rectangles of `label`'s text lines laid out at `width` px (its contents' width), top to bottom,
/// in the label's pixels for a label aligned at its top. Empty for an empty label.
QList<QRect> labelLineRects(const QLabel* label, int width);

/// The height (px) of the most whole lines of `label` at `width` that fit in `maxHeight`, at least its
/// first line's (even when taller than `maxHeight`); 0 for an empty label.
int wholeLinesHeight(const QLabel* label, int width, int maxHeight);

/// Whether `r` (widget pixels) lies wholly, top to bottom, in what of `w` is on screen (its visible
/// region: a scroll area around it clips it); true when `w` shows nothing (a picture painted off screen
/// shows it all). Sideways it need not: a line cut at a side edge still reads from its start.
bool wholeInView(const QWidget* w, const QRect& r);
/// Draws `text` in `r` with `flags` when wholeInView: a line the scroll area cuts is left out, scrolled
/// rather than cut in half.
void drawWholeText(QPainter& p, const QWidget* w, const QRect& r, int flags, const QString& text);

} // namespace rs::views
