#pragma once
// What `rankscope info` counts of a cluster index (one `rankscope merge` wrote): its spans, lanes, tensors,
// memory samples and counters stay in its shards, so they are the shards' own kept counts summed (eight meta
// rows a shard, no table scanned), and the spans' extent the widest of theirs; its collectives and steps
// are its own (core/index/indexcounts.h). A shard that cannot be read is named, not counted as empty.
// Any thread, with its own connection.
#include "core/index/indexcounts.h"
#include "core/index/sqlite.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rs::query {

struct ClusterCounts {
    index::IndexCounts counts;
    int64_t spans = 0;
    std::vector<std::string> unread; ///< "shard-2-of-2.sqlite: not found beside the cluster index"
};

/// Nullopt when `db` (opened from `dbPath`) is not a cluster index.
std::optional<ClusterCounts> clusterCounts(index::Db& db, const std::string& dbPath);

} // namespace rs::query
