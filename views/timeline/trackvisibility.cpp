#include "views/timeline/trackvisibility.h"

namespace rs::views {

bool trackPasses(const query::ProfileSummary& s, const LayoutOptions& o, const TrackFilter& filter,
                 const query::TrackDesc& t) {
    if (!o.onlyRanks.empty() && !o.onlyRanks.count(t.rank)) return false;
    if (o.hiddenKinds.count(QString::fromStdString(t.kind)) || t.spanCount == 0) return false;
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
