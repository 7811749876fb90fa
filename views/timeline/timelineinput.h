#pragma once
// The timeline's input handling: mouse, wheel and key events turned into commands on the interaction
// state (zoom, pan, select, mark an area, back/forward, fit, hover) and into the few things only the view can
// do (scroll, collapse a rank, report a clicked span, a drafted annotation, an annotation to edit). Keys come
// from the one table in timelinekeys.h. It reads the frame on screen through its host (layout, mapping, hit
// tests) and holds the drag in progress, which the next frame draws. GUI thread.
#include "views/annotate/annotationmodel.h"
#include "views/timeline/framebuilder.h"

#include <QPoint>
#include <optional>

namespace rs::views {

class TimelineInputHost {
  public:
    virtual ~TimelineInputHost() = default;
    /// The frame as it stands (current window, layout, data, scroll).
    virtual FrameInput currentFrame() const = 0;
    virtual int scrollValue() const = 0;
    virtual void setScrollValue(int y) = 0;
    virtual void toggleCollapsed(int rank) = 0;
    /// Shows every nesting level of a lane, or its first few again.
    virtual void toggleExpanded(int64_t trackId) = 0;
    virtual void activateSpan(int64_t spanId) = 0;
    /// A click on a LOD bucket (a zoomed-out span, no span id): select the span it draws once the index
    /// says which (asynchronous; nothing without a query service).
    virtual void selectBucketSpan(const Lane&, const query::DrawItem&) {}
    virtual void draftAnnotation(const annotate::Annotation& a) = 0;
    virtual void editAnnotation(const QString& id) = 0;
    /// The annotation label at a point of the frame on screen, or empty.
    virtual QString calloutAt(QPoint pos) const = 0;
    /// The drag overlay changed: repaint.
    virtual void overlayChanged() = 0;
    /// J: follow the selected span's flow to its other end; false when there is none.
    virtual bool followFlowKey() { return false; }
    /// A click on the label of a flow arrow's off-screen end: go to that end; false when none is there.
    virtual bool followFlowLabel(QPoint) { return false; }
};

class TimelineInput {
  public:
    TimelineInput(InteractionState* state, TimelineInputHost* host) : m_state(state), m_host(host) {}
    void setAnnotations(AnnotationModel* m) { m_annotations = m; }

    void press(QPoint pos, Qt::MouseButton button, Qt::KeyboardModifiers mods);
    void move(QPoint pos);
    /// The pointer left the widget: the keys' zoom no longer centres on it.
    void leave() { m_pointer.reset(); }
    void release(QPoint pos);
    void doubleClick(QPoint pos);
    /// Wheel: zoom around the cursor; Shift or over the gutter: scroll the lanes. `deltaY` in 1/8 degrees.
    void wheel(QPointF pos, int deltaY, Qt::KeyboardModifiers mods);
    /// A key; `back`/`forward` when it matches the platform's Back/Forward sequence. False: not a
    /// timeline key (the widget passes it on).
    bool key(int key, Qt::KeyboardModifiers mods, bool back, bool forward);

    /// The selection of span `item` (with its id) of `rank` on lane `trackId` (0: not known): its op type,
    /// extent and lane.
    static Selection spanSelection(const query::ProfileSummary& summary, int rank,
                                   const query::DrawItem& item, int64_t trackId = 0);
    /// What the next frame draws of the drag in progress.
    DragOverlay overlay() const;
    /// The annotation `tool` makes from a press at `a` and a release at `b` in `in`'s frame.
    static std::optional<annotate::Annotation> draftFrom(const FrameInput& in, AnnotationModel::Tool tool,
                                                         QPoint a, QPoint b);
    /// The area a drag from `a` to `b` marks in `in`'s frame: the window between the two x (on the frame's
    /// axis, aligned when it is) over every lane the drag's rows cross (a collapsed rank's header: all its
    /// shown kinds of track). None for a click (under 3 px wide) or outside the lanes.
    static std::optional<MarkedArea> areaFrom(const FrameInput& in, QPoint a, QPoint b);
    /// The area a box or a range annotation covers (its time, on each rank's own clock, over exactly its
    /// lanes; without lanes every lane of its ranks the statistics read by default); none with `why` set for
    /// another kind or a lane its rank lacks.
    static std::optional<MarkedArea> areaOf(const FrameInput& in, const annotate::Annotation& a,
                                            QString& why);

  private:
    void click(QPoint pos);
    /// Zooms by `factor` about keyAnchorPx().
    void zoomBy(double factor);
    /// Zooms by `factor` holding still the time at widget x `px` (TimeMapping::zoomAnchor's rule).
    void zoomAt(double px, double factor);
    /// Where the keys' zoom holds still (widget x): the selection's middle where it is in the window (its
    /// shown part's), else the pointer while it is over the plot, else the plot's middle.
    double keyAnchorPx() const;
    void panBy(double fraction);
    AnnotationModel::Tool tool() const {
        return m_annotations ? m_annotations->tool() : AnnotationModel::Tool::None;
    }

    InteractionState* m_state;
    TimelineInputHost* m_host;
    AnnotationModel* m_annotations = nullptr;
    enum class Drag { None, Pan, Select, Draft, Area };
    Drag m_drag = Drag::None;
    QPoint m_pressPos, m_dragPos;
    std::optional<QPoint> m_pointer; ///< where the pointer is over the widget (none: outside it)
    /// The last zoom's anchor: its exact time (from the window's start), its pixel and the window it made.
    /// The next zoom at that pixel of that window holds the same time, not the pixel's time re-read and
    /// rounded to a ns (which drifted a pixel or more a step at a sub-µs window: r50d #2).
    struct ZoomHold {
        double px = 0, anchorOffsetNs = 0; ///< the anchor's offset from t0, ns
        qint64 t0 = 0, t1 = 0;
    };
    std::optional<ZoomHold> m_zoomHold;
    qint64 m_pressT0 = 0, m_pressT1 = 0;
    int m_pressScroll = 0;
};

} // namespace rs::views
