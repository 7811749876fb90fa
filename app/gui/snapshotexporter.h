#pragma once
// Renders the views of an indexed profile to image files without a display (offscreen platform):
// the timeline fitted to the whole run, zoomed to the worst outlier step, and zoomed to one typical step.
// Used by `rankscope export` and the headless `./dev run`. Needs a QApplication; GUI thread.
#include <QSize>
#include <QString>
#include <QStringList>

namespace rs::gui {

struct ExportRequest {
    QString dbPath;
    QString outDir;
    QString view = "all";   ///< all, timeline
    QString format = "png"; ///< png or svg
    QSize size{1600, 900};
    int step = -1; ///< zoom the timeline to this step (default: the worst outlier, then the median step)
};

/// Returns the files written; `error` is set on failure.
QStringList exportSnapshots(const ExportRequest& r, QString& error);

} // namespace rs::gui
