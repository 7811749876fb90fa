#include "views/timeline/waitindex.h"

namespace rs::views {

void WaitIndex::build(const std::vector<query::WaitDesc>& waits) {
    m_ranks.clear();
    m_size = waits.size();
    for (const auto& w : waits) {
        RankWaits& r = m_ranks[w.rank];
        r.entries.push_back({&w, w.kind == "collective_wait"});
        r.longestNs = std::max(r.longestNs, w.durNs);
    }
    for (auto& [rank, r] : m_ranks)
        std::stable_sort(r.entries.begin(), r.entries.end(),
                         [](const Entry& a, const Entry& b) { return a.wait->startNs < b.wait->startNs; });
}

} // namespace rs::views
