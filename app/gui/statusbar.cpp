#include "app/gui/statusbar.h"

#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>

namespace rs::gui {

void StatusBar::paintEvent(QPaintEvent*) {
    // QStatusBar::paintEvent less its message: the panel and each shown field's frame
    QPainter p(this);
    QStyleOption opt;
    opt.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &opt, &p, this);
    for (const QWidget* w : findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (!w->isVisible() || w->isWindow() || qobject_cast<const QSizeGrip*>(w)) continue;
        QStyleOption item;
        item.rect = w->geometry().adjusted(-2, -1, 2, 1);
        item.palette = palette();
        item.state = QStyle::State_None;
        style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &item, &p, w);
    }
}

} // namespace rs::gui
