#include "views/timeline/timelinelayout.h"

#include <algorithm>

namespace rs::views {

std::vector<Lane> layoutLanes(const query::ProfileSummary& s, const LayoutOptions& o) {
    std::vector<Lane> lanes;
    int y = 0;
    for (int rank : s.ranks) {
        QString rankLabel = QString("Rank %1").arg(rank);
        std::vector<const query::TrackDesc*> tracks;
        for (const auto& t : s.tracks) {
            if (t.rank != rank || o.hiddenKinds.count(QString::fromStdString(t.kind)) || t.spanCount == 0) continue;
            if (!o.filter.isEmpty()) {
                QString hay = rankLabel + " " + QString::fromStdString(t.process + " " + t.name + " " + t.kind);
                if (!hay.contains(o.filter, Qt::CaseInsensitive)) continue;
            }
            tracks.push_back(&t);
        }
        if (tracks.empty() && !o.filter.isEmpty()) continue;
        lanes.push_back({true, rank, 0, rankLabel, "rank", y, o.headerHeight, 0});
        y += o.headerHeight;
        if (o.collapsedRanks.count(rank)) continue;
        for (const auto* t : tracks) {
            int rows = std::clamp(t->maxDepth + 1, 1, o.maxRows);
            int h = rows * o.rowHeight + 3;
            QString label = QString::fromStdString(t->name);
            lanes.push_back({false, rank, t->trackId, label, QString::fromStdString(t->kind), y, h, rows});
            y += h;
        }
    }
    return lanes;
}

int layoutHeight(const std::vector<Lane>& lanes) { return lanes.empty() ? 0 : lanes.back().y + lanes.back().height; }

int laneAt(const std::vector<Lane>& lanes, int y) {
    auto it = std::upper_bound(lanes.begin(), lanes.end(), y, [](int v, const Lane& l) { return v < l.y; });
    if (it == lanes.begin()) return -1;
    --it;
    return y < it->y + it->height ? int(it - lanes.begin()) : -1;
}

} // namespace rs::views
