#pragma once
// The caption of an exported picture from what the view shows: profile, run and its producer, ranks,
// time window (relative to the run's start, as the ruler) or step, selection, annotations drawn and
// detached, Rankscope version and export time, and what the view cannot show (the summary's notes, lanes
// cut). One builder for the app's exports and the headless ones, so both say the same. GUI thread.
#include "app/gui/imagewriter.h"
#include "core/query/analysisqueries.h"
#include "core/query/timelinequery.h"
#include "views/common/interactionstate.h"
#include "views/heatmap/heatmapscale.h"

#include <optional>
#include <set>

namespace rs::views {
class AnnotationModel;
class CommMatrixCanvas;
} // namespace rs::views

namespace rs::gui {

struct CaptionInput {
    QString view; ///< timeline, heatmap, memory, comm, window
    QString profile;
    const query::ProfileSummary* summary = nullptr;
    const views::InteractionState* state = nullptr;
    const views::AnnotationModel* annotations = nullptr; ///< null: none
    bool annotationsDrawn = true;
    /// The annotations the timeline's picture draws without their label (a few pixels wide there,
    /// DrawList::unlabelled), by id: the caption says so, not that all is shown.
    std::vector<QString> unlabelled;
    /// The annotations whose shape the timeline's picture draws (DrawList::drawn), by id; unset: not known,
    /// counted by their ranks and time. An arrow whose time meets the window may pass above the lanes
    /// pictured: not drawn, so not counted (issue 19).
    std::optional<std::set<QString>> timelineDrawn;
    std::set<int> shownRanks; ///< empty: every rank
    /// The ranks with a row in the timeline's picture: the shown ranks the track filter leaves (unset: the
    /// shown ranks). An annotation on none of them is not drawn, so the caption does not count it.
    std::optional<std::set<int>> laidOutRanks;
    /// The whole window's picture: the timeline's ranks with a lane in its viewport (scrolled to), and the
    /// annotation surfaces on screen ("timeline", "heatmap", "memory": a tabbed dock behind another is not).
    /// An annotation elsewhere is not in the picture, so not counted (walk15b #11: "2 annotations drawn",
    /// both on rank 1, scrolled out of sight).
    std::set<int> ranksOnScreen;
    std::set<std::string> surfacesOnScreen;
    std::set<int> heatmapRanks; ///< the heatmap's columns when they are not every rank (the report's summary)
    int memoryRank = -1;
    /// The memory map's data: its first and last record (absolute ns; unset: none). Said when the window
    /// pictured is wider, so a map drawn over the whole run tells where its records lie (r47c #5).
    std::optional<std::pair<int64_t, int64_t>> memoryData;
    std::optional<int64_t> step;
    QString stepLacking; ///< which shown ranks lack `step` and why (ExportScene::stepLacking); "" none
    bool lanesCut = false;
    QString trackFilter;     ///< the timeline's track filter ("" none): the picture shows only its lanes
    bool flowsShown = false; ///< the timeline draws flow arrows (their colour goes in the legend)
    bool waitsShown = true;  ///< the timeline draws the waits overlay (its hatches go in the legend)
    bool legend = false;     ///< the timeline's colour legend goes in the caption
    const views::CommMatrixCanvas* comm = nullptr; ///< the communication matrix pictured (view "comm")
    /// The step selected that the matrix does not show (CommMatrixView::stepNoteText); "" none
    QString commStepNote;
    QString ranksNote; ///< why the timeline pictures only `shownRanks` (manyrankspicture.h); "" none
    /// The heatmap pictured (view "heatmap"): a cut rank's hatched column is named under the picture
    const query::HeatmapData* heatmap = nullptr;
    views::HeatStatistic heatmapStatistic = views::HeatStatistic::Ratio; ///< what its colour shows
};

Caption buildCaption(const CaptionInput& in);

} // namespace rs::gui
