#include "app/gui/docktabs.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTabBar>

namespace rs::gui {

QDockWidget* frontDockOf(QMainWindow& window, QDockWidget* dock) {
    if (!dock) return nullptr;
    const QList<QDockWidget*> siblings = window.tabifiedDockWidgets(dock);
    if (siblings.isEmpty()) return dock;
    // QMainWindow's dock-area tab bars are its direct children; a tab's data is its dock (as quintptr)
    for (QTabBar* bar : window.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        const auto dockAt = [&](int i) {
            return reinterpret_cast<QDockWidget*>(bar->tabData(i).value<quintptr>());
        };
        bool ours = false;
        for (int i = 0; i < bar->count() && !ours; ++i)
            ours = dockAt(i) == dock;
        if (!ours || bar->currentIndex() < 0) continue;
        if (QDockWidget* front = dockAt(bar->currentIndex())) return front;
    }
    return dock;
}

} // namespace rs::gui
