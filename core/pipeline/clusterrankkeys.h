#pragma once
// The rank keys of a cluster index, computed from every shard's ranks as the index writer computes them
// for a whole profile (core/index/indexwriter.h): a data rank claimed by one source keeps its number; one
// claimed by several gets number, number + kRankKeyStride, … with the source of the most bytes first, then
// discovery order. A shard's writer saw only its own groups, so its keys of a colliding rank may differ
// from a whole build's; the merge renumbers with these. Pure function; any thread.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rs::pipeline {

struct ShardRank {
    int shard = 0; ///< K
    int key = 0;   ///< the rank's key in that shard
    int dataRank = 0;
    int group = 0;          ///< discovery group index (rank_info.grp)
    int64_t groupBytes = 0; ///< that group's input bytes
};

struct ClusterRankKeys {
    std::map<std::pair<int, int>, int> keys; ///< (shard, key in the shard) → key in the cluster index
    /// "rank D is claimed by N sources (…): indexed as ranks …", one per colliding data rank (the
    /// whole build's "(profile)" diagnostic, word for word).
    std::vector<std::string> collisions;
};

ClusterRankKeys clusterRankKeys(const std::vector<ShardRank>& ranks);

} // namespace rs::pipeline
