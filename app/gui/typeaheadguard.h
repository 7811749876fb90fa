#pragma once
// Keeps plain letters for the lists and tables: the annotation tools' single-key shortcuts (N, R, T, B) are
// window-wide, and an item view, unlike a line edit, does not claim printable keys before shortcuts are
// matched, so typing "Ra…" to jump to a row armed the Range tool instead. Installed on the application,
// it claims (ShortcutOverride accepted) an unmodified or shifted printable key whose target is an item
// view, so the view's keyboard search gets it; elsewhere the shortcuts work as before. The timeline's own
// letters (W/S/A/D/F…) are not shortcuts: TimelineKeyRouter sends them to the timeline before a table's
// keyboard search sees them. GUI thread only.
#include <QObject>

namespace rs::gui {

class TypeAheadGuard : public QObject {
    Q_OBJECT
  public:
    explicit TypeAheadGuard(QObject* parent = nullptr) : QObject(parent) {}

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace rs::gui
