#pragma once
// The per-rank step timeline: lanes grouped by rank, spans coloured by op type (communication in its own
// hue family), step bands with outlier marks, communication waits as hatched red regions linked to the
// blamed (last-arriving) rank, idle gaps before collectives in orange. Navigation: wheel zoom around the
// cursor, drag to pan, Shift-drag to select a range (zooms to it), W/S zoom, A/D pan, F fit, double-click
// to zoom to a span, Back/Forward through the zoom history. Data comes from the QueryService (worker
// thread, stale answers dropped) or, for headless export, from setTimelineData(). GUI thread only.
#include "core/query/queryservice.h"
#include "views/annotate/annotationmodel.h"
#include "views/common/interactionstate.h"
#include "views/common/timemapping.h"
#include "views/timeline/timelinelayout.h"
#include "views/timeline/waitindex.h"

#include <QHash>
#include <QWidget>
#include <memory>

class QScrollBar;

namespace rs::views {

class TimelineView : public QWidget {
    Q_OBJECT
  public:
    TimelineView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    const std::shared_ptr<const query::ProfileSummary>& summary() const { return m_summary; }
    /// Lanes shown, collapsed, pinned, hidden kinds, filter (a copy of the view for export, a saved view).
    const LayoutOptions& layoutOptions() const { return m_layoutOpts; }
    void setLayoutOptions(const LayoutOptions& o);
    /// Supplies draw data directly (headless export); normally data arrives from the service.
    void setTimelineData(std::shared_ptr<const query::TimelineData> d);
    /// The draw data currently shown (null before the first answer).
    const query::TimelineData* timelineData() const { return m_data.get(); }
    /// The request the view would send for its current window and size.
    query::TimelineWindow currentRequest() const;
    void setShowWaits(bool on);
    /// Draws every rank on its clock-aligned time (the offsets the analysis estimated from collective ends)
    /// instead of its raw timestamps.
    void setAligned(bool on);
    bool aligned() const { return m_aligned; }
    /// The mapping for a rank's lanes: the view's mapping shifted by the rank's clock offset when aligned.
    TimeMapping rankMapping(const TimeMapping& tm, int rank) const;
    bool showWaits() const { return m_showWaits; }
    void setTrackFilter(const QString& f);
    void setCollapsed(int rank, bool collapsed);
    /// Pins a track to the top (or unpins it).
    void setPinned(qint64 trackId, bool pinned);
    const std::vector<int64_t>& pinnedTracks() const { return m_layoutOpts.pinned; }
    /// Shows or hides a track kind (overlap and counter lanes are hidden by default).
    void setKindVisible(const QString& kind, bool visible);
    void setSearchHits(const std::vector<qint64>& spanIds);
    /// The annotations to draw (timeline ones) and to draft with its tool; null draws none.
    void setAnnotations(AnnotationModel* m);
    /// Shows only these ranks (rank keys); empty shows every rank.
    void setVisibleRanks(const std::set<int>& ranks);
    const std::set<int>& visibleRanks() const { return m_layoutOpts.onlyRanks; }
    const std::set<int>& collapsedRanks() const { return m_layoutOpts.collapsedRanks; }
    /// Export layout: no scrollbar and no overlays (legend, notes): the export's caption carries them.
    void setExportMode(bool on);
    /// The height that shows every lane (axis + all lanes + a margin), for a full-height export.
    int fullHeight() const;
    /// Resizes and, unlike resize() on a hidden widget (whose resize event waits until it is shown), lays
    /// out and asks for the data of every lane the new size shows at once: an off-screen export copy.
    void resizeNow(int width, int height);
    /// The colour legend (compute, communication, waits, idle gaps): its size and drawing it anywhere
    /// (the export's caption places it where it hides nothing).
    QSize legendSize() const;
    void drawLegend(QPainter& p, QPoint topLeft) const;
    /// Draws annotations at all (View ▸ Show annotations, export --no-annotations).
    void setAnnotationsShown(bool on);
    int scrollOffset() const;
    void setScrollOffset(int y);
    /// Scrolls vertically so the lane of `trackId` is in view (expanding its rank when collapsed).
    void scrollToTrack(qint64 trackId);
    /// Pixel geometry, for tests: the x of a time and the y-range of a rank's block (header + tracks).
    double xOf(qint64 ns) const;
    QRect rankBlock(int rank) const;
    QRect laneRect(qint64 trackId) const;
    const std::vector<Lane>& lanes() const { return m_lanes; }
    static constexpr int kGutter = 170;
    static constexpr int kAxis = 28;

  Q_SIGNALS:
    void spanActivated(qint64 spanId); ///< a span was clicked (Details panel)
    /// The user drew an annotation with the model's tool or asked for one from the context menu; the
    /// app asks for its text and adds it (its text is empty).
    void annotationDrafted(const rs::annotate::Annotation& a);
    /// The user double-clicked an annotation's label (or chose Edit in its menu): the app edits its text.
    void annotationEditRequested(const QString& id);
    /// New draw data arrived (an export waits for it).
    void timelineDataChanged();

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
    struct Hit {
        const query::DrawItem* item = nullptr;
        const query::WaitDesc* wait = nullptr;
        const Lane* lane = nullptr;
        const query::CounterSeries* counter = nullptr;
        int64_t counterNs = 0;
    };
    void relayout();
    void applyGeometry(); ///< scrollbar, layout and data request for the current size
    void requestData();
    TimeMapping mapping() const;
    Hit hitAt(QPoint pos) const;
    QString tooltipFor(const Hit& h) const;
    QString opTypeOf(const query::DrawItem& it) const;
    int contentTop() const { return kAxis; }
    /// Where the lanes end: above the footer that holds the legend and the notes, so neither covers a
    /// lane or an annotation label (the whole height in export mode, whose caption carries them).
    int lanesBottom() const { return height() - footerHeight(); }
    int footerHeight() const;
    QString notesText() const;
    int barWidth() const;
    void paintSteps(QPainter& p, const TimeMapping& tm);
    void paintLanes(QPainter& p, const TimeMapping& tm);
    void paintWaits(QPainter& p, const TimeMapping& tm);
    void paintChart(QPainter& p, const TimeMapping& tm, const Lane& l, int y);
    void paintAxis(QPainter& p, const TimeMapping& tm);
    void paintGutter(QPainter& p);
    void paintLegend(QPainter& p);
    void paintNotes(QPainter& p);
    void paintAnnotations(QPainter& p, const TimeMapping& tm);
    void paintDraft(QPainter& p);
    /// The annotation the model's tool makes from a press at `a` and a release at `b`.
    std::optional<annotate::Annotation> draftFrom(QPoint a, QPoint b) const;
    /// y-extent of the lanes of `ranks` (every rank when empty), in widget pixels.
    QRectF ranksExtent(const std::vector<int>& ranks) const;
    int rankAtY(int y) const;
    std::optional<int64_t> stepAt(int rank, int64_t ns) const;

    InteractionState* m_state;
    query::QueryService* m_service;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    WaitIndex m_waits; ///< m_summary's waits by rank and time (built in setSummary)
    std::shared_ptr<const query::TimelineData> m_data;
    QHash<qint64, const query::TrackDraw*> m_byTrack;
    QHash<qint64, const query::CounterSeries*> m_counters;
    mutable QHash<int32_t, QString> m_opTypeCache;
    QHash<qint64, QColor> m_colorCache;
    quint64 m_pending = 0;
    LayoutOptions m_layoutOpts;
    std::vector<Lane> m_lanes;
    QScrollBar* m_vbar;
    bool m_showWaits = true;
    bool m_aligned = false;
    QSet<qint64> m_searchHits;
    AnnotationModel* m_annotations = nullptr;
    bool m_annotationsShown = true;
    bool m_exportMode = false;
    bool m_drafting = false;
    /// The labels drawn in the last paint, by annotation id: tooltips, double-click to edit.
    std::vector<std::pair<QRectF, QString>> m_callouts;
    QString calloutAt(QPoint pos) const;
    QPoint m_draftEnd;
    // interaction
    bool m_dragging = false, m_selecting = false;
    QPoint m_pressPos;
    qint64 m_pressT0 = 0, m_pressT1 = 0;
    int m_selectX0 = 0, m_selectX1 = 0;
};

} // namespace rs::views
