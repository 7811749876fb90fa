#pragma once
// Which of a main window's tabified docks is in front. QWidget::visibleRegion says so on a real display
// but is empty for every widget on the offscreen platform, and a dock behind another tab still reports
// isVisible(): the dock-area tab bar's current tab is what the user sees (QMainWindow keeps each tab's
// dock as its tab data). GUI thread.
class QDockWidget;
class QMainWindow;

namespace rs::gui {

/// The dock in front of `dock`'s tab group: `dock` itself when it is in front or not tabified.
QDockWidget* frontDockOf(QMainWindow& window, QDockWidget* dock);

} // namespace rs::gui
