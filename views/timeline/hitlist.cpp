#include "views/timeline/hitlist.h"

namespace rs::views {

HitList::HitList(const std::vector<query::DrawItem>& items, const std::vector<int64_t>& trackIds) {
    for (size_t i = 0; i < items.size(); ++i) {
        const auto& d = items[i];
        m_ids.insert(d.spanId);
        if (i >= trackIds.size()) continue;
        Track& t = m_tracks[trackIds[i]];
        t.items.push_back(d);
        t.longestNs = std::max(t.longestNs, d.endNs - d.startNs);
    }
    for (auto& [id, t] : m_tracks)
        std::stable_sort(
            t.items.begin(), t.items.end(),
            [](const query::DrawItem& a, const query::DrawItem& b) { return a.startNs < b.startNs; });
}

} // namespace rs::views
