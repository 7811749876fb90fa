#pragma once
// The spans to highlight (search matches, a heatmap cell's or a shape group's kernels) by track and start
// time, so a frame outlines the hits of the lanes and the window on screen, at any zoom (a level-of-detail
// bucket has no span id to match), without walking every hit. Built once per hit list; immutable after.
// Pure; any thread.
#include "core/query/timelinequery.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace rs::views {

class HitList {
  public:
    HitList() = default;
    /// `trackIds[i]` is the track of `items[i]`; a hit without one is matched by span id only.
    HitList(const std::vector<query::DrawItem>& items, const std::vector<int64_t>& trackIds);
    bool empty() const { return m_ids.empty(); }
    size_t size() const { return m_ids.size(); }
    bool contains(int64_t spanId) const { return m_ids.count(spanId) > 0; }
    /// Calls f(const query::DrawItem&) for every hit on `trackId` that overlaps [t0, t1], in start order.
    template <class F> void forEach(int64_t trackId, int64_t t0, int64_t t1, F&& f) const {
        auto it = m_tracks.find(trackId);
        if (it == m_tracks.end()) return;
        const auto& v = it->second.items;
        auto from = std::lower_bound(v.begin(), v.end(), t0 - it->second.longestNs,
                                     [](const query::DrawItem& d, int64_t t) { return d.startNs < t; });
        for (auto d = from; d != v.end() && d->startNs <= t1; ++d)
            if (d->endNs >= t0) f(*d);
    }

  private:
    struct Track {
        std::vector<query::DrawItem> items; ///< by start
        int64_t longestNs = 0;
    };
    std::unordered_map<int64_t, Track> m_tracks;
    std::unordered_set<int64_t> m_ids;
};

} // namespace rs::views
