#pragma once
// What is under a point of a timeline frame — a span (or a merged bucket), a wait, a lane, a counter
// sample, an annotation's label — and its tooltip text. It reads the same FrameInput the frame was built
// from (layout, mapping, the window's data, WaitIndex), windowed: the items of one lane around one time,
// the waits of one rank around one time. Any thread; the hit keeps pointers into the FrameInput's data.
#include "views/timeline/drawlist.h"
#include "views/timeline/framebuilder.h"

#include <optional>

namespace rs::views {

struct TimelineHit {
    const Lane* lane = nullptr;
    std::optional<query::DrawItem> item; ///< a span, or a LOD bucket (spanId 0)
    const query::WaitDesc* wait = nullptr;
    const query::CounterSeries* counter = nullptr;
    int64_t counterNs = 0; ///< the time under the point on a counter lane
    /// The lane's unread tail under the point (its file was cut there), where no span is.
    const query::UnreadTail* unread = nullptr;
};

/// The hit at `pos` (widget pixels). Waits win over spans on headers and communication lanes (where they
/// are hatched); on a compute lane a span wins and a wait is what is under an empty spot.
TimelineHit hitTest(const FrameInput& in, QPointF pos);
/// The tooltip of a hit (rich text), empty for nothing.
QString tooltipFor(const FrameInput& in, const TimelineHit& h);
/// The tooltip of an annotation's label.
QString annotationTooltip(const annotate::Annotation& a, int64_t boundsStart);
/// The id of the annotation whose label is at `pos` in a built frame (the last drawn on top), or empty.
QString calloutAt(const DrawList& frame, QPointF pos);
/// The tooltip of the flow arrow label at `pos`, or of the arrow within a few pixels of it, in a built frame
/// (the last drawn on top), or empty.
QString flowTooltipAt(const DrawList& frame, QPointF pos);
/// The label of an arrow's off-screen end at `pos` in a built frame (the last drawn on top), or null.
const FlowLabel* flowLabelAt(const DrawList& frame, QPointF pos);

} // namespace rs::views
