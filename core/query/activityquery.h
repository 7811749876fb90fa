#pragma once
// How busy each rank's device is across a time range, from the level-of-detail buckets (their busy time):
// the whole-run overview a minimap draws, so a run without waits (a Kineto trace with no collective
// analysis) still shows where each rank worked. Reads a few hundred LOD rows per track, never the spans.
// Functions take a connection owned by the calling thread (the query service's worker). Times in ns.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <set>
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
    /// Ranks measured by their host threads (no device lane): not device activity, and drawn as such. A
    /// host lane holding one span over most of the range (the profiler's own "PyTorch Profiler (0)"
    /// wrapper) measures nothing and is left out: it painted HTA cpu_only's row solid (walk15a #2).
    std::set<int> hostOnly;
    int wrapperLanesLeftOut = 0;
};

RankActivity loadRankActivity(index::Db& db, const std::vector<int>& ranks, int64_t t0, int64_t t1,
                              int columns);

} // namespace rs::query
