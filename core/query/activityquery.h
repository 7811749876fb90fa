#pragma once
// How busy each rank's device is across a time range, from the level-of-detail buckets (their busy time):
// the whole-run overview a minimap draws, so a run without waits (a Kineto trace with no collective
// analysis) still shows where each rank worked. Reads a few hundred LOD rows per track, never the spans.
// Functions take a connection owned by the calling thread (the query service's worker). Times in ns.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <vector>

namespace rs::query {

struct RankActivity {
    int64_t t0 = 0, t1 = 1; ///< the range the columns split evenly
    int columns = 0;
    /// Per rank key, per column: the busiest device lane's busy fraction of the column (0–1). Lanes of
    /// kind compute and communication; a rank with none of them (a CPU-only trace) counts its host lanes.
    std::map<int, std::vector<float>> busy;
    /// Ranks whose events cannot be read (a cluster index's missing or changed shard): unknown, not idle.
    std::vector<int> unread;
};

RankActivity loadRankActivity(index::Db& db, const std::vector<int>& ranks, int64_t t0, int64_t t1,
                              int columns);

} // namespace rs::query
