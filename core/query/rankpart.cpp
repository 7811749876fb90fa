#include "core/query/rankpart.h"

#include "core/query/shardlanes.h"

namespace rs::query {

RankPart RankPart::whole(index::Db& db, const std::vector<int>& ranks) {
    RankPart p;
    p.db = &db;
    for (int r : ranks)
        p.toLocal[r] = r;
    return p;
}

std::vector<int> RankPart::localRanks() const {
    std::vector<int> out;
    for (const auto& [view, local] : toLocal)
        out.push_back(local);
    return out;
}

int RankPart::rank(int local) const {
    for (const auto& [view, mine] : toLocal)
        if (mine == local) return view;
    return local;
}

int64_t RankPart::trackId(int64_t local) const {
    if (!shard) return local;
    return local < 0 ? memoryTrackId(rank(int(-local - 1))) : ShardLanes::clusterId(shard, local);
}

int64_t RankPart::spanId(int64_t local) const {
    return shard && local ? ShardLanes::clusterId(shard, local) : local;
}

int32_t RankPart::nameId(int32_t local) const {
    if (!names) return local;
    return local >= 0 && size_t(local) < names->size() ? (*names)[size_t(local)] : 0;
}

std::optional<int64_t> RankPart::localTrack(int64_t viewTrack) const {
    if (viewTrack < 0) { // a memory lane: its rank's
        auto it = toLocal.find(int(-viewTrack - 1));
        return it == toLocal.end() ? std::nullopt : std::optional<int64_t>(memoryTrackId(it->second));
    }
    if (!shard) return viewTrack;
    if (ShardLanes::shardOf(viewTrack) != shard) return std::nullopt;
    return ShardLanes::localId(viewTrack);
}

void RankPart::toView(std::vector<DrawItem>& items, std::vector<int64_t>* tracks) const {
    for (auto& it : items) {
        it.nameId = nameId(it.nameId);
        it.opTypeId = it.opTypeId ? nameId(it.opTypeId) : 0;
        it.spanId = spanId(it.spanId);
    }
    if (tracks)
        for (auto& t : *tracks)
            t = trackId(t);
}

} // namespace rs::query
