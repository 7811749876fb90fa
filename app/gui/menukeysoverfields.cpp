#include "app/gui/menukeysoverfields.h"

#include <QKeyEvent>
#include <QLineEdit>

namespace rs::gui {

MenuKeysOverFields::MenuKeysOverFields(std::vector<QKeySequence> keys, QObject* parent)
    : QObject(parent), m_keys(std::move(keys)) {}

bool MenuKeysOverFields::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride || !qobject_cast<QLineEdit*>(watched)) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const QKeySequence pressed(key->keyCombination());
    for (const auto& k : m_keys)
        if (k == pressed) {
            event->ignore(); // not overridden: the shortcut fires
            return true;
        }
    return false;
}

} // namespace rs::gui
