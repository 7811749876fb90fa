#pragma once
// `rankscope export --view window` (and --state FILE.rsview without --view): the app's own main window
// opened on the profile with the request's saved view, window, ranks and selection applied, as the app
// shows them, ready to be rendered. Apart from the rendering so that a test can compare the window the
// CLI renders with the app's (r55c: the CLI's lost the saved finding's row, Details' text and the docks'
// heights). GUI thread only (runs the event loop while it waits).
#include "app/gui/snapshotexporter.h"

#include <QString>

namespace rs::gui {
class MainWindow;
}

namespace rs::cli {

/// Shows `w` at the request's size (else the saved view's, else 1600 × 1000), opens the profile and
/// applies the request to it, waiting for the views' answers. False (said on stderr) when the profile did
/// not open; a saved view that could not be applied is said on stderr and in the status line.
bool showWindowForExport(gui::MainWindow& w, const gui::ExportRequest& r);

/// Renders the window of showWindowForExport into `path`; the process exit status.
int exportWindow(const gui::ExportRequest& r, const QString& path);

} // namespace rs::cli
