#pragma once
// `rankscope export` and the headless `./dev run`: renders the views of an indexed profile to image
// files without a display (ExportScene). With no window, step, selection or state asked for and --view
// all, it writes the set worth looking at: the timeline fitted to the run, zoomed to the worst outlier
// step (or the typical step, stub steps left out) and, when that step has a collective, to its longest
// collective whole ("timeline-step-N-<collective>": snapshotexporterstep.h), the heatmap and the memory
// map of the rank with a bank anomaly. Otherwise each asked view once, as that picture. Needs a QApplication;
// GUI thread.
#include "app/gui/viewstate.h"

#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>
#include <set>

namespace rs::gui {

struct ExportRequest {
    QString dbPath;
    QString profile;
    QString outDir;         ///< a folder (the files are named after the views)
    QString outFile;        ///< or one file, for one view (its suffix wins over `format`)
    QString view = "all";   ///< all, timeline, heatmap, memory, comm (window: the app, see exportcommand)
    QString format = "png"; ///< png or svg
    int width = 0;          ///< 0: each view's natural width (ExportScene::write)
    int height = 0;         ///< 0: the view's natural height (the timeline: every lane)
    double scale = 1;
    int step = -1;                                  ///< zoom the timeline to this step
    std::optional<std::pair<qint64, qint64>> range; ///< ns from the run's start
    std::set<int> ranks;
    std::optional<views::Selection> selection;
    std::optional<ViewState> state;
    std::optional<int> run;
    bool annotations = true;
    bool windowFlows = false; ///< the timeline draws every flow arrow of its window (--flows)
    bool counters =
        false; ///< the timeline shows the counter lanes, as View ▸ Show counter lanes (--counters)
    /// True when only the view's own picture is asked for (no default set of pictures).
    bool specific() const {
        return view != "all" || step >= 0 || range || selection || state || !outFile.isEmpty();
    }
};

/// Returns the files written; `error` is set on failure. Of a set of pictures (the default set, --view all),
/// a view the run has no data for (ExportScene::nothingToDraw) is not written: `skipped` gets "heatmap: why".
/// `notes` gets what the pictures leave out of the step asked ("step 2: rank 1 has no step marks (…)").
QStringList exportSnapshots(const ExportRequest& r, QString& error, QStringList* skipped = nullptr,
                            QStringList* notes = nullptr);

} // namespace rs::gui
