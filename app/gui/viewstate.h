#pragma once
// A saved picture (.rsview, JSON): which profile and run, the time window, the selection, the ranks shown,
// collapsed and pinned lanes, the track filter, the open view and its modes. `rankscope DIR --state
// F.rsview`, `rankscope F.rsview`, File ▸ Open view and `rankscope export --state` reopen exactly that
// picture, so a CI job can render the same one every night. Times are absolute ns on the profile's clock.
// Pure value type plus reading and writing; GUI thread or any (no widgets touched here).
#include "views/common/interactionstate.h"
#include "views/tables/drillpath.h"

#include <QByteArray>
#include <QSize>
#include <QString>
#include <functional>
#include <optional>
#include <set>
#include <vector>

namespace rs::gui {

constexpr int kViewStateFormat = 1;

/// The comparison on the Comparison panel: the other side (a profile, or another run of the one shown) and
/// which side the run shown is. Reopened, it is compared again (the result is not stored: it is the
/// index's, recomputed in a moment).
struct SavedComparison {
    QString with; ///< the other side's profile (absolute when read, as `profile`)
    std::optional<int> run;
    bool openIsBaseline = false; ///< the run shown is the baseline (File ▸ Swap); default: the candidate
};

struct ViewState {
    QString profile; ///< absolute when read (a relative path is resolved against the file's folder)
    std::optional<int> run;
    std::optional<std::pair<qint64, qint64>> window; ///< [t0, t1] ns
    views::Selection selection;
    // Ranks are the index's rank keys (ranks, collapsed, the selection's and memoryRank): a re-index of the
    // same files gives every rank the same key (core/index/indexwriter.h: a number claimed by several runs
    // is keyed by the runs' bytes, then discovery order, never by parse order), as it gives `run` the same
    // id. A folder whose runs change may renumber both.
    std::set<int> ranks;         ///< shown on the timeline (rank keys); empty: every rank
    std::set<int> collapsed;     ///< ranks whose lanes are folded
    std::vector<int64_t> pinned; ///< pinned track ids, in order
    QString view =
        "timeline"; ///< the tab raised under the timeline (ProfileSession::viewDocks); "timeline": none
    /// The statistic the user chose in the heatmap ("ratio", "median", "p95", "mean", "total"); empty: the
    /// grid's default (ratios where they compare something, else total time).
    QString heatmapStatistic;
    /// The heatmap's layout: 0 op × rank, 1 op × step of `heatmapRank` (a rank key), 2 rank × step of
    /// `heatmapOp` (walk 53a: a saved "rank × step" view exported as op × rank, a grid never on screen);
    /// -1: not saved (a file from before it was), the layout shown is kept.
    int heatmapMode = -1;
    QString heatmapOp;
    int heatmapRank = -1;
    std::optional<int> memoryRank;
    bool aligned = false, showWaits = true;
    bool windowFlows = false; ///< every flow arrow of the window (off: the selected span's only)
    int scroll = 0;           ///< the timeline's vertical scroll, px
    /// The timeline's track filter the user typed ("rank 3-5", "plane 0"); empty: none. Never a selected
    /// link's temporary "rank 1, rank 5" (LinkTrackFilter): reopened, the link's selection derives it again,
    /// and Esc gives this one back (walk 38 #3: the link's was saved as the user's and stuck for good).
    QString trackFilter;
    /// The area marked on the timeline (Ctrl+drag: its time in the timeline's time, its lanes and ranks),
    /// which the Area statistics measure; none: no area was marked (the figures are the timeline's window's).
    std::optional<views::MarkedArea> area;
    /// The Communication view's step (-1: all steps); none: not saved (a file from before it was), the
    /// selected link's step then, else all steps.
    std::optional<qint64> commStep;
    /// The Communication view's group ("": all groups); none: not saved (a file from before it was).
    std::optional<QString> commGroup;
    std::optional<SavedComparison> comparison; ///< none: the panel had no comparison
    /// The Steps ▸ ops ▸ tensors drill-down's level and the step and op drilled into; none: its Steps level
    /// (the selected row is the selection's: a span, a tensor).
    std::optional<views::DrillPath> drill;
    /// The finding highlighted in the Findings panel (its place in the run's findings, the report's order),
    /// its text in Details; -1: none. Reopened, its row and Details' text come back with the selection it
    /// went to (r55c: `export --state` lost both, where the app's own export of the view had them).
    int finding = -1;
    /// The main window's size (px) and its docks' layout (QMainWindow::saveState: which are shown, tabbed
    /// and how tall) when saved; empty: not saved. `export --state` renders at that size and layout, as the
    /// app's File ▸ Export image did (r55c: its docks had other heights); the app restores the layout.
    QSize windowSize;
    QByteArray dockLayout;
};

/// JSON text of `s`; the profile is written relative to `fileDir` when it lies inside it or beside it.
QString viewStateToJson(const ViewState& s, const QString& fileDir);
/// Reads a .rsview; nullopt with `error` naming the file and the byte or key.
std::optional<ViewState> readViewState(const QString& path, QString& error);
bool writeViewState(const ViewState& s, const QString& path, QString& error);
/// Whether the profile `dir` is the one the view `s` was made on, or the view names none that exists (so it
/// can only be applied to `dir`). The app and `export --state` refuse another existing profile's view: its
/// window, ranks and selection are of another run (walk 39: a demo's view opened a 1 ns window at +6.73 s of
/// a 3.37 s run, and Details named a link the profile does not have).
bool viewStateIsOf(const ViewState& s, const QString& dir);

/// "op:MatMulV2@3", "span:1234", "step:11@5", "tensor:t0_m1@2" → a selection (export --select).
std::optional<views::Selection> parseSelection(const QString& text, QString& error);
/// The same words back ("op MatMulV2 on rank 3"), for captions; `shownRank` names a rank key as its lanes
/// do (ProfileSummary::shownRank: run 1's key 10001 is its rank 1), identity when empty.
QString describeSelection(const views::Selection& s, const std::function<int(int)>& shownRank = {});

} // namespace rs::gui
