#include "app/gui/readabledocktabs.h"

#include <QChildEvent>
#include <QMainWindow>
#include <QTabBar>

namespace rs::gui {

ReadableDockTabs::ReadableDockTabs(QMainWindow* window) : QObject(window) {
    window->installEventFilter(this);
}

bool ReadableDockTabs::eventFilter(QObject* watched, QEvent* e) {
    // polished, not added: QMainWindow sets its new tab bar's elide mode after creating it
    if (e->type() == QEvent::ChildPolished)
        if (auto* bar = qobject_cast<QTabBar*>(static_cast<QChildEvent*>(e)->child())) {
            bar->setElideMode(Qt::ElideNone);
            bar->setUsesScrollButtons(true);
        }
    return QObject::eventFilter(watched, e);
}

} // namespace rs::gui
