#pragma once
// The lanes of a cluster index. `rankscope merge` (core/pipeline/shardmerge.h) keeps every rank's spans in
// its shard; this reads them from there for the views:
//  - when the index is opened, each present shard's lane list and names join the summary (small tables;
//    the shard is closed again), so the layout knows every rank's lanes before one span is read;
//  - a window's spans, a span's details and a search are read from the shards of the lanes they concern,
//    opened read-only on first use and kept among the kOpenShards most recently used (no ATTACH: SQLite's
//    attach limit is no limit on ranks or shards).
// Ids: a shard's track and span ids become clusterId(k, id) = k·2^40 + id (a shard holds fewer than 2^40
// rows); its string ids become the summary's (the union of every shard's names, op types derived once);
// memory lanes keep memoryTrackId() of the cluster's rank key, which can differ from the shard's where
// ranks collide (manifest.shard_ranks).
// A shard that is missing, unreadable or changed since the merge (another size, schema or an incomplete
// build) gives no lanes: a summary note names it and why, and its ranks show their headers only.
// Threads: one instance per open cluster index, used on the query thread only.
#include "core/index/sqlite.h"
#include "core/query/clusterwaitlanes.h"
#include "core/query/namekinds.h"
#include "core/query/rankpart.h"
#include "core/query/timelinequery.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace rs::query {

class ShardLanes {
  public:
    static constexpr int kOpenShards = 8;
    static constexpr int kIdBits = 40;

    /// Null when `db` is not a cluster index. `dbPath`: the file `db` opened; shards are looked for in its
    /// folder, then in the shard folder the merge read (meta cluster_shard_dir).
    static std::unique_ptr<ShardLanes> open(index::Db& db, const std::string& dbPath);
    /// What is wrong with each shard that cannot be read now, without opening any ("shard-2-of-3.sqlite:
    /// not found beside the cluster index"): missing, or another size than when merged. Cheap (a stat each).
    static std::vector<std::string> shardProblems(index::Db& db, const std::string& dbPath);
    ~ShardLanes();

    /// Adds the shown ranks' lanes and every readable shard's names to `s` (loadSummary's result), and a
    /// note for each shard that gives none; places the waits on their lanes (clusterwaitlanes.h).
    void extendSummary(ProfileSummary& s);
    /// loadTimeline() over the shards of the window's lanes, in cluster ids.
    TimelineData loadTimeline(const TimelineWindow& w);
    std::optional<SpanDetail> loadSpanDetail(int64_t spanId);
    /// searchSpans() over every readable shard, the earliest `limit` hits; on `ranks` (cluster rank keys)
    /// only, unless empty.
    std::vector<DrawItem> search(const std::string& text, int limit, std::vector<int64_t>* trackIds,
                                 const std::vector<int>& ranks = {});
    /// The connection of `rank`'s shard (null when it has none or it cannot be read), with the rank's key
    /// there in `localRank` and the shard's K in `k`.
    index::Db* rankDb(int rank, int& localRank, int& k);
    /// Calls `fn` with each readable shard's part of `ranks` (cluster rank keys), one shard open at a time;
    /// returns the ranks no shard can give (missing, unreadable or changed shard; unknown rank).
    std::vector<int> visit(const std::vector<int>& ranks, const std::function<void(const RankPart&)>& fn);
    /// Calls `fn` with every readable shard (its part holds all its ranks); with `only`, the shards of
    /// those cluster track ids only.
    void visitAll(const std::function<void(const RankPart&)>& fn, const std::vector<int64_t>* only = nullptr);
    /// Calls `fn` with the part of the shard holding `spanId` (a cluster span id) and its id there.
    void visitSpan(int64_t spanId, const std::function<void(const RankPart&, int64_t)>& fn);
    int shardCount() const { return int(m_shards.size()); }
    int openShards() const; ///< shards whose connection is open now (at most kOpenShards)

    static int64_t clusterId(int k, int64_t id) { return (int64_t(k) << kIdBits) + id; }
    static int shardOf(int64_t clusterId) { return int(clusterId >> kIdBits); }
    static int64_t localId(int64_t clusterId) { return clusterId & ((int64_t(1) << kIdBits) - 1); }

  private:
    struct Shard;
    ShardLanes() = default;
    void readManifest(index::Db& db, const std::string& dbPath);
    index::Db* connect(Shard& s);
    bool check(Shard& s, index::Db& db);
    /// Maps the shard's names into `global` through `idOf` (the union so far: name → summary id).
    void addNames(Shard& s, index::Db& db, ProfileSummary& global,
                  std::unordered_map<std::string, int32_t>& idOf);
    void addLanes(Shard& s, index::Db& db, const std::set<int>& shown, ProfileSummary& global);
    void remap(const Shard& s, TimelineData& part, TimelineData& out) const;
    Shard* shardById(int k);
    Shard* shardOfRank(int rank);

    std::vector<std::unique_ptr<Shard>> m_shards; ///< the present shards, by K
    std::map<int, int> m_shardOfRank;             ///< cluster rank key → K
    std::shared_ptr<const ProfileSummary> m_names;
    std::map<int, int64_t> m_runEnds; ///< cluster rank key → where its unread tails end (rankRunEnds)
    std::unique_ptr<ClusterWaitLanes> m_waitLanes;
    uint64_t m_clock = 0; ///< use counter for the least-recently-used close
};

} // namespace rs::query
