#pragma once
// What a dock holds: its view inside a frameless scroll area that follows the dock's size. A dock's minimum
// is then the scroll area's (a few pixels), not its view's: the views' own minimums (a row of combo boxes,
// a plot's legend, a toolbar) summed to 1273 px, and opening a profile widened a narrower window to that,
// past the screen's edge; under it the docks overlapped (walk 21 A, walk 20a narrow2c.png). A view
// narrower or shorter than its minimum scrolls inside its dock instead. Not for a view that sets its own
// minimum from its width (the Details panel's histogram grows its minimum height by its title's wrapped
// lines): in a scroll area that fed back through the scroll bar's width until the stack overflowed (the
// soak test). GUI thread only.
//
// Scrolled, its edges fall between two lines, never through one: of an item view's rows (the Comparison
// panel's regression list) or of a widget that says where its lines are (views::LineEdges: the memory
// map's bank bands). The viewport ends at the last whole line, the pixels under it left blank, and a scroll
// that stops inside a line goes on to its edge in the scroll's direction (r55c: at 800 × 600 the memory
// dock showed half of bank 5's band and label, and the Comparison dock a list row cut in half).
#include <QScrollArea>
#include <QSet>
#include <optional>
#include <utility>
#include <vector>

class QAbstractItemView;

namespace rs::gui {

class DockScrollArea : public QScrollArea {
    Q_OBJECT
  public:
    /// Takes `view` (owned from then on).
    explicit DockScrollArea(QWidget* view, QWidget* parent = nullptr);
    ~DockScrollArea() override;
    /// The px left blank under the viewport so that it ends between two lines (0: none cut).
    int cutOff() const { return m_cut; }

  protected:
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

  private:
    /// Snaps soon (once per event-loop turn, however many changes asked).
    void snapLater();
    /// Moves the shown part's top to an edge between lines and ends the viewport at the last whole line.
    void snapToWholeLines();
    /// The span (the view's pixels, [top, bottom)) of the lines `y` runs through inside them, over the item
    /// views and LineEdges widgets it crosses; none where it cuts no line.
    std::optional<std::pair<int, int>> linesThrough(int y);
    /// Watches `w` for what moves its lines: its size, its layout, its own word (LineEdges), an item
    /// view's scroll bar (w its viewport).
    void watch(QWidget* w);
    /// Snaps when an item view's rows move without a resize (its scroll, its model's rows, a tree's).
    void watchRows(QAbstractItemView* items);
    /// Snaps when `sender` sends `signal`; the connection is dropped with this area's own part.
    template <class Sender, class Signal> void follow(Sender* sender, Signal signal) {
        m_connections.push_back(connect(sender, signal, this, &DockScrollArea::snapLater));
    }
    std::vector<QMetaObject::Connection> m_connections; ///< what follow() connected
    int m_cut = 0;                                      ///< px left blank under the viewport
    int m_lastTop = 0;     ///< the scroll value last snapped: a scroll's direction
    int m_snappedTop = -1; ///< the scroll value the last snap set (-1: none): not snapped again
    int m_paintedTop = 0;  ///< the scroll value and cut the view was last repainted at
    int m_paintedCut = 0;
    bool m_snapPending = false;
    QSet<QObject*> m_watched;
};

} // namespace rs::gui
