#include "core/query/shardlanes.h"

#include "core/index/schema.h"
#include "core/query/unreadtails.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <unordered_map>

namespace fs = std::filesystem;

namespace rs::query {

struct ShardLanes::Shard {
    int k = 0;
    std::string name, path; ///< file name as the manifest has it; where it was found ("" when nowhere)
    int64_t bytes = 0;      ///< its size when merged
    int schema = 0;
    std::string problem;          ///< why it gives no lanes ("" when it does)
    std::map<int, int> toCluster; ///< shard rank key → cluster rank key
    std::map<int, int> toShard;
    std::vector<int32_t> names;            ///< shard string id → summary string id
    std::shared_ptr<ProfileSummary> local; ///< the shard's names, for its NameOpTypes
    std::unique_ptr<NameOpTypes> opTypes;  ///< LOD buckets' op types, in shard ids
    std::unique_ptr<index::Db> db;         ///< open while among the most recently used
    uint64_t lastUse = 0;
};

namespace {

std::vector<int> splitInts(const std::string& s) {
    std::vector<int> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty()) out.push_back(std::stoi(item));
    return out;
}

/// "rank 3" or "ranks 1, 7, 9" (the numbers the producer wrote) of a shard's shown ranks.
std::string ranksText(const std::map<int, int>& toShard, const ProfileSummary& s) {
    std::string out;
    int n = 0;
    for (const auto& [rank, mine] : toShard) {
        if (std::find(s.ranks.begin(), s.ranks.end(), rank) == s.ranks.end()) continue;
        auto d = s.dataRank.find(rank);
        out += (n++ ? ", " : "") + std::to_string(d == s.dataRank.end() ? rank : d->second);
    }
    return (n == 1 ? "rank " : "ranks ") + out;
}

} // namespace

ShardLanes::~ShardLanes() = default;

std::unique_ptr<ShardLanes> ShardLanes::open(index::Db& db, const std::string& dbPath) {
    if (!index::isClusterIndex(db)) return nullptr;
    std::unique_ptr<ShardLanes> lanes(new ShardLanes);
    lanes->readManifest(db, dbPath);
    lanes->m_runEnds = rankRunEnds(db);
    lanes->m_waitLanes = std::make_unique<ClusterWaitLanes>(db);
    return lanes;
}

std::vector<std::string> ShardLanes::shardProblems(index::Db& db, const std::string& dbPath) {
    std::vector<std::string> out;
    if (!index::isClusterIndex(db)) return out;
    ShardLanes lanes;
    lanes.readManifest(db, dbPath);
    for (auto& s : lanes.m_shards) {
        std::error_code ec;
        if (s->problem.empty() && int64_t(fs::file_size(s->path, ec)) != s->bytes)
            s->problem = "changed since the merge (rankscope merge again)";
        if (!s->problem.empty()) out.push_back(s->name + ": " + s->problem);
    }
    return out;
}

void ShardLanes::readManifest(index::Db& db, const std::string& dbPath) {
    const fs::path beside = fs::absolute(dbPath).parent_path();
    const fs::path merged = db.scalarText("SELECT value FROM meta WHERE key = 'cluster_shard_dir'");
    auto q = db.prepare(
        "SELECT k, shard_file, coalesce(bytes, 0), coalesce(schema_version, 0), "
        "coalesce(ranks, ''), coalesce(shard_ranks, '') FROM manifest WHERE present = 1 ORDER BY k");
    while (q.step()) {
        auto s = std::make_unique<Shard>();
        s->k = int(q.i64(0));
        s->name = q.text(1);
        s->bytes = q.i64(2);
        s->schema = int(q.i64(3));
        const std::vector<int> ranks = splitInts(q.text(4)), own = splitInts(q.text(5));
        for (size_t i = 0; i < ranks.size(); ++i) {
            const int mine =
                i < own.size() ? own[i] : ranks[i]; // an index without shard_ranks: the same keys
            s->toCluster[mine] = ranks[i];
            s->toShard[ranks[i]] = mine;
            m_shardOfRank[ranks[i]] = s->k;
        }
        for (const fs::path& dir : {beside, merged})
            if (!dir.empty() && fs::is_regular_file(dir / s->name)) {
                s->path = (dir / s->name).string();
                break;
            }
        if (s->path.empty())
            s->problem = "not found beside the cluster index" +
                         (merged.empty() || merged == beside ? std::string() : " nor in " + merged.string());
        m_shards.push_back(std::move(s));
    }
}

bool ShardLanes::check(Shard& s, index::Db& db) {
    std::error_code ec;
    const auto size = int64_t(fs::file_size(s.path, ec));
    const std::string schema = db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'");
    const std::string complete = db.scalarText("SELECT value FROM meta WHERE key = 'complete'");
    if (ec || size != s.bytes || schema != std::to_string(s.schema) || complete != "1")
        s.problem = "changed since the merge (rankscope merge again)";
    return s.problem.empty();
}

index::Db* ShardLanes::connect(Shard& s) {
    if (!s.problem.empty()) return nullptr;
    s.lastUse = ++m_clock;
    if (s.db) return s.db.get();
    int open = 0;
    Shard* oldest = nullptr;
    for (auto& o : m_shards)
        if (o->db) {
            ++open;
            if (!oldest || o->lastUse < oldest->lastUse) oldest = o.get();
        }
    if (open >= kOpenShards && oldest) oldest->db.reset();
    try {
        auto db = std::make_unique<index::Db>(s.path, true);
        if (!check(s, *db)) return nullptr;
        s.db = std::move(db);
    } catch (const std::exception& e) {
        s.problem = std::string("unreadable: ") + e.what();
        return nullptr;
    }
    return s.db.get();
}

int ShardLanes::openShards() const {
    return int(std::count_if(m_shards.begin(), m_shards.end(), [](const auto& s) { return bool(s->db); }));
}

ShardLanes::Shard* ShardLanes::shardById(int k) {
    auto it = std::lower_bound(m_shards.begin(), m_shards.end(), k,
                               [](const std::unique_ptr<Shard>& s, int v) { return s->k < v; });
    return it != m_shards.end() && (*it)->k == k ? it->get() : nullptr;
}

ShardLanes::Shard* ShardLanes::shardOfRank(int rank) {
    auto it = m_shardOfRank.find(rank);
    return it == m_shardOfRank.end() ? nullptr : shardById(it->second);
}

void ShardLanes::addNames(Shard& s, index::Db& db, ProfileSummary& global,
                          std::unordered_map<std::string, int32_t>& idOf) {
    s.local = std::make_shared<ProfileSummary>();
    loadNames(db, *s.local);
    s.opTypes = std::make_unique<NameOpTypes>(s.local);
    global.communication.resize(global.strings.size(), 0);
    global.runtimeTask.resize(global.strings.size(), 0);
    s.names.resize(s.local->strings.size());
    for (size_t i = 0; i < s.local->strings.size(); ++i) {
        auto [it, fresh] = idOf.emplace(s.local->strings[i], int32_t(global.strings.size()));
        if (fresh) {
            global.strings.push_back(s.local->strings[i]);
            global.communication.push_back(0);
            global.runtimeTask.push_back(0);
        }
        s.names[i] = it->second;
        if (s.local->communication[i]) global.communication[size_t(it->second)] = 1;
        if (i < s.local->runtimeTask.size() && s.local->runtimeTask[i])
            global.runtimeTask[size_t(it->second)] = 1;
    }
}

void ShardLanes::addLanes(Shard& s, index::Db& db, const std::set<int>& shown, ProfileSummary& global) {
    std::set<int> mine;
    for (int r : shown)
        if (auto it = s.toShard.find(r); it != s.toShard.end()) mine.insert(it->second);
    ProfileSummary part;
    loadLanes(db, mine, part);
    for (auto t : part.tracks) {
        t.rank = s.toCluster.at(t.rank);
        t.trackId = t.trackId < 0 ? memoryTrackId(t.rank) : clusterId(s.k, t.trackId);
        global.tracks.push_back(std::move(t));
    }
    // a cut file's lanes stop early in the shard that read it; they run on to the end of the rank's run,
    // which only the cluster index knows (a shard's run ends with its own ranks). Stop 40: the cluster
    // index's own unreadTails found no span to end them at, and a cut looked idle.
    std::map<int, int64_t> ends;
    for (int r : mine)
        if (auto it = m_runEnds.find(s.toCluster.at(r)); it != m_runEnds.end()) ends[r] = it->second;
    for (auto t : unreadTails(db, mine, ends)) {
        t.rank = s.toCluster.at(t.rank);
        t.trackId = clusterId(s.k, t.trackId);
        global.unreadTails.push_back(std::move(t));
    }
}

void ShardLanes::extendSummary(ProfileSummary& s) {
    const std::set<int> shown(s.ranks.begin(), s.ranks.end());
    // the union of the names, built once for all shards (most names are every shard's)
    std::unordered_map<std::string, int32_t> idOf;
    for (size_t i = 0; i < s.strings.size(); ++i)
        idOf.emplace(s.strings[i], int32_t(i));
    for (auto& shard : m_shards) {
        index::Db* db = connect(*shard);
        if (db) {
            addNames(*shard, *db, s, idOf);
            addLanes(*shard, *db, shown, s);
            const int k = shard->k;
            m_waitLanes->place(
                *db, shard->toShard, [k](int64_t t) { return clusterId(k, t); }, s.waits);
        }
        shard->db.reset(); // opened again when a lane of its is drawn
        if (!shard->problem.empty()) {
            s.notes.push_back(shard->name + ": " + shard->problem + ": no lanes for " +
                              ranksText(shard->toShard, s));
            for (const auto& [rank, mine] : shard->toShard)
                if (shown.count(rank)) s.unreadRanks.push_back(rank);
        }
    }
    std::stable_sort(s.tracks.begin(), s.tracks.end(),
                     [](const TrackDesc& a, const TrackDesc& b) { return a.rank < b.rank; });
    sortTails(s.unreadTails);
    // the names' op types over the union (derived from each name alone: the shards' own agree)
    s.communication.resize(s.strings.size(), 0);
    s.runtimeTask.resize(s.strings.size(), 0);
    classifyNames(s);
}

void ShardLanes::remap(const Shard& s, TimelineData& part, TimelineData& out) const {
    auto name = [&](int32_t id) { return id >= 0 && size_t(id) < s.names.size() ? s.names[size_t(id)] : 0; };
    for (auto& t : part.tracks) {
        t.trackId = clusterId(s.k, t.trackId);
        for (auto& it : t.items) {
            it.nameId = name(it.nameId);
            it.opTypeId = it.opTypeId ? name(it.opTypeId) : 0;
            if (it.spanId) it.spanId = clusterId(s.k, it.spanId);
        }
        out.tracks.push_back(std::move(t));
    }
    for (auto& c : part.counters) {
        c.trackId =
            c.trackId < 0 ? memoryTrackId(s.toCluster.at(int(-c.trackId - 1))) : clusterId(s.k, c.trackId);
        out.counters.push_back(std::move(c));
    }
}

TimelineData ShardLanes::loadTimeline(const TimelineWindow& w) {
    TimelineData out;
    out.window = w;
    out.lodLevel = chooseLodLevel(w.t0, w.t1, w.widthPx);
    std::map<int, std::vector<int64_t>> byShard; // K → the shard's own track ids, in the window's order
    for (int64_t t : w.trackIds) {
        if (t >= 0) {
            byShard[shardOf(t)].push_back(localId(t));
        } else if (Shard* s = shardOfRank(int(-t - 1))) {
            byShard[s->k].push_back(memoryTrackId(s->toShard.at(int(-t - 1))));
        }
    }
    for (auto& [k, ids] : byShard) {
        Shard* s = shardById(k);
        index::Db* db = s ? connect(*s) : nullptr;
        if (!db) continue; // its lanes are not in the summary either
        TimelineWindow local = w;
        local.trackIds = std::move(ids);
        TimelineData part = query::loadTimeline(*db, local, s->opTypes.get());
        remap(*s, part, out);
    }
    return out;
}

index::Db* ShardLanes::rankDb(int rank, int& localRank, int& k) {
    Shard* s = shardOfRank(rank);
    if (!s) return nullptr;
    localRank = s->toShard.at(rank);
    k = s->k;
    return connect(*s);
}

std::vector<int> ShardLanes::visit(const std::vector<int>& ranks,
                                   const std::function<void(const RankPart&)>& fn) {
    std::map<int, RankPart> parts; // K → its part
    std::vector<int> unread;
    for (int r : ranks) {
        Shard* s = shardOfRank(r);
        if (!s || !s->problem.empty()) {
            unread.push_back(r);
            continue;
        }
        parts[s->k].toLocal[r] = s->toShard.at(r);
    }
    for (auto& [k, part] : parts) {
        Shard* s = shardById(k);
        part.db = connect(*s);
        if (!part.db) { // found wanting only now (rewritten since the summary was read)
            for (const auto& [r, local] : part.toLocal)
                unread.push_back(r);
            continue;
        }
        part.shard = k;
        part.names = &s->names;
        fn(part);
    }
    std::sort(unread.begin(), unread.end());
    return unread;
}

namespace {
std::set<int> shardsOfTracks(const std::vector<int64_t>& tracks) {
    std::set<int> ks;
    for (int64_t t : tracks)
        if (t >= 0) ks.insert(ShardLanes::shardOf(t));
    return ks;
}
} // namespace

void ShardLanes::visitAll(const std::function<void(const RankPart&)>& fn, const std::vector<int64_t>* only) {
    const std::set<int> wanted = only ? shardsOfTracks(*only) : std::set<int>();
    for (auto& s : m_shards) {
        if (only && !wanted.count(s->k)) continue;
        RankPart part;
        part.db = connect(*s);
        if (!part.db) continue;
        part.shard = s->k;
        part.names = &s->names;
        part.toLocal.insert(s->toShard.begin(), s->toShard.end());
        fn(part);
    }
}

void ShardLanes::visitSpan(int64_t spanId, const std::function<void(const RankPart&, int64_t)>& fn) {
    Shard* s = shardById(shardOf(spanId));
    RankPart part;
    part.db = s ? connect(*s) : nullptr;
    if (!part.db) return;
    part.shard = s->k;
    part.names = &s->names;
    part.toLocal.insert(s->toShard.begin(), s->toShard.end());
    fn(part, localId(spanId));
}

std::optional<SpanDetail> ShardLanes::loadSpanDetail(int64_t spanId) {
    Shard* s = shardById(shardOf(spanId));
    index::Db* db = s ? connect(*s) : nullptr;
    if (!db) return std::nullopt;
    auto d = query::loadSpanDetail(*db, localId(spanId));
    if (d) {
        d->spanId = spanId;
        d->rank = s->toCluster.count(d->rank) ? s->toCluster.at(d->rank) : d->rank;
    }
    return d;
}

std::vector<DrawItem> ShardLanes::search(const std::string& text, int limit, std::vector<int64_t>* trackIds,
                                         const std::vector<int>& ranks) {
    struct Hit {
        SearchOrder order; ///< with the cluster's rank key: the order of the whole profile's index
        DrawItem item;
        int64_t track;
    };
    std::vector<Hit> hits;
    for (auto& s : m_shards) {
        index::Db* db = connect(*s);
        if (!db) continue;
        std::vector<int64_t> tracks;
        std::vector<SearchOrder> order;
        std::vector<int> local; // the shard's keys of `ranks`
        for (const auto& [shardKey, clusterKey] : s->toCluster)
            if (std::find(ranks.begin(), ranks.end(), clusterKey) != ranks.end()) local.push_back(shardKey);
        if (!ranks.empty() && local.empty()) continue;
        auto found = searchSpans(*db, text, limit, &tracks, &order, local);
        TimelineData part, mapped;
        part.tracks.push_back({0, std::move(found)});
        remap(*s, part, mapped);
        auto& items = mapped.tracks.front().items;
        for (size_t i = 0; i < items.size(); ++i) {
            auto rank = s->toCluster.find(order[i].rank);
            if (rank != s->toCluster.end()) order[i].rank = rank->second;
            hits.push_back({std::move(order[i]), items[i], clusterId(s->k, tracks[i])});
        }
    }
    std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.order < b.order; });
    if (int(hits.size()) > limit) hits.resize(size_t(std::max(0, limit)));
    std::vector<DrawItem> out;
    for (auto& h : hits) {
        out.push_back(h.item);
        if (trackIds) trackIds->push_back(h.track);
    }
    return out;
}

} // namespace rs::query
