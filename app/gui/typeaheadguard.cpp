#include "app/gui/typeaheadguard.h"

#include <QAbstractItemView>
#include <QKeyEvent>

namespace rs::gui {

bool TypeAheadGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride) return false;
    auto* view = qobject_cast<QAbstractItemView*>(watched);
    if (!view) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const auto mods = key->modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
    const QString text = key->text();
    if (mods != Qt::NoModifier || text.isEmpty() || !text.at(0).isPrint() || text.at(0).isSpace())
        return false;
    event->accept(); // the view takes it as a key press: its keyboard search
    return true;
}

} // namespace rs::gui
