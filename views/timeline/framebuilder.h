#pragma once
// The timeline's frame builder: (draw data of the window + layout + viewport and time window + selection,
// search hits + waits + annotations + options) → a DrawList of plain values. No widget and no GUI-thread
// object: its input is values and shared immutable data (FrameInput), so a frame can be built on any
// thread, one FrameBuilder per thread. Windowed: it reads the window's draw data (the query already
// windowed it), the shown ranks' waits in the window (WaitIndex), the shown lanes' hits in the window
// (HitList), and colours and dims by integer op type id (no string compare per span, no op type derived
// from a name: the query's rows carry the id); nothing per frame walks the whole profile.
#include "core/annotate/annotation.h"
#include "core/query/timelinequery.h"
#include "views/common/interactionstate.h"
#include "views/common/timemapping.h"
#include "views/timeline/drawlist.h"
#include "views/timeline/flowoverlay.h"
#include "views/timeline/hitlist.h"
#include "views/timeline/timelinelayout.h"
#include "views/timeline/waitindex.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPalette>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace rs::views {

/// The colours of the widget's palette a frame uses, as values (QPalette stays on the GUI thread).
struct FramePalette {
    QRgb base, alternateBase, window, midlight, mid, windowText, placeholder, highlight;
    static FramePalette from(const QPalette& p);
    QRgb stepBand() const; ///< the odd steps' band (AlternateBase, or Base darkened when they are equal)
};

/// One answer of the query indexed by track (built once per answer, shared by frames and hit tests).
class IndexedData {
  public:
    explicit IndexedData(std::shared_ptr<const query::TimelineData> d);
    const query::TimelineData& data() const { return *m_data; }
    const query::TrackDraw* track(int64_t trackId) const;
    const query::CounterSeries* counter(int64_t trackId) const;
    /// The longest item of a track (how far back a hit test looks for an item covering a time).
    int64_t longestNs(int64_t trackId) const;
    /// Whether a track's items are in start order (the query's always are; hand-made data may not be).
    bool sorted(int64_t trackId) const;

  private:
    struct Track {
        const query::TrackDraw* draw;
        int64_t longestNs;
        bool sorted;
    };
    std::shared_ptr<const query::TimelineData> m_data;
    std::unordered_map<int64_t, Track> m_tracks;
    std::unordered_map<int64_t, const query::CounterSeries*> m_counters;
};

/// What the mouse is doing that the frame shows: a Shift-drag range or an annotation being drawn.
struct DragOverlay {
    enum class Kind { None, Select, Arrow, Range, Box, Area };
    Kind kind = Kind::None;
    QPoint from, to; ///< widget pixels
};

struct FrameInput {
    std::shared_ptr<const query::ProfileSummary> summary; ///< null: nothing open (a placeholder text)
    std::shared_ptr<const WaitIndex> waits;               ///< the summary's waits
    std::shared_ptr<const TimelineLayout> layout;
    std::shared_ptr<const IndexedData> data;  ///< null before the first answer
    std::shared_ptr<const HitList> hits;      ///< null: none
    std::shared_ptr<const FlowOverlay> flows; ///< null: no flow arrows
    LayoutOptions options;                    ///< header height, collapsed ranks, the filter
    Viewport viewport;
    int64_t t0 = 0, t1 = 1;  ///< the window (ns)
    int64_t boundsStart = 0; ///< the run's start: the ruler counts from it
    Selection selection;
    MarkedArea area; ///< the area marked for statistics (invalid: none), drawn over its lanes
    bool showWaits = true;
    bool aligned = false;    ///< each rank on its clock-aligned time (summary->clockOffsetNs)
    bool exportMode = false; ///< no legend or notes (the picture's caption carries them)
    std::vector<annotate::Annotation> annotations; ///< timeline annotations of the shown run, attached
    DragOverlay drag;
    QString notes; ///< what the view cannot show, in the footer
    FramePalette palette;
    QFont font;

    /// The window on the plot's pixels.
    TimeMapping mapping() const;
    /// A rank's lanes' mapping: shifted by its clock offset when aligned.
    TimeMapping rankMapping(int rank) const;
    /// A rank's block (header and lanes) in widget pixels; null when it is not laid out.
    QRectF rankBlock(int rank) const;
    /// The rows of the given ranks (every rank's when empty), in widget pixels; null when none is laid out.
    QRectF ranksExtent(const std::vector<int>& ranks) const;
    /// A lane's name as an annotation keeps it: its label, a pinned lane's track name (its label there is
    /// "rank 3 · Stream 2").
    std::string laneName(const Lane& l) const;
    /// The rows an annotation's `lanes` cover on screen, one rect per run of adjacent rows (a rank's header
    /// between two covered rows is inside the run: the box was drawn across it), in widget pixels. Each lane
    /// is its rank's lane of that label, and no other rank's; a lane without a rank (a format-1 file) is that
    /// label on each of `ranks`. A rank of the annotation none of whose lanes is laid out (collapsed, its
    /// kinds hidden) gives its header row: the annotation still marks it and covers no lane it does not
    /// name. No lanes (or one empty label): the ranks' blocks. Empty: nothing of it laid out.
    std::vector<QRectF> laneRects(const std::vector<int>& ranks,
                                  const std::vector<annotate::LaneRef>& lanes) const;
};

class FrameBuilder {
  public:
    DrawList build(const FrameInput& in);
    /// The ruler's rows (px from the top): the steps' names, then the ticks' times beside the ticks.
    static constexpr int kStepRow = 2, kTickRow = 14;
    /// The ruler's label of step `step` in `width` px: the longest that fits of "Step 3 ⚠ outlier on rank 5",
    /// "Step 3 ⚠ rank 5", "3 ⚠ r5", "Step 3", "3" (the ⚠ ones only when some rank's step 3 is an outlier;
    /// empty when none fits). `warmup`: those steps are the ranks' warm-ups, "⚠ warm-up outlier on …" (the
    /// report's "(warm-up outlier)").
    /// "Step 3 (bounds differ by rank)", then "Step 3 ≠", come before "Step 3" when `ranksDiffer`, and
    /// "3 ≠" before "3". `terse`: no plain "Step 3" forms (the ruler's other steps are named "N", and one
    /// "Step 5" among "4 6" read as another kind of mark: walk 27).
    static QString stepLabel(int64_t step, const std::vector<int>& outlierRanks, const QFontMetricsF& fm,
                             double width, bool ranksDiffer = false, bool terse = false, bool warmup = false);
    /// The ruler's tooltip over step `step` (rich text): its name, each shown rank's start, end and
    /// duration (the spread of starts and ends over many ranks), and whether the ranks' bounds differ.
    static QString stepTooltip(const FrameInput& in, int64_t step);
    /// The tooltip's line for the shown ranks whose step `step` is a warm-up outlier ("" when none).
    static QString warmupOutlierTip(const FrameInput& in, int64_t step);

    /// A lane's label in the gutter: its name and the "▸ 3 of 8 levels" line under it (px).
    static constexpr int kLabelBlock = 28;
    /// Widget y where the lanes shown whole end (px): the top of a lane the footer's edge cuts through
    /// its label, else the footer's edge (the widget blanks that lane, and hit tests stop there).
    static int wholeLanesBottom(const FrameInput& in);

    /// px of the strip under the lanes the note on the window's flow arrows needs in the frame of `in`
    /// (0: the frame has no note, every arrow of the window is drawn): decided with the strip reserved
    /// (in.viewport.noteStrip aside). TimelineScene::frame sets Viewport::noteStrip from it.
    static int flowNoteStrip(const FrameInput& in);
    /// px of that strip in `font` (the frame's).
    static int noteStripHeight(const QFont& font);

  private:
    /// Each shown rank's steps, every even step number banded over that rank's block (framesteps.cpp).
    void addSteps(const FrameInput& in, DrawList& out) const;
    /// A step number over the shown ranks, in widget px: from the first rank's start to the last one's end
    /// (x0, x1), the part every rank is in it (common0, common1), and whether the ranks' bounds differ.
    struct StepExtent {
        int64_t step;
        double x0, x1, common0, common1;
        int ranks;
        bool ranksDiffer;
        bool wholeTrace; ///< every rank's step of this number is its whole trace (no step marks)
    };
    /// The ruler's name of the whole trace of ranks without step marks, never a step number: "Whole trace
    /// (no step marks)" or "Whole trace", whichever fits `width` px (empty when neither does).
    static QString wholeTraceLabel(const QFontMetricsF& fm, double width);
    /// The window's step numbers by x0.
    static std::vector<StepExtent> stepExtents(const FrameInput& in);
    /// The ruler's step names, each over its StepExtent (up to the next one's start).
    void addStepNames(const FrameInput& in, const QFontMetricsF& fm, DrawList& out) const;
    /// The names row hatched where the shown ranks' starts or ends of step `s` lie apart on screen.
    static void addSpreadHatch(const FrameInput& in, const StepExtent& s, DrawList& out);
    void addLanes(const FrameInput& in, DrawList& out);
    void addSpans(const FrameInput& in, const Lane& l, double y);
    /// Where a drawn item's name may be written (widget px, inside `r`, its rect; empty: nowhere).
    static QRectF nameRect(const FrameInput& in, const TimeMapping& lm, const query::DrawItem& item,
                           const QRectF& r);
    /// A collapsed rank's header row (frameoverview.cpp): each of its steps in the window coloured by how
    /// its wall time compares with that step's median over the ranks, so a slow rank stands out among
    /// hundreds of one-row ranks.
    void addStepHeat(const FrameInput& in, const Lane& l, double y, DrawList& out) const;
    /// Each step number's median wall time over the ranks (ns), for addStepHeat.
    void computeStepMedians(const query::ProfileSummary& s);
    void markUnsummarisedRows(const FrameInput& in, const Lane& l, double y);
    /// Where the lane's events stop because their file was cut (frameunread.cpp): cross-hatched grey to
    /// the rank's end with the file and byte named, not left blank as if the device were idle.
    void addUnreadTails(const FrameInput& in, const Lane& l, double y, DrawList& out);
    void addUnsummarised(const FrameInput& in, DrawList& out);
    void addChart(const FrameInput& in, const Lane& l, double y, DrawList& out);
    /// A counter lane's samples outside the run's range (frameoutside.cpp): said on the lane while the
    /// window reaches the run's start (those before it) or its end (those after it).
    void addOutsideSamples(const FrameInput& in, const Lane& l, double y);
    void addWaits(const FrameInput& in, DrawList& out) const;
    void addLabels(DrawList& out);
    void addOutlines(const FrameInput& in, DrawList& out) const;
    /// A selected step: its bounds over its rank's block, in the selection's ring (its waits keep their
    /// own boxes, addWaits).
    void addSelectedStep(const FrameInput& in, DrawList& out) const;
    void addHitOutlines(const FrameInput& in, const Lane& l, DrawList& out) const;
    void addAnnotations(const FrameInput& in, DrawList& out) const;
    void addArea(const FrameInput& in, DrawList& out) const;
    /// The flow arrows (frameflows.cpp): between the two spans' rects, or to the plot's edge with a label
    /// saying where the other end is (outside the window, scrolled away, in a collapsed or hidden rank).
    void addFlows(const FrameInput& in, DrawList& out);
    /// The note saying the window's arrows are some of more ("flows: 121 arrows drawn for 689 of the
    /// window's 4317 …"), in the strip under the lanes (Viewport::noteStrip), when addFlows wrote one.
    void addFlowNote(const FrameInput& in, DrawList& out) const;
    /// A track's name (cached per profile).
    QString trackName(int64_t trackId);
    void addDrag(const FrameInput& in, DrawList& out) const;
    void addGutter(const FrameInput& in, DrawList& out) const;
    void addAxis(const FrameInput& in, DrawList& out) const;
    void addFooter(const FrameInput& in, DrawList& out) const;
    /// Blanks a lane the footer's edge cuts (the widget's; a picture shows its lanes whole).
    void addCutLane(const FrameInput& in, DrawList& out) const;
    /// Why a profile with ranks has no lane: a cluster index's unread shards, or files without timed events.
    static QString noLaneText(const query::ProfileSummary& summary);
    /// Why a track filter leaves no lane: it matches none, or none of the ranks the timeline shows.
    static QString noMatchText(const FrameInput& in);
    /// The summary's steps of `rank` that overlap [t0, t1]: indexes [first, last) into summary->steps.
    static std::pair<size_t, size_t> stepsInWindow(const FrameInput& in, int rank, int64_t t0, int64_t t1);
    /// The ranks whose steps the bands and the ruler's step names show: the ranks laid out (after the track
    /// filter), else the run's ("rank 3" filtered showed ranks 0/1's steps, walk17b #4).
    static std::vector<int> stepRanks(const FrameInput& in);
    /// The layout's lanes on screen: indexes [first, last).
    static std::pair<size_t, size_t> visibleLanes(const FrameInput& in);
    /// The colour of an op type id in the compute or the communication hues (cached per profile).
    QRgb colorOf(int32_t opTypeId, bool communication);
    /// The op type ids the selected op type highlights (query::highlightedOpTypes; cached per selection;
    /// empty: no span has it).
    const std::vector<int32_t>& selectedOpTypes(const FrameInput& in);

    const query::ProfileSummary* m_summary = nullptr; ///< whose ids the caches hold
    std::shared_ptr<const query::ProfileSummary> m_summaryRef;
    std::unordered_map<int64_t, QRgb> m_colors;
    /// step number → the ranks (the producer's numbers) whose step of that number is an outlier (the ruler's
    /// ⚠)
    std::unordered_map<int64_t, std::vector<int>> m_outlierRanks;
    /// The step numbers whose every outlier rank's step is its warm-up (StepDesc::warmup): the ruler says
    /// "warm-up outlier", the report's word
    std::unordered_set<int64_t> m_warmupOutliers;
    std::unordered_map<int64_t, int64_t> m_stepMedianNs; ///< step number → median wall time over ranks
    std::unordered_map<int64_t, QString> m_trackNames;   ///< filled when first asked for
    QString m_flowNote; ///< addFlows' note on the window's arrows (empty: none), drawn by addFlowNote
    /// The items addLanes added ([first, second) of the list): the data flow labels keep off.
    std::pair<size_t, size_t> m_dataItems;
    QString m_selText;
    std::vector<int32_t> m_selIds;
    /// The frame's span labels and selected spans, drawn over the batches and over the waits.
    struct Label {
        QRectF rect;
        QString text;
        QRgb color;
        QRgb plate = 0; ///< a backing fill under the text (0: none)
        int flags = Qt::AlignVCenter | Qt::AlignLeft;
    };
    std::vector<Label> m_labels;
    std::vector<QRectF> m_selected;
    /// Rows below the LOD's levels in a zoomed-out frame, where nested spans may be (hatched, not blank).
    std::vector<QRectF> m_unsummarised;
    /// The batches of this frame by colour (kept between frames for their capacity).
    std::unordered_map<QRgb, std::vector<QRectF>> m_batches;
};

} // namespace rs::views
