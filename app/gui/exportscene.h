#pragma once
// The views of one indexed profile built off screen for export (no display, no query thread): the
// timeline laid out at full height (every lane of the chosen ranks, no scrollbar, the legend in the
// caption), the op heatmap grid at its natural size, the memory map of one rank; the profile's
// annotations drawn unless turned off; a view state (.rsview) applied. Each picture gets its caption
// (imagewriter.h). Used by `rankscope export`, the HTML report and the app's report export.
// GUI thread; reads the index synchronously on it (headless only).
#include "app/gui/imagewriter.h"
#include "app/gui/viewstate.h"
#include "core/index/sqlite.h"
#include "core/query/analysisqueries.h"
#include "core/query/lanereader.h"
#include "core/query/timelinequery.h"
#include "views/timeline/timelinescene.h"

#include <QSize>
#include <memory>
#include <set>
#include <vector>

namespace rs::views {
class InteractionState;
class AnnotationModel;
class HeatmapCanvas;
class MemoryMapView;
class CommMatrixCanvas;
} // namespace rs::views

namespace rs::gui {

class ExportScene {
  public:
    /// Opens the index and loads `run`'s summary (default: the app's default run) and the annotations.
    ExportScene(const QString& dbPath, const QString& profile, std::optional<int> run);
    ~ExportScene();
    const query::ProfileSummary& summary() const { return *m_summary; }
    views::InteractionState& state() { return *m_state; }
    views::AnnotationModel& annotations() { return *m_annotations; }

    /// Applies a saved view (window, selection, ranks, lanes, modes).
    void apply(const ViewState& s);
    void setShowAnnotations(bool on);
    /// Draws the flow arrows of every span in the timeline's window, of every category (the app's View ▸
    /// Show flows in the window); off by default: the selected span's arrows only.
    void setWindowFlows(bool on) { m_windowFlows = on; }
    /// The counter lanes (hidden by default, as in the app).
    void setCountersShown(bool on);
    void setRanks(const std::set<int>& ranks);
    /// More ranks than one picture's overview rows (kOverviewPictureRanks): shows the outlying ranks and a
    /// typical one (manyrankspicture.h, as the HTML report's pictures and the app's export) and says so in
    /// the timeline's caption; false (nothing changed) for fewer ranks.
    bool showOutlyingRanks();
    /// The heatmap's columns: these ranks only (empty: every rank of the run). The colours stay each op
    /// type's ratio to its median over every rank (the index's), so a few columns read as in the whole.
    void setHeatmapRanks(const std::vector<int>& ranks);
    void setWindow(qint64 t0, qint64 t1);
    /// The window of `step` on the first shown rank marking it (else, none marking it, on the first whose
    /// whole trace it is: query/wholetracestep.h), padded by 5 %; false when no shown rank has it.
    bool zoomToStep(int64_t step);
    /// Which shown ranks lack the step last zoomed to, and why ("rank 1 has no step marks (…)"); "" none.
    /// Said in the timeline's caption; kept after a failed zoom, to say why.
    const QString& stepLacking() const { return m_stepLacking; }
    /// Why `step` is on no shown rank when a step list kept apart on another clock numbers it (query/
    /// stepsapart.h), else "".
    QString stepOnOtherClock(int64_t step);
    void setSelection(const views::Selection& s);
    /// The memory map shows this rank (default: the rank of a bank anomaly, else the first rank).
    void setMemoryRank(int rank);
    int memoryRank() const { return m_memoryRank; }
    /// The memory view pictured (its caption line, for tests).
    const views::MemoryMapView& memoryView() const { return *m_memory; }

    /// Why the run's data leaves view "heatmap", "memory" or "comm" empty ("no device kernel with op
    /// statistics in run 0", "no rank of run 0 has memory records", "no communication link in run 0: …");
    /// empty when it has something to draw. The set of pictures leaves such a view out and says so, rather
    /// than write a blank picture (walk18b #5).
    QString nothingToDraw(const QString& view);
    /// Whether the op × rank heatmap has a cell with a ratio to compare (loads it): a grid of hatches
    /// only — each rank's kernels its own, or a rank cut before its kernels — compares nothing.
    bool heatmapCompares();
    /// The heatmap's caption as the view words it (views/heatmap/heatmapcaption.h), of the grid pictured
    /// and the statistic it is coloured by (loads it).
    QString heatmapCaption();
    /// Whether the heatmap pictured is coloured by the ratio (loads it): one rank's is by total time.
    bool heatmapInRatios();
    /// Renders one view ("timeline", "heatmap", "memory", "comm") `width` px wide (0: its natural width —
    /// 1600 px, the heatmap its whole grid, never narrower) and `height` px high (0: its natural height — for
    /// the timeline every lane) to `path` (.png or .svg by suffix).
    bool write(const QString& view, int width, int height, double scale, const QString& path, QString& error);
    /// The same picture as an image (the report embeds it).
    QImage image(const QString& view, int width, int height, double scale);
    /// The caption of a view as it stands.
    Caption caption(const QString& view) const;

  private:
    /// The ranks the timeline shows (index keys, in order): every rank when none is chosen.
    std::vector<int> shownRanks() const;
    /// The view laid out at the size asked, as a picture (the timeline's frame, or a widget).
    Picture prepare(const QString& view, int width, int height);
    Picture prepareTimeline(int width, int height);
    Picture prepareComm(int width, int height);
    void loadHeatmap();
    /// A selected link's two ranks through the track filter, when they are global (as the app shows them).
    void showLinkRanks(const views::Selection& link);
    index::Db m_db;
    QString m_profile;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    std::unique_ptr<query::LaneReader> m_lanes; ///< over m_db: the summary and the windows' draw data
    std::unique_ptr<views::InteractionState> m_state;
    std::unique_ptr<views::AnnotationModel> m_annotations;
    views::TimelineScene m_timeline; ///< built, then replayed, by the widget's frame builder and painter
    std::unique_ptr<views::HeatmapCanvas> m_heatmap; ///< the grid alone, at its natural size
    std::unique_ptr<views::MemoryMapView> m_memory;
    std::unique_ptr<views::CommMatrixCanvas> m_comm; ///< the communication matrix at its natural size
    std::optional<int64_t> m_step;
    std::optional<int64_t> m_commStep;  ///< a saved view's Communication step (-1: all steps), over the rest
    std::optional<QString> m_commGroup; ///< a saved view's Communication group ("": all), over a link's
    QString m_stepLacking;              ///< the shown ranks without m_step (stepLacking)
    int m_memoryRank = -1;
    bool m_heatmapLoaded = false;
    std::vector<int> m_heatmapRanks; ///< empty: every rank of the run
    /// A saved view's heatmap layout (ViewState::heatmapMode, op, rank key) and statistic key ("": the
    /// grid's default)
    int m_heatmapMode = 0;
    QString m_heatmapOp, m_heatmapStatistic;
    int m_heatmapRank = -1;
    /// The grid of the layout asked (op × rank unless a saved view said otherwise).
    query::HeatmapData heatmapOfLayout();
    bool m_annotationsShown = true;
    bool m_windowFlows = false;
    QString m_ranksNote; ///< why the pictures show these ranks (showOutlyingRanks)
    bool m_cut = false;  ///< the timeline was taller than an image may be: lanes cut, said in the caption
    PicturedAnnotations m_pictured; ///< what the last timeline picture drew of the annotations
};

} // namespace rs::gui
