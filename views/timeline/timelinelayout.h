#pragma once
// Vertical layout of the timeline: one header row per rank (collapsible) and below it the rank's visible
// tracks (compute streams, HCCL groups and planes, overlap analysis, host threads), each as tall as its
// nesting depth (capped), and the pinned tracks above them all. TimelineLayout adds the lookups a frame,
// a hit test and the scrolling need (a track's lane, a rank's block, the lane at a y) and the viewport
// that turns the layout's content y into widget pixels. Pure value types; any thread. Pixels.
#include "core/query/timelinequery.h"

#include <QRectF>
#include <QString>
#include <memory>
#include <set>
#include <unordered_map>
#include <vector>

namespace rs::views {

/// What a lane draws, decided once from its track kind (frames and hit tests compare these, not text).
enum class LaneKind : uint8_t { Header, Compute, Communication, Host, Overlap, Counter, Memory, Other };
LaneKind laneKindOf(const QString& kind);

struct Lane {
    bool header; ///< the rank's header row
    int rank;
    int64_t trackId; ///< 0 for a header
    QString label;
    QString kind;
    int y, height;
    int rows;            ///< depth rows drawn
    bool pinned = false; ///< shown in the Pinned group above the ranks
    LaneKind laneKind = LaneKind::Other;
    int depthRows =
        0; ///< the track's nesting levels (rows < depthRows: the lane is capped, said in its label)
    query::OutsideSamples outside = {}; ///< a counter lane's samples outside the run's range (its track's)
    bool chart() const { return laneKind == LaneKind::Counter || laneKind == LaneKind::Memory; }
};

struct LayoutOptions {
    static constexpr int kHeaderHeight = 18;
    /// Above this many ranks a profile opens as the rank overview: every rank collapsed to one low row.
    static constexpr int kOverviewRanks = 16;
    static constexpr int kOverviewHeaderHeight = 11;
    int headerHeight = kHeaderHeight;
    int rowHeight = 13;
    int maxRows = 3;                  ///< rows of a lane unless expanded
    int expandedMaxRows = 40;         ///< rows of an expanded lane
    std::set<int64_t> expandedTracks; ///< lanes showing every level (up to expandedMaxRows)
    int chartHeight = 26;             ///< counter and memory lanes (small area charts)
    std::set<int> collapsedRanks;
    std::set<QString> hiddenKinds{"counter", "overlap"};
    QString filter; ///< a TrackFilter: "rank 3-5", "rank 4, rank 5", "rank 2 hccl"; empty shows all
    std::vector<int64_t> pinned; ///< tracks shown first, in this order, under a "Pinned" header
    std::set<int> onlyRanks;     ///< the ranks shown (rank keys); empty shows every rank
};

/// The defaults for a newly shown run of `s`: with more than kOverviewRanks ranks the rank overview (every
/// rank collapsed, low header rows), else every rank expanded at the usual header height.
void applyRankDefaults(LayoutOptions& o, const query::ProfileSummary& s);
std::vector<Lane> layoutLanes(const query::ProfileSummary& s, const LayoutOptions& o);
/// Total height of a layout.
int layoutHeight(const std::vector<Lane>& lanes);
/// Index of the lane at y, or -1.
int laneAt(const std::vector<Lane>& lanes, int y);

/// Where the lanes are on screen: the widget (or picture) size, the ruler on top, the gutter of labels
/// on the left, the scrollbar on the right and the footer (legend, notes) below the lanes. Pixels.
struct Viewport {
    static constexpr int kGutter = 170;
    static constexpr int kAxis = 28;
    int width = 1, height = 1;
    int scroll = 0; ///< content y at the top of the lanes
    int bar = 0;    ///< the scrollbar's width (0 in a picture)
    int footer = 0; ///< below the lanes (0 in a picture, whose caption carries the legend)
    /// px between the lanes and the footer where the note on the window's flow arrows stands, reserved only
    /// while the frame has that note (TimelineScene::frame decides): a box over the plot covered rank 0's
    /// first lane and the ruler (issue 19)
    int noteStrip = 0;
    int lanesTop() const { return kAxis; }
    int lanesBottom() const { return height - footer - noteStrip; }
    /// Widget y where the footer (legend, notes) starts: under the lanes and the note strip.
    int footerTop() const { return height - footer; }
    double plotWidth() const { return std::max(1, width - kGutter - bar); }
    double plotRight() const { return kGutter + plotWidth(); }
    /// The lanes' area (right of the gutter, below the ruler, above the footer).
    QRectF plot() const { return QRectF(kGutter, lanesTop(), plotWidth(), lanesBottom() - lanesTop()); }
    /// Widget y of a content y.
    int yOf(int contentY) const { return lanesTop() + contentY - scroll; }
    /// Content y of a widget y.
    int contentY(int y) const { return y - lanesTop() + scroll; }
};

class TimelineLayout {
  public:
    TimelineLayout() = default;
    explicit TimelineLayout(std::vector<Lane> lanes);
    const std::vector<Lane>& lanes() const { return m_lanes; }
    int height() const { return layoutHeight(m_lanes); }
    /// The lane at content y, or null.
    const Lane* laneAtY(int contentY) const;
    /// The lane of a track (not a header), or null when it is not laid out.
    const Lane* laneOf(int64_t trackId) const;
    /// Content y-range [top, bottom) of a rank's block (its header and tracks, pinned lanes aside);
    /// top < 0 when the rank is not laid out.
    std::pair<int, int> rankSpan(int rank) const;
    /// Content y-range of every rank's block (pinned lanes aside).
    std::pair<int, int> ranksSpan() const;
    /// Indexes of a rank's lanes, in order: its pinned lanes, its header, its other lanes.
    const std::vector<size_t>& lanesOfRank(int rank) const;
    /// The ranks with a row laid out (the shown ranks the track filter leaves).
    std::set<int> ranks() const;

  private:
    std::vector<Lane> m_lanes;
    std::unordered_map<int64_t, size_t> m_byTrack;
    std::unordered_map<int, std::vector<size_t>> m_byRank;
};

} // namespace rs::views
