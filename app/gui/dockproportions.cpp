#include "app/gui/dockproportions.h"

#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QTimer>

namespace rs::gui {

namespace {
constexpr Qt::DockWidgetArea kAreas[] = {Qt::LeftDockWidgetArea, Qt::RightDockWidgetArea,
                                         Qt::TopDockWidgetArea, Qt::BottomDockWidgetArea};
}

DockProportions::DockProportions(QMainWindow* window) : QObject(window), m_window(window) {
    window->installEventFilter(this);
}

Qt::Orientation DockProportions::across(Qt::DockWidgetArea area) {
    return area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea ? Qt::Horizontal : Qt::Vertical;
}

int DockProportions::extent(const QWidget* w, Qt::DockWidgetArea area) const {
    return across(area) == Qt::Horizontal ? w->width() : w->height();
}

QDockWidget* DockProportions::shownDock(Qt::DockWidgetArea area) const {
    for (auto* d : m_window->findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
        if (!d->isFloating() && d->isVisible() && m_window->dockWidgetArea(d) == area &&
            !d->visibleRegion().isEmpty())
            return d;
    return nullptr;
}

void DockProportions::remember() {
    m_window->layout()->activate(); // the sizes just asked for (resizeDocks) laid out
    m_shares.clear();
    for (auto area : kAreas)
        if (const QDockWidget* d = shownDock(area); d && extent(m_window, area) > 0)
            m_shares[area] = double(extent(d, area)) / extent(m_window, area);
}

void DockProportions::makeRoom(QDockWidget* dock, int viewHeight, double maxShare) {
    const int chrome = dock->height() - dock->widget()->height(); // its title bar
    const int want = std::min(viewHeight + chrome, int(maxShare * m_window->height()));
    if (dock->height() >= want) return;
    m_window->resizeDocks({dock}, {want}, Qt::Vertical);
    m_window->layout()->activate();
    // a tabbed dock's size counted its tab bar too: ask again for what fell short
    if (const int shortBy = want - dock->height(); shortBy > 0)
        m_window->resizeDocks({dock}, {want + shortBy}, Qt::Vertical);
    remember();
}

double DockProportions::share(Qt::DockWidgetArea area) const {
    const auto it = m_shares.find(area);
    return it == m_shares.end() ? 0.0 : it->second;
}

void DockProportions::keepRoom(QDockWidget* dock, std::function<int()> viewHeight, double maxShare) {
    m_rooms[dock] = {std::move(viewHeight), maxShare};
    // raised again in a short window (after another tab of its area was sized to the share), once laid out
    connect(dock, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown && !m_shares.empty()) QTimer::singleShot(0, this, &DockProportions::restore);
    });
}

int DockProportions::wantedHeight(QDockWidget* d, double share, int windowHeight) const {
    const int byShare = int(share * windowHeight + 0.5);
    const auto room = m_rooms.find(d);
    if (room == m_rooms.end()) return byShare;
    const int chrome = d->height() - d->widget()->height(); // its title bar
    return std::max(byShare,
                    std::min(room->second.viewHeight() + chrome, int(room->second.maxShare * windowHeight)));
}

void DockProportions::restore() {
    m_restorePending = false;
    for (const auto& [area, share] : m_shares)
        if (QDockWidget* d = shownDock(area)) {
            const bool vertical = across(area) == Qt::Vertical;
            const int want = vertical ? wantedHeight(d, share, m_window->height())
                                      : int(share * extent(m_window, area) + 0.5);
            if (std::abs(extent(d, area) - want) <= 2) continue;
            m_window->resizeDocks({d}, {want}, across(area));
            // a tabbed dock's size counted its tab bar too: the room kept for its view asks again for what
            // fell short (as makeRoom does)
            if (!vertical || !m_rooms.count(d)) continue;
            m_window->layout()->activate();
            if (const int shortBy = want - d->height(); shortBy > 2)
                m_window->resizeDocks({d}, {want + shortBy}, Qt::Vertical);
        }
}

bool DockProportions::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_window && e->type() == QEvent::Resize && !m_restorePending && !m_shares.empty()) {
        // after the window's layout has followed the new size (it runs after this filter)
        m_restorePending = true;
        QTimer::singleShot(0, this, &DockProportions::restore);
    }
    // a press and release on the window itself, not on a child: a separator between docks was dragged
    if (watched == m_window && e->type() == QEvent::MouseButtonRelease)
        QTimer::singleShot(0, this, &DockProportions::remember);
    return QObject::eventFilter(watched, e);
}

} // namespace rs::gui
