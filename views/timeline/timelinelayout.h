#pragma once
// Vertical layout of the timeline: one header row per rank (collapsible) and below it the rank's visible
// tracks (compute streams, HCCL groups and planes, overlap analysis, host threads), each as tall as its
// nesting depth (capped). Pure value type; tested without widgets. Pixels.
#include "core/query/timelinequery.h"

#include <QString>
#include <set>
#include <vector>

namespace rs::views {

struct Lane {
    bool header; ///< the rank's header row
    int rank;
    int64_t trackId; ///< 0 for a header
    QString label;
    QString kind;
    int y, height;
    int rows;            ///< depth rows drawn
    bool pinned = false; ///< shown in the Pinned group above the ranks
};

struct LayoutOptions {
    int headerHeight = 18;
    int rowHeight = 13;
    int maxRows = 3;
    int chartHeight = 26; ///< counter and memory lanes (small area charts)
    std::set<int> collapsedRanks;
    std::set<QString> hiddenKinds{"counter", "overlap"};
    QString filter; ///< a TrackFilter: "rank 3-5", "rank 4, rank 5", "rank 2 hccl"; empty shows all
    std::vector<int64_t> pinned; ///< tracks shown first, in this order, under a "Pinned" header
    std::set<int> onlyRanks;     ///< the ranks shown (rank keys); empty shows every rank
};

std::vector<Lane> layoutLanes(const query::ProfileSummary& s, const LayoutOptions& o);
/// Total height of a layout.
int layoutHeight(const std::vector<Lane>& lanes);
/// Index of the lane at y, or -1.
int laneAt(const std::vector<Lane>& lanes, int y);

} // namespace rs::views
