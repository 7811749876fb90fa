#pragma once
// The profile's waits by rank and start time, so a frame and a hit test read only the waits of the ranks
// and the window on screen (they walked every wait of the profile on every frame and mouse move). Built
// once per summary; the waits themselves stay in the summary, which must outlive the index. Pure.
//
// A rank's waits are kept in classes by duration (powers of two): a query looks back from the window's
// start only as far as the longest wait of each class reaches, so one long stall (a 10 s hang among
// thousands of 1 ms waits) no longer makes every frame read every wait that started within 10 s of it.
// A query reads the waits that overlap the window plus at most a few per class around its edges.
#include "core/query/timelinequery.h"

#include <algorithm>
#include <array>
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
    /// Calls f(const Entry&) for every wait of `rank` that overlaps [t0, t1] (ns), in start order (then
    /// the summary's order).
    template <class F> void forEach(int rank, int64_t t0, int64_t t1, F&& f) const {
        auto it = m_ranks.find(rank);
        if (it == m_ranks.end()) return;
        std::vector<const Entry*> found; // the window's waits of every class, then in start order
        for (const Class& c : it->second.classes) {
            const auto& v = c.entries;
            auto from = std::lower_bound(v.begin(), v.end(), t0 - c.longestNs,
                                         [](const Entry& e, int64_t t) { return e.wait->startNs < t; });
            for (auto e = from; e != v.end() && e->wait->startNs <= t1; ++e)
                if (e->wait->startNs + e->wait->durNs >= t0) found.push_back(&*e);
        }
        std::sort(found.begin(), found.end(), [](const Entry* a, const Entry* b) {
            return a->wait->startNs != b->wait->startNs ? a->wait->startNs < b->wait->startNs
                                                        : a->wait < b->wait;
        });
        for (const Entry* e : found)
            f(*e);
    }
    /// How many waits a query of `rank` over [t0, t1] reads (its cost; tests).
    size_t scanned(int rank, int64_t t0, int64_t t1) const;
    size_t size() const { return m_size; }

  private:
    struct Class {
        std::vector<Entry> entries; ///< by start
        int64_t longestNs = 0;      ///< how far back one of them can start and still reach t0
    };
    struct RankWaits {
        std::vector<Class> classes; ///< only the durations' classes that hold a wait
    };
    std::unordered_map<int, RankWaits> m_ranks;
    size_t m_size = 0;
};

} // namespace rs::views
