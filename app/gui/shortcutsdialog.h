#pragma once
// Help ▸ Keyboard shortcuts, fed by the one table of actions: every menu action that has keys (as
// registered, so the menus and the list cannot differ), then the timeline's own keys and gestures
// (views/timeline/timelinekeys). The README's table lists the same rows (a test keeps them equal). GUI
// thread only.
#include <QString>
#include <utility>
#include <vector>

class QMenuBar;
class QWidget;

namespace rs::gui {

/// (keys, what they do) rows: the menus' actions sorted by "Menu ▸ Action", then the timeline's table.
std::vector<std::pair<QString, QString>> shortcutRows(const QMenuBar* menus);
/// Shows the rows in a dialog over `parent`.
void showShortcuts(QWidget* parent, const std::vector<std::pair<QString, QString>>& rows);

} // namespace rs::gui
