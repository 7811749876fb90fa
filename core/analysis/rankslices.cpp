#include "core/analysis/rankslices.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <tuple>

namespace rs::analysis {

std::vector<index::LoadRange> rankLoadRanges(index::Db& db, int rank) {
    std::vector<index::LoadRange> out;
    auto q =
        db.prepare("SELECT grp, span_first, span_last, flow_first, flow_last FROM load_range WHERE grp = "
                   "(SELECT grp FROM rank_info WHERE rank = ?) ORDER BY rowid");
    q.bind(1, rank);
    while (q.step())
        out.push_back({int(q.i64(0)), q.i64(1), q.i64(2), q.i64(3), q.i64(4)});
    return out;
}

void forEachRankSlice(index::Db& db, const std::vector<index::LoadRange>& ranges,
                      const std::vector<int64_t>& tracks,
                      const std::function<void(size_t, const BindSlice&)>& fn) {
    auto q =
        db.prepare("SELECT span_id, track_id, ts_ns, dur_ns, depth FROM span WHERE span_id BETWEEN ? AND ?");
    for (const index::LoadRange& r : ranges) {
        if (r.spanLast < r.spanFirst) continue;
        q.reset();
        q.bind(1, r.spanFirst).bind(2, r.spanLast);
        while (q.step()) {
            auto it = std::lower_bound(tracks.begin(), tracks.end(), q.i64(1));
            if (it == tracks.end() || *it != q.i64(1)) continue;
            fn(size_t(it - tracks.begin()), {q.i64(0), q.i64(2), q.i64(3), int(q.i64(4))});
        }
    }
}

RankSlices::RankSlices(index::Db& db, const std::vector<index::LoadRange>& ranges,
                       const std::vector<int64_t>& tracks) {
    // the slices in load order with their track's position in `tracks`
    std::vector<std::pair<uint32_t, BindSlice>> rows;
    forEachRankSlice(db, ranges, tracks, [&](size_t t, const BindSlice& s) {
        rows.push_back({uint32_t(t), s});
    });
    // by track, keeping the load order (a counting sort), then each track by (ts, depth, span id): the
    // span index's ts order with the slices of one ts by depth, what binding through the index gave.
    // A track's slices arrive in ts order (the importers' nesting needs it), so most need no sort.
    std::vector<size_t> start(tracks.size() + 1, 0);
    for (const auto& r : rows)
        ++start[r.first + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    m_trackOf.resize(rows.size());
    m_slices.resize(rows.size());
    std::vector<size_t> fill(start.begin(), start.end() - 1);
    for (const auto& r : rows) {
        const size_t at = fill[r.first]++;
        m_trackOf[at] = tracks[r.first];
        m_slices[at] = r.second;
    }
    auto less = [](const BindSlice& a, const BindSlice& b) {
        return std::tie(a.tsNs, a.depth, a.spanId) < std::tie(b.tsNs, b.depth, b.spanId);
    };
    for (size_t t = 0; t < tracks.size(); ++t) {
        auto first = m_slices.begin() + std::ptrdiff_t(start[t]),
             last = m_slices.begin() + std::ptrdiff_t(start[t + 1]);
        if (!std::is_sorted(first, last, less)) std::sort(first, last, less);
    }
}

std::span<const BindSlice> RankSlices::track(int64_t trackId) const {
    auto [lo, hi] = std::equal_range(m_trackOf.begin(), m_trackOf.end(), trackId);
    return {m_slices.data() + (lo - m_trackOf.begin()), size_t(hi - lo)};
}

} // namespace rs::analysis
