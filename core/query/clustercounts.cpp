#include "core/query/clustercounts.h"

#include "core/query/shardlanes.h"
#include "core/query/spancount.h"

#include <algorithm>

namespace rs::query {

std::optional<ClusterCounts> clusterCounts(index::Db& db, const std::string& dbPath) {
    auto lanes = ShardLanes::open(db, dbPath);
    if (!lanes) return std::nullopt;
    ClusterCounts out;
    const index::IndexCounts own = index::IndexCounts::of(db);
    out.counts.collectives = own.collectives;
    out.counts.steps = own.steps;
    out.unread = ShardLanes::shardProblems(db, dbPath);
    bool first = true;
    lanes->visitAll([&](const RankPart& part) {
        const index::IndexCounts c = index::IndexCounts::of(*part.db);
        out.counts.tracks += c.tracks;
        out.counts.tensors += c.tensors;
        out.counts.memorySamples += c.memorySamples;
        out.counts.counters += c.counters;
        out.spans += spanCount(*part.db);
        if (c.spanStartNs == 0 && c.spanEndNs == 0) return; // no span in that shard
        out.counts.spanStartNs = first ? c.spanStartNs : std::min(out.counts.spanStartNs, c.spanStartNs);
        out.counts.spanEndNs = first ? c.spanEndNs : std::max(out.counts.spanEndNs, c.spanEndNs);
        first = false;
    });
    return out;
}

} // namespace rs::query
