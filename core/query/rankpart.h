#pragma once
// One index's part of a set of ranks: the ranks' events are in the index itself, or — for a cluster index —
// in one shard each (shardlanes.h). A request about several ranks visits each part in turn and maps what a
// part answers (rank keys, track, span and string ids) back to the ids the views know. Valid only during
// the visit that hands it out: the shard's connection may be closed after. Query thread only.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace rs::query {

struct RankPart {
    /// The index itself holding `ranks` under their own keys.
    static RankPart whole(index::Db& db, const std::vector<int>& ranks);

    index::Db* db = nullptr;
    int shard = 0;              ///< K of the shard; 0: the index itself (every id the same)
    std::map<int, int> toLocal; ///< the asked ranks held here: view rank key → the rank's key in `db`
    const std::vector<int32_t>* names = nullptr; ///< `db`'s string id → the summary's (null: the same)

    std::vector<int> localRanks() const;
    /// The view's rank key of a rank key of `db` (itself when it is none of the asked).
    int rank(int local) const;
    /// The view's id of a track of `db` (memory lanes: memoryTrackId of the view's rank key).
    int64_t trackId(int64_t local) const;
    int64_t spanId(int64_t local) const;
    int32_t nameId(int32_t local) const;
    /// The track of `db` a view's track id names, when it is one of this part's ranks' lanes.
    std::optional<int64_t> localTrack(int64_t viewTrack) const;
    /// Items (and their tracks) of `db` in the view's ids.
    void toView(std::vector<DrawItem>& items, std::vector<int64_t>* tracks) const;
};

/// Calls its second argument with each part of a set of ranks (view rank keys); returns the ranks no part
/// can give (a cluster index's missing or changed shard).
using RankVisitor =
    std::function<std::vector<int>(const std::vector<int>&, const std::function<void(const RankPart&)>&)>;

} // namespace rs::query
