#pragma once
// The docks keep their share of the main window as it is resized: the side docks' width and the bottom
// docks' height, as the default layout, a saved one or the user's last drag of a separator left them.
// Without it QMainWindow gave every pixel of a growing window to the timeline: narrowed to 640 px and
// grown back to 1600, the Findings and Details column stayed 190 px wide (walk 23 #1). GUI thread only.
#include <QObject>
#include <functional>
#include <map>

class QDockWidget;
class QMainWindow;

namespace rs::gui {

class DockProportions : public QObject {
    Q_OBJECT
  public:
    /// Watches `window` (its parent): its resizes and the releases that end a separator's drag.
    explicit DockProportions(QMainWindow* window);
    /// Takes the docks' shares as they are laid out now (after the default sizes or restoreState).
    void remember();
    /// Makes `dock` (in the top or bottom area) tall enough for `viewHeight` px of its view, up to
    /// `maxShare` of the window's height, when it is shorter; the area keeps that share from then on.
    void makeRoom(QDockWidget* dock, int viewHeight, double maxShare);
    /// The share of the window's width (side areas) or height (top and bottom) the area keeps; 0: none.
    double share(Qt::DockWidgetArea area) const;
    /// While `dock` (in the top or bottom area) is the one shown, a resized window leaves it at least
    /// `viewHeight()` px of view, up to `maxShare` of the window's height, where its area's share gives
    /// less, and so does raising it; the share itself stays, so a taller window gives the area its share
    /// again. 30 % of a 480-600 px window left the op heatmap two rows (walk 24 #1).
    void keepRoom(QDockWidget* dock, std::function<int()> viewHeight, double maxShare);
    /// Sizes the shown docks to their areas' shares (and the room kept), as after a resize of the window.
    void restore();

  protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

  private:
    struct Room {
        std::function<int()> viewHeight;
        double maxShare;
    };
    /// The height (px) `d` is given in a window `windowHeight` px high: its area's `share`, or the room
    /// kept for it.
    int wantedHeight(QDockWidget* d, double share, int windowHeight) const;
    /// The area's dock in view (the raised one of a tab group), or null.
    QDockWidget* shownDock(Qt::DockWidgetArea area) const;
    static Qt::Orientation across(Qt::DockWidgetArea area);
    int extent(const QWidget* w, Qt::DockWidgetArea area) const;

    QMainWindow* m_window;
    std::map<Qt::DockWidgetArea, double> m_shares;
    std::map<const QDockWidget*, Room> m_rooms;
    bool m_restorePending = false;
};

} // namespace rs::gui
