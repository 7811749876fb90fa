#include "core/pipeline/clusterrankkeys.h"

#include "core/index/indexwriter.h"

#include <algorithm>
#include <climits>
#include <set>

namespace rs::pipeline {

ClusterRankKeys clusterRankKeys(const std::vector<ShardRank>& ranks) {
    std::map<int, std::vector<const ShardRank*>> byData;
    for (const auto& r : ranks)
        byData[r.dataRank].push_back(&r);
    ClusterRankKeys out;
    std::set<int64_t> used;
    for (const auto& [d, v] : byData) // every plain number first, as most sources claim their own
        used.insert(d);
    for (auto& [d, holders] : byData) {
        std::sort(holders.begin(), holders.end(), [](const ShardRank* a, const ShardRank* b) {
            return a->groupBytes != b->groupBytes ? a->groupBytes > b->groupBytes : a->group < b->group;
        });
        std::string shown = std::to_string(d);
        out.keys[{holders[0]->shard, holders[0]->key}] = d;
        for (size_t i = 1; i < holders.size(); ++i) {
            int64_t key = d;
            for (int64_t k = 1; used.count(key) && key <= INT_MAX; ++k)
                key = int64_t(d) + int64_t(index::kRankKeyStride) * k;
            used.insert(key);
            out.keys[{holders[i]->shard, holders[i]->key}] = int(key);
            shown += ", " + std::to_string(key);
        }
        if (holders.size() > 1)
            out.collisions.push_back("rank " + std::to_string(d) + " is claimed by " +
                                     std::to_string(holders.size()) +
                                     " sources (several runs in one folder?): indexed as ranks " + shown);
    }
    return out;
}

} // namespace rs::pipeline
