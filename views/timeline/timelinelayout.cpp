#include "views/timeline/timelinelayout.h"

#include "views/timeline/trackfilter.h"

#include <algorithm>

namespace rs::views {

namespace {
int laneHeight(const query::TrackDesc& t, const LayoutOptions& o, int& rows) {
    bool chart = t.kind == "counter" || t.kind == "memory";
    rows = chart ? 1 : std::clamp(t.maxDepth + 1, 1, o.maxRows);
    return chart ? o.chartHeight : rows * o.rowHeight + 3;
}
} // namespace

std::vector<Lane> layoutLanes(const query::ProfileSummary& s, const LayoutOptions& o) {
    std::vector<Lane> lanes;
    int y = 0;
    std::set<int64_t> pinned(o.pinned.begin(), o.pinned.end());
    if (!o.pinned.empty()) {
        lanes.push_back({true, -1, 0, "Pinned", "pinned", y, o.headerHeight, 0, true});
        y += o.headerHeight;
        for (int64_t id : o.pinned)
            for (const auto& t : s.tracks)
                if (t.trackId == id) {
                    int rows;
                    int h = laneHeight(t, o, rows);
                    lanes.push_back({false, t.rank, t.trackId,
                                     QString("rank %1 · %2").arg(t.rank).arg(QString::fromStdString(t.name)),
                                     QString::fromStdString(t.kind), y, h, rows, true});
                    y += h;
                }
    }
    const TrackFilter filter(o.filter);
    for (int rank : s.ranks) {
        if (!o.onlyRanks.empty() && !o.onlyRanks.count(rank)) continue;
        auto dr = s.dataRank.find(rank);
        const int dataRank = dr == s.dataRank.end() ? rank : dr->second;
        QString rankLabel = QString("Rank %1").arg(dataRank);
        std::vector<const query::TrackDesc*> tracks;
        for (const auto& t : s.tracks) {
            if (t.rank != rank || o.hiddenKinds.count(QString::fromStdString(t.kind)) || t.spanCount == 0 ||
                pinned.count(t.trackId))
                continue;
            if (!filter.empty() &&
                !filter.matches(dataRank, QString::fromStdString(t.process + " " + t.name + " " + t.kind)))
                continue;
            tracks.push_back(&t);
        }
        if (tracks.empty() && !filter.empty()) continue;
        lanes.push_back({true, rank, 0, rankLabel, "rank", y, o.headerHeight, 0});
        y += o.headerHeight;
        if (o.collapsedRanks.count(rank)) continue;
        for (const auto* t : tracks) {
            int rows;
            int h = laneHeight(*t, o, rows);
            QString label = QString::fromStdString(t->name);
            lanes.push_back({false, rank, t->trackId, label, QString::fromStdString(t->kind), y, h, rows});
            y += h;
        }
    }
    return lanes;
}

int layoutHeight(const std::vector<Lane>& lanes) {
    return lanes.empty() ? 0 : lanes.back().y + lanes.back().height;
}

int laneAt(const std::vector<Lane>& lanes, int y) {
    auto it = std::upper_bound(lanes.begin(), lanes.end(), y, [](int v, const Lane& l) { return v < l.y; });
    if (it == lanes.begin()) return -1;
    --it;
    return y < it->y + it->height ? int(it - lanes.begin()) : -1;
}

} // namespace rs::views
