#pragma once
// Per-track state while spans stream in: the open-slice stack that gives each span its nesting depth,
// and the level-of-detail accumulators. Assumes spans arrive sorted by start time within the track
// (true for every profiler we read); a track that breaks the order is flagged and re-nested after
// the load from an ordered scan (core/index/indexwriter). Pure computation; one thread.
#include "core/model/lod.h"
#include "core/model/tracerows.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rs::model {

class TrackNester {
  public:
    explicit TrackNester(int64_t trackId = 0) : m_trackId(trackId) {}
    /// Returns the depth of a span [ts, ts+dur) and folds it into the LOD buckets of its depth (<
    /// kLodDepths). Full LOD rows are appended to `lodOut`.
    int add(int64_t tsNs, int64_t durNs, int32_t nameId, std::vector<LodRow>& lodOut);
    /// Flushes the open LOD buckets.
    void finish(std::vector<LodRow>& lodOut);
    bool unsorted() const { return m_unsorted; }
    int maxDepth() const { return m_maxDepth; }
    int64_t count() const { return m_count; }

  private:
    struct Bucket {
        int64_t index = -1, start = 0, end = 0, count = 0, busy = 0, longest = -1;
        int32_t nameId = 0;
    };
    int64_t m_trackId;
    std::vector<int64_t> m_openEnds;
    std::array<std::array<Bucket, kLodLevels>, kLodDepths> m_buckets{};
    int64_t m_lastTs = INT64_MIN;
    int64_t m_count = 0;
    int m_maxDepth = 0;
    bool m_unsorted = false;
};

} // namespace rs::model
