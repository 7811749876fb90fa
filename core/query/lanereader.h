#pragma once
// What the timeline reads of an open index, whatever its kind: the summary, a window's draw data, a span's
// details and a search — from the index itself, or for a cluster index from its shards (shardlanes.h).
// Keeps the names' op types of the shown summary (namekinds.h). One per open connection, used on the
// thread that owns it (the query service's worker, or an export on the calling thread).
#include "core/query/shardlanes.h"

#include <memory>
#include <optional>
#include <string>

namespace rs::query {

/// Where one rank's events are: the index itself, or the rank's shard of a cluster index.
struct RankSource {
    index::Db* db = nullptr; ///< null: a cluster index whose shard of the rank is missing or unreadable
    int rank = 0;            ///< the rank's key in `db`
    int shard = 0;           ///< K of the shard; 0 for the index itself
    /// A span id of `db` as the views know it (shardlanes.h clusterId).
    int64_t spanId(int64_t id) const { return shard ? ShardLanes::clusterId(shard, id) : id; }
};

class LaneReader {
  public:
    /// `db` opened at `path` outlives this reader.
    LaneReader(index::Db& db, const std::string& path) : m_db(db), m_shards(ShardLanes::open(db, path)) {}
    /// The summary of `run` (default: loadSummary's), with a cluster index's lanes from its shards.
    std::shared_ptr<const ProfileSummary> summary(std::optional<int> run = std::nullopt);
    TimelineData timeline(const TimelineWindow& w);
    std::optional<SpanDetail> spanDetail(int64_t spanId);
    std::vector<DrawItem> search(const std::string& text, int limit, std::vector<int64_t>* trackIds);
    /// Where `rank`'s events are (its shard for a cluster index).
    RankSource rankSource(int rank);

  private:
    index::Db& m_db;
    std::unique_ptr<ShardLanes> m_shards;   ///< a cluster index's lanes, read from its shards
    std::unique_ptr<NameOpTypes> m_opTypes; ///< the shown summary's names' op types (buckets)
};

} // namespace rs::query
