#include "core/query/annotationarea.h"

#include <algorithm>
#include <set>

namespace rs::query {

namespace {

/// The tracks of `rank` named `label` into `out`; false when it has none.
bool tracksOf(const ProfileSummary& s, int rank, const std::string& label, std::set<int64_t>& out) {
    bool found = false;
    for (const auto& t : s.tracks)
        if (t.rank == rank && t.name == label) out.insert(t.trackId), found = true;
    return found;
}

} // namespace

std::optional<AreaQuery> annotationArea(const annotate::Annotation& a, const ProfileSummary& s,
                                        std::string& why) {
    const auto& an = a.anchor;
    if (an.view != annotate::Surface::Timeline ||
        (a.kind != annotate::Kind::Box && a.kind != annotate::Kind::Range)) {
        why = "annotation " + a.id + " is a " + annotate::kindName(a.kind) + " on the " +
              annotate::surfaceName(an.view) + ": an area is a box or a range on the timeline";
        return std::nullopt;
    }
    const std::vector<int> own = an.ranks.empty() ? s.ranks : an.ranks;
    std::set<int64_t> tracks;
    std::set<int> ranks;
    for (const auto& l : an.lanes) {
        // a lane without a rank is drawn on each of its ranks that has it: read there too
        const std::vector<int> on = l.rank == annotate::LaneRef::kAnyRank ? own : std::vector<int>{l.rank};
        bool found = false;
        for (int r : on)
            if (tracksOf(s, r, l.label, tracks)) ranks.insert(r), found = true;
        if (!found) {
            why = "lane " + l.label + " is not on " +
                  (on.size() == 1 ? "rank " + std::to_string(s.shownRank(on.front())) : "any of its ranks");
            return std::nullopt;
        }
    }
    AreaQuery q;
    q.trackIds.assign(tracks.begin(), tracks.end());
    q.windows =
        rangeWindows(an.lanes.empty() ? own : std::vector<int>(ranks.begin(), ranks.end()), an.t0Ns, an.t1Ns);
    return q;
}

} // namespace rs::query
