#pragma once
// What the timeline shows apart from the window and the mouse: the profile's summary with its waits by
// rank and time, the layout of its lanes, the last draw data, the highlighted hits and the display
// switches (waits, clock alignment, annotations). The widget owns one; an export owns or copies one, asks
// for the draw data of every lane and builds its frame from it, so a picture shows what the screen
// shows. A value type (shared immutable parts); GUI thread, or any thread that owns its copy.
#include "views/timeline/framebuilder.h"

#include <QPalette>
#include <memory>

namespace rs::views {

class AnnotationModel;

class TimelineScene {
  public:
    void setSummary(std::shared_ptr<const query::ProfileSummary> s); ///< drops the draw data and hits
    const std::shared_ptr<const query::ProfileSummary>& summary() const { return m_summary; }
    const LayoutOptions& layoutOptions() const { return m_options; }
    void setLayoutOptions(const LayoutOptions& o);
    const TimelineLayout& layout() const { return *m_layout; }
    void setData(std::shared_ptr<const query::TimelineData> d);
    const query::TimelineData* data() const { return m_data ? &m_data->data() : nullptr; }
    /// The spans to outline (search matches, a cell's kernels); `trackIds[i]` is the track of `items[i]`.
    void setHits(const std::vector<query::DrawItem>& items, const std::vector<int64_t>& trackIds);
    void setShowWaits(bool on) { m_showWaits = on; }
    bool showWaits() const { return m_showWaits; }
    void setAligned(bool on) { m_aligned = on; }
    bool aligned() const { return m_aligned; }
    void setAnnotationsShown(bool on) { m_annotationsShown = on; }
    bool annotationsShown() const { return m_annotationsShown; }
    /// The flow arrows to draw (the selected span's and the window's); null draws none.
    void setFlows(std::shared_ptr<const FlowOverlay> f) { m_flows = std::move(f); }
    const std::shared_ptr<const FlowOverlay>& flows() const { return m_flows; }
    /// The request for the flows of the window [t0, t1] over the lanes between content y `top` and `bottom`
    /// in `categories` (aligned: the union of the ranks' shifted windows, as request() asks).
    query::FlowWindow flowRequest(int64_t t0, int64_t t1, int top, int bottom,
                                  const std::vector<std::string>& categories) const;

    /// The request for the window [t0, t1] drawn `widthPx` wide, for the lanes between content y `top`
    /// and `bottom` (aligned: the union of the ranks' shifted windows).
    query::TimelineWindow request(int64_t t0, int64_t t1, int widthPx, int top, int bottom) const;
    /// The height that shows every lane (ruler, lanes and a margin).
    int fullHeight() const { return Viewport::kAxis + m_layout->height() + 8; }
    /// The summary's notes (another clock, ranks missing), one per line.
    QString notes() const;
    /// A frame's input: this scene in `vp`, the window and selection of `state`, the annotations of
    /// `annotations` that belong on the shown run's lanes (none when null or hidden).
    FrameInput frame(const Viewport& vp, const InteractionState& state, const AnnotationModel* annotations,
                     const QPalette& palette, const QFont& font) const;
    /// A picture's frame: `width` px wide, every lane (or `height` px), no scrollbar and no footer (the
    /// picture's caption carries the legend and the notes).
    FrameInput picture(int width, int height, const InteractionState& state,
                       const AnnotationModel* annotations) const;

  private:
    std::shared_ptr<const query::ProfileSummary> m_summary;
    std::shared_ptr<const WaitIndex> m_waits = std::make_shared<WaitIndex>();
    LayoutOptions m_options;
    std::shared_ptr<const TimelineLayout> m_layout = std::make_shared<TimelineLayout>();
    std::shared_ptr<const IndexedData> m_data;
    std::shared_ptr<const HitList> m_hits;
    std::shared_ptr<const FlowOverlay> m_flows;
    bool m_showWaits = true;
    bool m_aligned = false;
    bool m_annotationsShown = true;
};

} // namespace rs::views
