#pragma once
// Gives the main window the keyboard back when one of its dialogs closes. A window manager does that; without
// one (a remote X display, Xvfb) the keyboard went nowhere, and Ctrl+E, F1 or the tool letters did nothing
// after a dialog until a click in the window. Installed on the application; GUI thread only.
#include <QObject>

class QWidget;

namespace rs::gui {

class WindowRefocus : public QObject {
    Q_OBJECT
  public:
    explicit WindowRefocus(QWidget* window);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QWidget* m_window;
};

} // namespace rs::gui
