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

/// What a view says of a rank whose events are in a shard that cannot be read.
std::string unreadRankNote(int dataRank);

/// Where one rank's events are: the index itself, or the rank's shard of a cluster index.
struct RankSource {
    index::Db* db = nullptr; ///< null: a cluster index whose shard of the rank is missing or unreadable
    int rank = 0;            ///< the rank's key in `db`
    int shard = 0;           ///< K of the shard; 0 for the index itself
    bool unread = false;     ///< its shard is missing or changed: `db` is the cluster index, which has none
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
    /// `ranks`: the rank keys searched (the shown run's); empty: every rank.
    std::vector<DrawItem> search(const std::string& text, int limit, std::vector<int64_t>* trackIds,
                                 const std::vector<int>& ranks = {});
    /// Where `rank`'s events are (its shard for a cluster index).
    RankSource rankSource(int rank);
    /// Calls `fn` with each part of `ranks` (rank keys of the open index): the index itself, or each shard
    /// of a cluster index holding some of them. Returns the ranks whose events cannot be read (a cluster
    /// index's missing or changed shard).
    std::vector<int> visitRanks(const std::vector<int>& ranks,
                                const std::function<void(const RankPart&)>& fn);
    /// visitRanks as a function (valid while this reader is).
    RankVisitor visitor();
    /// Calls `fn` with every part of the profile (every readable shard of a cluster index); with `tracks`,
    /// only the parts holding some of those lanes (track ids of the summary).
    void visitAll(const std::function<void(const RankPart&)>& fn,
                  const std::vector<int64_t>* tracks = nullptr);
    /// Calls `fn` with the part holding `spanId` (a span id of the summary's lanes) and its id there.
    void visitSpan(int64_t spanId, const std::function<void(const RankPart&, int64_t)>& fn);
    bool cluster() const { return bool(m_shards); }
    /// The open index (a cluster index holds the summary tables only).
    index::Db& db() { return m_db; }

  private:
    index::Db& m_db;
    std::unique_ptr<ShardLanes> m_shards;   ///< a cluster index's lanes, read from its shards
    std::unique_ptr<NameOpTypes> m_opTypes; ///< the shown summary's names' op types (buckets)
};

} // namespace rs::query
