#pragma once
// Help ▸ Keyboard shortcuts, fed by the one table of actions: every menu action that has keys (as
// registered, so the menus and the list cannot differ), then the timeline's own keys and gestures
// (views/timeline/timelinekeys). The README's table lists the same rows (a test keeps them equal). GUI
// thread only.
#include <QString>
#include <utility>
#include <vector>

class QDialog;
class QMenuBar;
class QWidget;

namespace rs::gui {

/// (keys, what they do) rows: the menus' actions sorted by "Menu ▸ Action", then the timeline's table.
std::vector<std::pair<QString, QString>> shortcutRows(const QMenuBar* menus);
/// The dialog of the rows: a two-column table that scrolls, the whole dialog never taller than the screen's
/// available height (it once was 984 px on a 1000 px screen, its OK button under the task bar). The caller
/// owns it.
QDialog* makeShortcutsDialog(QWidget* parent, const std::vector<std::pair<QString, QString>>& rows);
/// Shows the rows in a dialog over `parent` (modal).
void showShortcuts(QWidget* parent, const std::vector<std::pair<QString, QString>>& rows);

} // namespace rs::gui
