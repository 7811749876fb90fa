#include "views/timeline/waitindex.h"

#include <bit>

namespace rs::views {

void WaitIndex::build(const std::vector<query::WaitDesc>& waits) {
    m_ranks.clear();
    m_size = waits.size();
    std::unordered_map<int, std::array<Class, 65>> byRank; // class k: durations in [2^(k-1), 2^k)
    for (const auto& w : waits) {
        const auto k = size_t(std::bit_width(uint64_t(std::max<int64_t>(0, w.durNs))));
        Class& c = byRank[w.rank][k];
        c.entries.push_back({&w, w.kind == "collective_wait"});
        c.longestNs = std::max(c.longestNs, w.durNs);
    }
    for (auto& [rank, classes] : byRank) {
        RankWaits& r = m_ranks[rank];
        for (Class& c : classes) {
            if (c.entries.empty()) continue;
            std::stable_sort(c.entries.begin(), c.entries.end(), [](const Entry& a, const Entry& b) {
                return a.wait->startNs < b.wait->startNs;
            });
            r.classes.push_back(std::move(c));
        }
    }
}

size_t WaitIndex::scanned(int rank, int64_t t0, int64_t t1) const {
    auto it = m_ranks.find(rank);
    if (it == m_ranks.end()) return 0;
    size_t n = 0;
    for (const Class& c : it->second.classes) {
        const auto& v = c.entries;
        auto from = std::lower_bound(v.begin(), v.end(), t0 - c.longestNs,
                                     [](const Entry& e, int64_t t) { return e.wait->startNs < t; });
        auto to = std::upper_bound(from, v.end(), t1,
                                   [](int64_t t, const Entry& e) { return t < e.wait->startNs; });
        n += size_t(to - from);
    }
    return n;
}

} // namespace rs::views
