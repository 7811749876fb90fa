#pragma once
// Per-track state while spans stream in: the open-slice stack that gives each span its nesting depth,
// and the level-of-detail accumulators. Assumes spans arrive sorted by start time within the track
// (true for every profiler we read); a track that breaks the order is flagged and re-nested after
// the load from an ordered scan. One thread.
#include "core/import/batch.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rs::import {

/// Bucket widths of the level-of-detail tables: 256 µs × 8^level (256 µs … 1 s). A query picks the
/// widest level whose width is below one pixel's duration, so a fully zoomed-out track reads a few
/// thousand rows; narrower windows read raw spans (a 64 µs level merged too little to pay for itself).
constexpr int kLodLevels = 5;
constexpr int64_t lodWidthNs(int level) {
    return int64_t(256000) << (3 * level);
}
/// Nesting depths summarised in the LOD tables (the timeline draws at most this many rows per track), so a
/// zoomed-out frame never scans spans to find nested ones.
constexpr int kLodDepths = 3;
/// Spans at least this long are also listed in long_span: a frame looks back this far (or one window,
/// whichever is longer) for spans covering its start, and finds the longer ones there, so a span that
/// covers the whole window is drawn at any zoom.
constexpr int64_t kLongSpanNs = 1000000;

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

} // namespace rs::import
