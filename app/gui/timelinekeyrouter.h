#pragma once
// The timeline's printable keys (W/S/A/D/F/J, + and -, [ and ]; views/timeline/timelinekeys) work anywhere
// in the main window (and its floating docks), not only while the timeline has the focus: after a click on a
// heatmap cell, an Op summary row or a finding has moved the timeline, W zooms it. Widgets that take typed
// text keep them (line edits, editable text, spin boxes, editable combo boxes), and so do dialogs and menus
// (other windows); the arrows, Up/Down and Esc stay with the widget that has the focus (tables move their
// rows with them). A table therefore loses the type-ahead of those few letters; its other letters stay its
// own (TypeAheadGuard). Installed on the application; a routed key press is sent to the timeline. GUI thread
// only.
#include <QObject>

class QKeyEvent;
class QWidget;

namespace rs::gui {

class TimelineKeyRouter : public QObject {
    Q_OBJECT
  public:
    TimelineKeyRouter(QWidget* window, QWidget* timeline);
    /// A printable key of the timeline's table, pressed without Ctrl, Alt or Meta (Shift only for a key
    /// that is not a letter, such as +).
    static bool isTimelineKey(const QKeyEvent& e);
    /// `w` takes typed text (a key pressed there is its own).
    static bool takesText(const QWidget* w);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QWidget* m_window;
    QWidget* m_timeline;
};

} // namespace rs::gui
