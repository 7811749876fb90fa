#pragma once
// Where the labels of flow arrows' off-screen ends stand. They were drawn in their lane's rows beside the
// arrow's end whatever was there: over host threads' spans and their names, and on MindStudio Insight's
// level1 db over a MEMCPY_ASYNC task and the end of the arrow pointing at it (issue 19). A label takes the
// free spot (no span, no arrow's end, no other label) nearest the place it names, in the rows it may use
// (its arrow's lanes, the rank's header row above them: the lane gaps), on either side of the arrow's end
// or beside another label; only where none is free does it cover data (FrameBuilder draws it see-through
// then). Pure geometry in widget pixels; any thread.
#include <QPointF>
#include <QRectF>
#include <optional>
#include <vector>

namespace rs::views {

/// Rows a label may stand in and the top-left corner it would take there if free.
struct LabelRegion {
    QRectF rows;
    QPointF wanted;
};

class FlowLabelPlacer {
  public:
    /// `bounds`: the plot; `data`: the rects a label must not cover (spans, charts, hatched tails);
    /// `ends`: the arrows' ends (their heads and start dots), kept clear of labels before data is.
    FlowLabelPlacer(const QRectF& bounds, std::vector<QRectF> data, std::vector<QRectF> ends);
    /// px a label spot's distance from its place may grow per region further down the preference order:
    /// a spot in the next region is taken over one this much further away in the first.
    static constexpr double kRegionPenaltyPx = 400;

    /// The free `size` box nearest its wanted corner over `regions` (preferred first), or none.
    std::optional<QRectF> freeSpot(const std::vector<LabelRegion>& regions, QSizeF size) const;
    /// The box over `regions` that covers the least data, off the labels placed and off the arrows' ends
    /// where any spot is; none when every spot covers a placed label.
    std::optional<QRectF> leastCovering(const std::vector<LabelRegion>& regions, QSizeF size) const;
    /// Keeps later labels off `box`.
    void reserve(const QRectF& box) { m_labels.push_back(box); }

  private:
    /// The tops a box `h` px high may take in `rows`, every px (a lane's rows start at odd offsets).
    static std::vector<double> tops(const QRectF& rows, double h);
    /// px² of `data` under `box`.
    static double covered(const std::vector<QRectF>& data, const QRectF& box);
    static bool meets(const std::vector<QRectF>& rects, const QRectF& box);

    QRectF m_bounds;
    std::vector<QRectF> m_data, m_ends, m_labels;
};

} // namespace rs::views
