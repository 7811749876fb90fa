#include "core/analysis/rankkernels.h"

#include <algorithm>

namespace rs::analysis {

RankKernels::RankKernels(std::vector<Kernel> kernels, std::vector<KernelTrack> tracks)
    : m_all(std::move(kernels)), m_tracks(std::move(tracks)) {
    std::stable_sort(m_all.begin(), m_all.end(),
                     [](const Kernel& a, const Kernel& b) { return a.startNs < b.startNs; });
    int64_t endSoFar = INT64_MIN;
    for (const auto& k : m_all) {
        if (!k.compute) continue;
        m_busy.push_back({k.startNs, k.endNs});
        endSoFar = std::max(endSoFar, k.endNs);
        m_busyEndSoFar.push_back(endSoFar);
    }
}

RankKernels RankKernels::load(index::Db& db, int rank, const model::NameFlags& nonCompute) {
    std::vector<KernelTrack> tracks;
    {
        auto q = db.prepare(
            "SELECT track_id, pid, role IS 'comm_plane' FROM track WHERE rank = ? AND kind = 'compute' ORDER "
            "BY track_id");
        q.bind(1, rank);
        while (q.step())
            tracks.push_back({q.i64(0), q.text(1), q.i64(2) != 0});
    }
    std::vector<Kernel> kernels;
    auto q = db.prepare("SELECT ts_ns, dur_ns, name_id, op_type_id, span_id FROM span WHERE track_id = ?");
    for (size_t t = 0; t < tracks.size(); ++t) {
        q.bind(1, tracks[t].trackId);
        while (q.step()) {
            const int64_t s = q.i64(0);
            kernels.push_back({s, s + q.i64(1), q.i64(4), int32_t(q.i64(3)), int32_t(q.i64(2)), int32_t(t),
                               !nonCompute.count(q.i64(2))});
        }
        q.reset();
    }
    return RankKernels(std::move(kernels), std::move(tracks));
}

std::span<const Kernel> RankKernels::startingIn(int64_t lo, int64_t hi) const {
    auto byStart = [](const Kernel& k, int64_t t) { return k.startNs < t; };
    auto b = std::lower_bound(m_all.begin(), m_all.end(), lo, byStart);
    auto e = std::lower_bound(b, m_all.end(), hi, byStart);
    return {b, e};
}

std::pair<int64_t, int64_t> RankKernels::largestIdle(int64_t from, int64_t to) const {
    auto i = size_t(std::lower_bound(m_busy.begin(), m_busy.end(), from,
                                     [](const auto& iv, int64_t t) { return iv.first < t; }) -
                    m_busy.begin());
    int64_t cursor = i > 0 ? std::max(from, m_busyEndSoFar[i - 1]) : from;
    int64_t bestStart = from, bestLen = 0;
    auto consider = [&](int64_t gapEnd) {
        if (gapEnd - cursor > bestLen) bestLen = gapEnd - cursor, bestStart = cursor;
    };
    for (; i < m_busy.size() && m_busy[i].first < to && cursor < to; ++i) {
        if (m_busy[i].first > cursor) consider(m_busy[i].first);
        cursor = std::max(cursor, m_busy[i].second);
    }
    if (cursor < to) consider(to);
    return {bestStart, bestLen};
}

} // namespace rs::analysis
