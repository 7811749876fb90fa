#include "app/gui/timelinekeyrouter.h"

#include "views/timeline/timelinekeys.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace rs::gui {

TimelineKeyRouter::TimelineKeyRouter(QWidget* window, QWidget* timeline)
    : QObject(window), m_window(window), m_timeline(timeline) {}

bool TimelineKeyRouter::isTimelineKey(const QKeyEvent& e) {
    const QString text = e.text();
    if (text.size() != 1 || !text.at(0).isPrint() || text.at(0).isSpace()) return false;
    const auto mods = e.modifiers() & ~Qt::KeypadModifier;
    const bool letter = text.at(0).isLetter();
    if (mods != Qt::NoModifier && !(mods == Qt::ShiftModifier && !letter)) return false;
    return views::timelineKeyFor(e.key()) != nullptr;
}

bool TimelineKeyRouter::takesText(const QWidget* w) {
    if (qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w)) return true;
    if (auto* t = qobject_cast<const QTextEdit*>(w)) return !t->isReadOnly();
    if (auto* t = qobject_cast<const QPlainTextEdit*>(w)) return !t->isReadOnly();
    if (auto* c = qobject_cast<const QComboBox*>(w)) return c->isEditable();
    return false;
}

bool TimelineKeyRouter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress) return false;
    auto* w = qobject_cast<QWidget*>(watched);
    if (!w || w == m_timeline || !m_timeline->isVisible()) return false;
    // this window, or one of its docks floated off it; not a dialog or a menu
    const QWidget* top = w->window();
    if (top != m_window && !(qobject_cast<const QDockWidget*>(top) && top->parentWidget() == m_window))
        return false;
    // a key pressed in the timeline's own children (its scroll bar) or anywhere else in the window
    const auto* key = static_cast<QKeyEvent*>(event);
    if (!isTimelineKey(*key) || takesText(w)) return false;
    QKeyEvent copy(QEvent::KeyPress, key->key(), key->modifiers(), key->text(), key->isAutoRepeat(),
                   ushort(key->count()));
    QCoreApplication::sendEvent(m_timeline, &copy);
    return true;
}

} // namespace rs::gui
