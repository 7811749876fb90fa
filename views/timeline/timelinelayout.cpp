#include "views/timeline/timelinelayout.h"

#include "core/query/unnamedranks.h"
#include "views/timeline/trackfilter.h"
#include "views/timeline/trackvisibility.h"

#include <algorithm>

namespace rs::views {

namespace {
int laneHeight(const query::TrackDesc& t, const LayoutOptions& o, int& rows) {
    bool chart = t.kind == "counter" || t.kind == "memory";
    const int cap = o.expandedTracks.count(t.trackId) ? o.expandedMaxRows : o.maxRows;
    rows = chart ? 1 : std::clamp(t.maxDepth + 1, 1, cap);
    return chart ? o.chartHeight : rows * o.rowHeight + 3;
}
} // namespace

LaneKind laneKindOf(const QString& kind) {
    static const std::pair<const char*, LaneKind> kinds[] = {
        {"compute", LaneKind::Compute}, {"communication", LaneKind::Communication},
        {"host", LaneKind::Host},       {"overlap", LaneKind::Overlap},
        {"counter", LaneKind::Counter}, {"memory", LaneKind::Memory}};
    for (const auto& [text, k] : kinds)
        if (kind == QLatin1String(text)) return k;
    return LaneKind::Other;
}

void applyRankDefaults(LayoutOptions& o, const query::ProfileSummary& s) {
    o.collapsedRanks.clear();
    const bool overview = s.ranks.size() > size_t(LayoutOptions::kOverviewRanks);
    o.headerHeight = overview ? LayoutOptions::kOverviewHeaderHeight : LayoutOptions::kHeaderHeight;
    if (overview) o.collapsedRanks.insert(s.ranks.begin(), s.ranks.end());
}

std::vector<Lane> layoutLanes(const query::ProfileSummary& s, const LayoutOptions& o) {
    std::vector<Lane> lanes;
    int y = 0;
    std::set<int64_t> pinned(o.pinned.begin(), o.pinned.end());
    if (!o.pinned.empty()) {
        lanes.push_back({true, -1, 0, "Pinned", "pinned", y, o.headerHeight, 0, true, LaneKind::Header});
        y += o.headerHeight;
        for (int64_t id : o.pinned)
            for (const auto& t : s.tracks)
                if (t.trackId == id) {
                    int rows;
                    int h = laneHeight(t, o, rows);
                    const QString kind = QString::fromStdString(t.kind);
                    lanes.push_back(
                        {false, t.rank, t.trackId,
                         QString("rank %1 · %2").arg(s.shownRank(t.rank)).arg(QString::fromStdString(t.name)),
                         kind, y, h, rows, true, laneKindOf(kind), t.maxDepth + 1, t.outside});
                    y += h;
                }
    }
    const TrackFilter filter(o.filter);
    for (int rank : s.ranks) {
        if (!o.onlyRanks.empty() && !o.onlyRanks.count(rank)) continue;
        // a rank the data does not name is its file (query/unnamedranks.h): "File 2: beta.json"
        QString rankLabel = QString::fromStdString(query::rankName(s, rank));
        rankLabel[0] = rankLabel[0].toUpper();
        std::vector<const query::TrackDesc*> tracks;
        for (const auto& t : s.tracks)
            if (t.rank == rank && !pinned.count(t.trackId) && trackPasses(s, o, filter, t))
                tracks.push_back(&t);
        if (tracks.empty() && !filter.empty()) continue;
        lanes.push_back({true, rank, 0, rankLabel, "rank", y, o.headerHeight, 0, false, LaneKind::Header});
        y += o.headerHeight;
        if (o.collapsedRanks.count(rank)) continue;
        for (const auto* t : tracks) {
            int rows;
            int h = laneHeight(*t, o, rows);
            QString label = QString::fromStdString(t->name);
            const QString kind = QString::fromStdString(t->kind);
            lanes.push_back({false, rank, t->trackId, label, kind, y, h, rows, false, laneKindOf(kind),
                             t->maxDepth + 1, t->outside});
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

TimelineLayout::TimelineLayout(std::vector<Lane> lanes) : m_lanes(std::move(lanes)) {
    for (size_t i = 0; i < m_lanes.size(); ++i) {
        const Lane& l = m_lanes[i];
        if (!l.header)
            m_byTrack.emplace(l.trackId, i); // a pinned track is laid out once, in the Pinned group
        if (!l.header || !l.pinned) m_byRank[l.rank].push_back(i); // the Pinned header belongs to no rank
    }
}

const Lane* TimelineLayout::laneAtY(int contentY) const {
    const int i = laneAt(m_lanes, contentY);
    return i < 0 ? nullptr : &m_lanes[size_t(i)];
}

const Lane* TimelineLayout::laneOf(int64_t trackId) const {
    auto it = m_byTrack.find(trackId);
    return it == m_byTrack.end() ? nullptr : &m_lanes[it->second];
}

std::pair<int, int> TimelineLayout::rankSpan(int rank) const {
    auto it = m_byRank.find(rank);
    if (it == m_byRank.end()) return {-1, -1};
    int top = -1, bottom = -1;
    for (size_t i : it->second) { // its pinned lanes (first) are in the Pinned group, not in its block
        const Lane& l = m_lanes[i];
        if (l.pinned) continue;
        if (top < 0) top = l.y;
        bottom = l.y + l.height;
    }
    return {top, bottom};
}

std::pair<int, int> TimelineLayout::ranksSpan() const {
    int top = -1, bottom = -1;
    for (const auto& l : m_lanes) {
        if (l.pinned) continue;
        if (top < 0) top = l.y;
        bottom = l.y + l.height;
    }
    return {top, bottom};
}

const std::vector<size_t>& TimelineLayout::lanesOfRank(int rank) const {
    static const std::vector<size_t> kNone;
    auto it = m_byRank.find(rank);
    return it == m_byRank.end() ? kNone : it->second;
}

std::set<int> TimelineLayout::ranks() const {
    std::set<int> out;
    for (const auto& [rank, rows] : m_byRank)
        if (rank >= 0 && !rows.empty()) out.insert(rank);
    return out;
}

} // namespace rs::views
