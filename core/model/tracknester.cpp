#include "core/model/tracknester.h"

#include <algorithm>
#include <cstdint>

namespace rs::model {

namespace {
int64_t floorDiv(int64_t a, int64_t b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
} // namespace

int TrackNester::add(int64_t ts, int64_t dur, int32_t nameId, std::vector<LodRow>& lodOut) {
    ++m_count;
    if (ts < m_lastTs) m_unsorted = true;
    m_lastTs = std::max(m_lastTs, ts);
    int64_t end = ts + std::max<int64_t>(dur, 0);
    // A span nests inside every open span that ends at or after its own end.
    while (!m_openEnds.empty() && (m_openEnds.back() <= ts || m_openEnds.back() < end))
        m_openEnds.pop_back();
    int depth = int(m_openEnds.size());
    m_openEnds.push_back(end);
    m_maxDepth = std::max(m_maxDepth, depth);
    if (depth >= kLodDepths) return depth;
    for (int level = 0; level < kLodLevels; ++level) {
        Bucket& b = m_buckets[size_t(depth)][size_t(level)];
        int64_t idx = floorDiv(ts, lodWidthNs(level));
        if (idx != b.index) {
            if (b.index >= 0 || b.count > 0)
                lodOut.push_back({m_trackId, level, depth, b.start, b.end, b.count, b.busy, b.nameId});
            b = Bucket{idx, ts, end, 0, 0, -1, nameId};
        }
        b.end = std::max(b.end, end);
        b.start = std::min(b.start, ts);
        ++b.count;
        // saturating: a damaged file's durations can sum past int64 in one bucket (the fuzzer's CSV rows)
        if (__builtin_add_overflow(b.busy, std::max<int64_t>(dur, 0), &b.busy)) b.busy = INT64_MAX;
        if (dur > b.longest) {
            b.longest = dur;
            b.nameId = nameId;
        }
    }
    return depth;
}

void TrackNester::finish(std::vector<LodRow>& lodOut) {
    for (int depth = 0; depth < kLodDepths; ++depth)
        for (int level = 0; level < kLodLevels; ++level) {
            Bucket& b = m_buckets[size_t(depth)][size_t(level)];
            if (b.count > 0)
                lodOut.push_back({m_trackId, level, depth, b.start, b.end, b.count, b.busy, b.nameId});
            b = Bucket{};
        }
}

} // namespace rs::model
