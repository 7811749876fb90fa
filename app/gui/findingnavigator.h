#pragma once
// Where each finding kind points, in one place. targetOf() decides it from the finding alone (pure): the
// time (the finding's own, else its step's), the ranks it concerns (the one it names and those that
// waited for it), the selection (a stall's, late or slow rank's culprit collective — a slow card's with
// every op type it names, so the heatmap outlines each of those cells; a straggler's or bank anomaly's op
// type; a slow link's matrix cell; an outlier step), the heatmap cell that shows it and the panel to raise.
// The window's navigator applies a target to the interaction state and the docks (go); the report's pictures
// (reportdocument.cpp) are taken from the same targets. GUI thread only (targetOf: any thread).
#include "app/gui/finding.h"
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

class QMainWindow;

namespace rs::views {
class HeatmapView;
class MemoryMapView;
class TimelineView;
} // namespace rs::views

namespace rs::gui {

class SearchController;

struct FindingTarget {
    enum class Panel { None, Heatmap, Memory, Communication };
    std::optional<std::pair<int64_t, int64_t>> extent; ///< absolute ns: the finding's time, else its step's
    std::vector<int> ranks;     ///< the rank it names, then the ranks that waited for it (each once)
    views::Selection selection; ///< Kind::None: nothing to select
    QStringList cellOps; ///< the heatmap cells (op types × cellRank) that show it, slowest first; empty: none
    int cellRank = -1;
    Panel panel = Panel::None; ///< the dock raised with it
};

class FindingNavigator {
  public:
    /// `search` highlights a cell's kernels when the finding has no time of its own (a straggler);
    /// `timeline` (may be null) is scrolled to the finding's rank.
    /// `memory` (may be null): its map of a bank anomaly's rank says when the op's tensors are alive (the
    /// finding has no time); the one the view loads as it follows the finding's selection.
    FindingNavigator(QMainWindow* window, views::InteractionState* state, views::HeatmapView* heatmap,
                     SearchController* search, views::TimelineView* timeline = nullptr,
                     views::MemoryMapView* memory = nullptr);
    /// The profile (run) on screen: its steps locate a finding that names only a step.
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    /// Where `f` points; `s` (may be null) locates a step.
    static FindingTarget targetOf(const Finding& f, const query::ProfileSummary* s);
    /// Goes to `f` in every view: the window around it (or, without a time, around its cell's longest
    /// kernel), its selection (none: the previous finding's goes, with the link's outline, caption and
    /// track filter), its heatmap cell, its panel, and its rank's lanes scrolled into view in the layout
    /// the selection left (walk 13: after a slow link had filtered to ranks 1 and 5, a stall's rank stayed
    /// off screen). Returns what the status bar should say when its rank stays hidden ("" when shown).
    QString go(const Finding& f);
    /// The Details panel's text for `f`.
    static QString describe(const Finding& f);
    /// When rank `d`'s tensors allocated by `op` are alive (absolute ns): the first allocation to the last
    /// release (the data's end for one never released); nullopt when no tensor names `op`.
    static std::optional<std::pair<int64_t, int64_t>> lifetimeOf(const query::MemoryMapData& d,
                                                                 const std::string& op);

  private:
    void raise(FindingTarget::Panel p);
    /// The window around [a, b] with a margin, inside the run (recorded: Back returns).
    void showExtent(int64_t a, int64_t b);
    /// A bank anomaly names no time: the window goes where the op's tensors are alive on its rank's memory
    /// map (r47c #6: the window stayed, the outline off screen), the memory view's: shown now, or once the
    /// view has loaded it (it goes to the finding's rank with its selection). Asked of the query service
    /// apart, the rank's whole map was read twice (walk 48).
    void askLifetime(const Finding& f);
    /// The window to the lifetime asked for, when the memory view shows that rank's map.
    void answerLifetime();
    QMainWindow* m_window;
    views::InteractionState* m_state;
    views::HeatmapView* m_heatmap;
    SearchController* m_search;
    views::TimelineView* m_timeline;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    views::MemoryMapView* m_memory;
    int m_lifetimeRank = -1; ///< the rank whose map a bank anomaly waits for (-1: none waits)
    std::string m_lifetimeOp;
    QObject m_answers; ///< the view's signals reach this navigator only while it lives
};

} // namespace rs::gui
