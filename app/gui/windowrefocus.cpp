#include "app/gui/windowrefocus.h"

#include <QApplication>
#include <QDialog>
#include <QEvent>
#include <QPointer>
#include <QTimer>

namespace rs::gui {

WindowRefocus::WindowRefocus(QWidget* window) : QObject(window), m_window(window) {}

bool WindowRefocus::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::Hide) return false;
    auto* dialog = qobject_cast<QDialog*>(watched);
    if (!dialog || !dialog->isWindow() || !dialog->parentWidget() ||
        dialog->parentWidget()->window() != m_window)
        return false;
    // after the dialog is gone: another of the window's dialogs opened meanwhile keeps the keyboard
    QPointer<QWidget> window = m_window;
    QTimer::singleShot(0, m_window, [window] {
        if (!window || !window->isVisible()) return;
        if (QWidget* modal = QApplication::activeModalWidget(); modal && modal != window) return;
        window->activateWindow();
    });
    return false;
}

} // namespace rs::gui
