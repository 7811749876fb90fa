#pragma once
// The profile's waits by rank and start time, so a frame and a hit test read only the waits of the ranks
// and the window on screen (they walked every wait of the profile on every frame and mouse move). Built
// once per summary; the waits themselves stay in the summary, which must outlive the index. Pure.
#include "core/query/timelinequery.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace rs::views {

class WaitIndex {
  public:
    struct Entry {
        const query::WaitDesc* wait;
        bool collective; ///< collective_wait (else an idle gap), decided once
    };
    void build(const std::vector<query::WaitDesc>& waits);
    /// Calls f(const Entry&) for every wait of `rank` that overlaps [t0, t1], in start order.
    template <class F> void forEach(int rank, int64_t t0, int64_t t1, F&& f) const {
        auto it = m_ranks.find(rank);
        if (it == m_ranks.end()) return;
        const auto& v = it->second.entries;
        auto from = std::lower_bound(v.begin(), v.end(), t0 - it->second.longestNs,
                                     [](const Entry& e, int64_t t) { return e.wait->startNs < t; });
        for (auto e = from; e != v.end() && e->wait->startNs <= t1; ++e)
            if (e->wait->startNs + e->wait->durNs >= t0) f(*e);
    }
    size_t size() const { return m_size; }

  private:
    struct RankWaits {
        std::vector<Entry> entries; ///< by start
        int64_t longestNs = 0;      ///< how far back a wait can start and still reach t0
    };
    std::unordered_map<int, RankWaits> m_ranks;
    size_t m_size = 0;
};

} // namespace rs::views
