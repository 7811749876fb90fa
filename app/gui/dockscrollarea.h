#pragma once
// What a dock holds: its view inside a frameless scroll area that follows the dock's size. A dock's minimum
// is then the scroll area's (a few pixels), not its view's: the views' own minimums (a row of combo boxes,
// a plot's legend, a toolbar) summed to 1273 px, and opening a profile widened a narrower window to that,
// past the screen's edge; under it the docks overlapped (walk 21 A, walk 20a narrow2c.png). A view
// narrower or shorter than its minimum scrolls inside its dock instead. Not for a view that sets its own
// minimum from its width (the Details panel's histogram grows its minimum height by its title's wrapped
// lines): in a scroll area that fed back through the scroll bar's width until the stack overflowed (the
// soak test). GUI thread only.
#include <QScrollArea>

namespace rs::gui {

class DockScrollArea : public QScrollArea {
    Q_OBJECT
  public:
    /// Takes `view` (owned from then on).
    explicit DockScrollArea(QWidget* view, QWidget* parent = nullptr);
};

} // namespace rs::gui
