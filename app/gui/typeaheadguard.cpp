#include "app/gui/typeaheadguard.h"

#include <QAbstractItemView>
#include <QAction>
#include <QKeyEvent>

namespace rs::gui {

TypeAheadGuard::TypeAheadGuard(QWidget* window) : QObject(window), m_window(window) {}

bool TypeAheadGuard::isWindowShortcut(const QWidget* window, const QKeyEvent& e) {
    const QKeySequence key(e.keyCombination());
    // a widget-bound action (a table's Ctrl+C) is its widget's, not the window's: only the window-wide
    // ones, the menus' and toolbars' keys the Shortcuts dialog lists
    for (const QAction* a : window->findChildren<QAction*>())
        if (a->isEnabled() && a->shortcutContext() != Qt::WidgetShortcut &&
            a->shortcutContext() != Qt::WidgetWithChildrenShortcut && a->shortcuts().contains(key))
            return true;
    return false;
}

bool TypeAheadGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride) return false;
    auto* view = qobject_cast<QAbstractItemView*>(watched);
    if (!view) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const auto mods = key->modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
    const QString text = key->text();
    if (mods != Qt::NoModifier || text.isEmpty() || !text.at(0).isPrint() || text.at(0).isSpace())
        return false;
    if (isWindowShortcut(m_window, *key)) return false; // N, R, T, B: the tools, from any table
    event->accept(); // the view takes it as a key press: its keyboard search
    return true;
}

} // namespace rs::gui
