#pragma once
// The lanes of a cluster index's waits. One index of the whole profile draws a wait measured by its
// Notify_Wait tasks on the plane lane they ran on and its collective's lane, and on a rank with several
// collective lanes on its collective's (core/query/timelinequery.cpp, loadStepsAndWaits). A cluster index
// holds the waits and collectives but no spans (they stay in the shards), so those lanes are found in the
// rank's shard: the collective's span by its id there, the plane by a task starting where the wait does.
// A wait left unplaced is drawn over the whole communication block of its rank, as before.
// Threads: built and used on the query thread (ShardLanes).
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace rs::query {

class ClusterWaitLanes {
  public:
    /// Reads the cluster's waits' sources (small: one row per wait).
    explicit ClusterWaitLanes(index::Db& cluster);
    /// Places the waits of the ranks in `toShard` (cluster rank key → the shard's) whose lanes are unset,
    /// reading the shard `shard`; `clusterTrack` turns a shard track id into the cluster's.
    void place(index::Db& shard, const std::map<int, int>& toShard,
               const std::function<int64_t(int64_t)>& clusterTrack, std::vector<WaitDesc>& waits) const;

  private:
    struct Source {
        int64_t spanId; ///< the collective's span, the shard's id
        bool byTasks;   ///< the wait is its Notify_Wait tasks' own measure
    };
    std::map<std::tuple<int, int64_t, std::string>, Source> m_sources; ///< (rank, start ns, kind) → source
};

} // namespace rs::query
