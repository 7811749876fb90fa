#pragma once
// Keeps plain letters for the lists and tables, except the window's own keys: an item view, unlike a line
// edit, does not claim printable keys before shortcuts are matched, so typing "Ra…" to jump to a row armed
// the Range tool; claiming every letter for it instead left the documented tool keys (N, R, T, B) dead
// wherever a table had the focus — the findings table has it when the window opens, and walk 6 found R
// dead at start and N/T dead in the drill-down's tensors table. Installed on the application, it claims
// (ShortcutOverride accepted) an unmodified or shifted printable key whose target is an item view, so the
// view's keyboard search gets it, unless the key is the shortcut of an enabled action of the window: that
// key is the window's everywhere but in text inputs (which claim typed keys themselves). The timeline's
// own letters (W/S/A/D/F…) are not shortcuts: TimelineKeyRouter sends them to the timeline before a
// table's keyboard search sees them. GUI thread only.
#include <QObject>

class QKeyEvent;
class QWidget;

namespace rs::gui {

class TypeAheadGuard : public QObject {
    Q_OBJECT
  public:
    /// `window`: the window whose actions' keys stay shortcuts in its tables.
    explicit TypeAheadGuard(QWidget* window);
    /// `e` is the shortcut of an enabled action of `window` (its menus' and its widgets').
    static bool isWindowShortcut(const QWidget* window, const QKeyEvent& e);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QWidget* m_window;
};

} // namespace rs::gui
