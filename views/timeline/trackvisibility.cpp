#include "views/timeline/trackvisibility.h"

namespace rs::views {

bool trackPasses(const query::ProfileSummary& s, const LayoutOptions& o, const TrackFilter& filter,
                 const query::TrackDesc& t) {
    if (!o.onlyRanks.empty() && !o.onlyRanks.count(t.rank)) return false;
    // a lane without spans shows nothing, unless it is a chart: a counter's or memory's content is
    // points, and its span count is always 0 (the .db and text exports' HBM, LLC, NPU MEM lanes)
    const bool chart = t.kind == "counter" || t.kind == "memory";
    if (o.hiddenKinds.count(QString::fromStdString(t.kind)) || (t.spanCount == 0 && !chart)) return false;
    return filter.empty() || filter.matches(s.shownRank(t.rank),
                                            QString::fromStdString(t.process + " " + t.name + " " + t.kind));
}

std::unordered_set<int64_t> shownTracks(const query::ProfileSummary& s, const LayoutOptions& o) {
    const TrackFilter filter(o.filter);
    std::unordered_set<int64_t> shown(o.pinned.begin(), o.pinned.end());
    for (const auto& t : s.tracks)
        if (trackPasses(s, o, filter, t)) shown.insert(t.trackId);
    return shown;
}

} // namespace rs::views
