#pragma once
// The tabs of the main window's tabbed docks keep their whole names: too many for the width, the tab bar
// scrolls (its arrow buttons) instead of eliding every name. Elided, a 640-800 px window read "O… Me… S…"
// under its timeline (walk 23 #1). QMainWindow makes those tab bars itself, eliding, whenever docks are
// tabbed; this filter on the window sets each one when it is first polished. GUI thread only.
#include <QObject>

class QMainWindow;

namespace rs::gui {

class ReadableDockTabs : public QObject {
    Q_OBJECT
  public:
    /// Watches `window` (its parent) for the tab bars it makes.
    explicit ReadableDockTabs(QMainWindow* window);

  protected:
    bool eventFilter(QObject* watched, QEvent* e) override;
};

} // namespace rs::gui
