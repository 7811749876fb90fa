#pragma once
// The per-rank step timeline widget: lanes grouped by rank, spans coloured by op type (communication in its
// own hue family), step bands with outlier marks, communication waits as hatched red regions linked to the
// blamed (last-arriving) rank, idle gaps before collectives in orange. Navigation: wheel zoom around the
// cursor, drag to pan, Shift-drag to select a range (zooms to it), W/S zoom, A/D pan, F fit, double-click
// to zoom to a span, Back/Forward through the zoom history (timelinekeys.h).
//
// A thin widget wiring the timeline's parts: the TimelineScene (summary, layout, draw data, hits), the
// FrameBuilder that turns it into a DrawList, the one painter that replays the list (paintDrawList, also
// used by the PNG and SVG exports), the hit tester (tooltips, clicks) and the TimelineInput that turns
// events into interaction-state commands. Data comes from the QueryService (worker thread, stale answers
// dropped) or, for tests and benchmarks, from setTimelineData(). GUI thread only.
#include "core/query/queryservice.h"
#include "views/annotate/annotationmodel.h"
#include "views/common/interactionstate.h"
#include "views/timeline/timelineinput.h"
#include "views/timeline/timelinescene.h"

#include <QWidget>
#include <memory>

class QScrollBar;

namespace rs::views {

class TimelineView : public QWidget, private TimelineInputHost {
    Q_OBJECT
  public:
    TimelineView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    const std::shared_ptr<const query::ProfileSummary>& summary() const { return m_scene.summary(); }
    /// What the timeline shows apart from the window (an export copies it and asks for every lane).
    const TimelineScene& scene() const { return m_scene; }
    /// Lanes shown, collapsed, pinned, hidden kinds, filter (a saved view).
    const LayoutOptions& layoutOptions() const { return m_scene.layoutOptions(); }
    void setLayoutOptions(const LayoutOptions& o);
    /// Supplies draw data directly (tests, benchmarks); normally data arrives from the service.
    void setTimelineData(std::shared_ptr<const query::TimelineData> d);
    /// The draw data currently shown (null before the first answer).
    const query::TimelineData* timelineData() const { return m_scene.data(); }
    /// The request the view would send for its current window and size.
    query::TimelineWindow currentRequest() const;
    void setShowWaits(bool on);
    bool showWaits() const { return m_scene.showWaits(); }
    /// Draws every rank on its clock-aligned time (the offsets the analysis estimated from collective ends)
    /// instead of its raw timestamps.
    void setAligned(bool on);
    bool aligned() const { return m_scene.aligned(); }
    void setTrackFilter(const QString& f);
    void setCollapsed(int rank, bool collapsed);
    /// Shows every nesting level of a lane (up to LayoutOptions::expandedMaxRows), or its first few.
    void setExpanded(qint64 trackId, bool expanded);
    /// Pins a track to the top (or unpins it).
    void setPinned(qint64 trackId, bool pinned);
    const std::vector<int64_t>& pinnedTracks() const { return layoutOptions().pinned; }
    /// Shows or hides a track kind (overlap and counter lanes are hidden by default).
    void setKindVisible(const QString& kind, bool visible);
    /// Outlines these spans (search matches, a cell's kernels) at any zoom; `trackIds[i]` is the track of
    /// `spans[i]`.
    void setSearchHits(const std::vector<query::DrawItem>& spans, const std::vector<qint64>& trackIds);
    /// The annotations to draw (timeline ones) and to draft with its tool; null draws none.
    void setAnnotations(AnnotationModel* m);
    /// Shows only these ranks (rank keys); empty shows every rank.
    void setVisibleRanks(const std::set<int>& ranks);
    const std::set<int>& visibleRanks() const { return layoutOptions().onlyRanks; }
    const std::set<int>& collapsedRanks() const { return layoutOptions().collapsedRanks; }
    /// No scrollbar and no footer (legend, notes): a picture's layout, whose caption carries them.
    void setExportMode(bool on);
    /// The height that shows every lane (axis + all lanes + a margin), for a full-height export.
    int fullHeight() const { return m_scene.fullHeight(); }
    /// Draws the flow arrows of every span in the window (View ▸ Show flows in the window) of the
    /// categories turned on; the selected span's arrows are drawn always.
    void setWindowFlows(bool on);
    bool windowFlows() const { return m_windowFlows; }
    /// The flow categories drawn in the window (setWindowFlows).
    void setFlowCategories(const std::set<QString>& on);
    const std::set<QString>& flowCategories() const { return m_flowCategories; }
    /// The categories the open profile's flows have (arrive after setSummary: flowCategoriesKnown).
    const QStringList& profileFlowCategories() const { return m_profileCategories; }
    /// Follows the selected span's flow (J): selects the span at the other end (host op → kernel → back to
    /// that host op, FlowOverlay::next),
    /// moves the window to show it and scrolls to its lane. False when the span has no flow (yet).
    bool followFlow();
    /// Selects the span at a flow's end (`target`, by value: the overlay changes with the selection), moves
    /// the window to show it and scrolls to its lane; J then comes back to the span selected before.
    void goToFlowEnd(query::FlowEnd target);
    /// The last frame painted (tests: what is where on screen).
    const DrawList& paintedFrame() const { return m_frame; }
    /// Draws annotations at all (View ▸ Show annotations, export --no-annotations).
    void setAnnotationsShown(bool on);
    int scrollOffset() const;
    void setScrollOffset(int y);
    /// Scrolls vertically so the lane of `trackId` is in view (expanding its rank when collapsed), with its
    /// rank's name above it when they fit together.
    void scrollToTrack(qint64 trackId);
    /// The frame's input as the view stands (tests; the hit tester and the input read the same).
    FrameInput frameInput() const;
    /// Pixel geometry, for tests: the x of a time and the y-range of a rank's block (header + tracks).
    double xOf(qint64 ns) const;
    QRect rankBlock(int rank) const;
    QRect laneRect(qint64 trackId) const;
    /// The tooltip of the ruler's step name at `pos` (widget px) in the last frame painted, or empty.
    QString stepNameTooltip(const FrameInput& in, QPoint pos) const;
    const std::vector<Lane>& lanes() const { return m_scene.layout().lanes(); }
    static constexpr int kGutter = Viewport::kGutter;
    static constexpr int kAxis = Viewport::kAxis;
    /// The view's least height (px): the ruler, a one-line footer and three lanes. It was 200, which left
    /// the op heatmap of a 640 × 480 window two rows (walk 45).
    static constexpr int kMinHeight = 150;
    /// The lanes' height in view (px): the view less its ruler and its footer (legend, notes).
    int lanesHeight() const { return viewport().lanesBottom() - viewport().lanesTop(); }

  Q_SIGNALS:
    void spanActivated(qint64 spanId); ///< a span was clicked (Details panel)
    /// The user drew an annotation with the model's tool or asked for one from the context menu; the
    /// app asks for its text and adds it (its text is empty).
    void annotationDrafted(const rs::annotate::Annotation& a);
    /// The user double-clicked an annotation's label (or chose Edit in its menu): the app edits its text.
    void annotationEditRequested(const QString& id);
    /// New draw data arrived.
    void timelineDataChanged();
    /// The open profile's flow categories are known (profileFlowCategories()).
    void flowCategoriesKnown(const QStringList& categories);
    /// New flow arrows arrived (the selected span's or the window's).
    void flowsChanged();
    /// Something a key did not do, and why (for the status bar).
    void notice(const QString& text);
    /// The annotations drawn without their label in the last frame painted changed (their texts, quoted;
    /// empty: none):
    /// the export's caption says so, the app's status bar too (walk 54a: at 800 px a hidden label was said
    /// nowhere in the app).
    void unlabelledChanged(const QStringList& ids);

  protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void contextMenuEvent(QContextMenuEvent*) override;
    bool event(QEvent*) override;

  private:
    // TimelineInputHost
    FrameInput currentFrame() const override { return frameInput(); }
    int scrollValue() const override { return scrollOffset(); }
    void setScrollValue(int y) override { setScrollOffset(y); }
    void toggleCollapsed(int rank) override;
    void toggleExpanded(int64_t trackId) override;
    void activateSpan(int64_t spanId) override { Q_EMIT spanActivated(spanId); }
    void draftAnnotation(const annotate::Annotation& a) override { Q_EMIT annotationDrafted(a); }
    void editAnnotation(const QString& id) override { Q_EMIT annotationEditRequested(id); }
    QString calloutAt(QPoint pos) const override;
    void overlayChanged() override { update(); }
    /// J: follows the flow, else says why it cannot (walk 53b: J on a span without arrows did nothing).
    bool followFlowKey() override;
    bool followFlowLabel(QPoint pos) override;
    void selectBucketSpan(const Lane& lane, const query::DrawItem& bucket) override;
    /// The answer to selectBucketSpan's request: its span selected (false: not that answer).
    bool bucketSpanArrived(quint64 id, const QVariant& v);

    Viewport viewport() const;
    /// The notes the footer shows: whole, or in a view under kCompactFooterBelow one elided line.
    QString footerNotes() const;
    /// The compact footer's tooltip: the legend's labels and the notes, whole.
    QString compactFooterTip() const;
    void relayout();      ///< scrollbar range and footer for the layout and size
    void applyGeometry(); ///< scrollbar, layout and data request for the current size
    void requestData();
    void requestFlows(); ///< the selected span's (when it changed) and the window's, as switched on
    void flowsArrived(quint64 id, const QVariant& v);
    void rebuildFlows();
    /// Brings a selection made in another view into sight: its time into the window, its rank's block
    /// into view from its top.
    void follow(const Selection& s);

    InteractionState* m_state;
    query::QueryService* m_service;
    TimelineScene m_scene;
    FrameBuilder m_builder;
    TimelineInput m_input;
    DrawList m_frame;         ///< the last frame painted (its annotation labels: tooltips, double-click)
    QStringList m_unlabelled; ///< its annotations drawn without their label (unlabelledChanged)
    QScrollBar* m_vbar;
    quint64 m_pending = 0;
    AnnotationModel* m_annotations = nullptr;
    bool m_exportMode = false;
    int m_footer = 0;
    int m_noteStrip = 0; ///< the flow note's strip under the lanes (relayout: the scroll range leaves it out)
    bool m_ownInput = false; ///< a selection made by this view's own input (no following)
    /// A tooltip this view showed may be up: one over the lanes describes what was under the cursor before
    /// a zoom or scroll, and Qt hides it on a click or wheel but not on a key (+/- zoom left it over
    /// another span), so a change of window or scroll hides it (hideStaleTooltip).
    bool m_tipShown = false;
    void hideStaleTooltip();
    bool m_windowFlows = false;
    std::set<QString> m_flowCategories;
    QStringList m_profileCategories;
    quint64 m_spanFlowsPending = 0, m_windowFlowsPending = 0, m_categoriesPending = 0;
    quint64 m_bucketPending = 0; ///< the clicked LOD bucket's span asked for (0: none)
    int m_bucketRank = -1;       ///< its lane's rank
    int64_t m_bucketTrack = 0;   ///< its lane
    qint64 m_spanFlowsOf = 0;    ///< the span whose arrows were asked for (0: none)
    qint64 m_jumpedFrom = 0;     ///< the span J last left (J from where it went comes back)
    std::vector<query::FlowArrow> m_spanFlows, m_windowFlowArrows;
    query::FlowArrows m_windowFlowCounts; ///< the window's answer's counts (its arrows moved out)
};

} // namespace rs::views
