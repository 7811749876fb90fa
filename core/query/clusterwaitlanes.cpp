#include "core/query/clusterwaitlanes.h"

#include <set>

namespace rs::query {

ClusterWaitLanes::ClusterWaitLanes(index::Db& cluster) {
    auto q = cluster.prepare(
        "SELECT w.rank, w.start_ns, w.kind, c.span_id, w.kind = 'collective_wait' AND c.wait_events_ns = "
        "c.wait_ns FROM wait w JOIN collective c ON c.collective_id = w.collective_id WHERE c.span_id IS NOT "
        "NULL");
    while (q.step())
        m_sources.emplace(std::make_tuple(int(q.i64(0)), q.i64(1), q.text(2)),
                          Source{q.i64(3), q.i64(4) != 0});
}

namespace {

/// The shard ranks with more than one collective lane (one per stream): their waits go on their
/// collective's lane, as in one index of the whole.
std::set<int> ranksWithSeveralCollectiveLanes(index::Db& shard) {
    std::set<int> out;
    auto q = shard.prepare(
        "SELECT rank FROM track WHERE role = 'collective_lane' GROUP BY rank HAVING count(*) > 1");
    while (q.step())
        out.insert(int(q.i64(0)));
    return out;
}

std::optional<int64_t> firstTrack(index::Stmt& q) {
    std::optional<int64_t> out;
    if (q.step()) out = q.i64(0);
    q.reset();
    return out;
}

} // namespace

void ClusterWaitLanes::place(index::Db& shard, const std::map<int, int>& toShard,
                             const std::function<int64_t(int64_t)>& clusterTrack,
                             std::vector<WaitDesc>& waits) const {
    const std::set<int> multi = ranksWithSeveralCollectiveLanes(shard);
    auto opLane = shard.prepare("SELECT track_id FROM span WHERE span_id = ?");
    auto plane =
        shard.prepare("SELECT track_id FROM span WHERE track_id IN (SELECT track_id FROM track WHERE "
                      "rank = ? AND role = 'comm_plane') AND ts_ns = ? LIMIT 1");
    for (WaitDesc& w : waits) {
        const auto local = toShard.find(w.rank);
        const auto src = m_sources.find({w.rank, w.startNs, w.kind});
        if (local == toShard.end() || src == m_sources.end() || w.taskTrackId || w.trackId) continue;
        opLane.bind(1, src->second.spanId);
        const auto op = firstTrack(opLane);
        if (!op) continue;
        if (multi.count(local->second)) w.trackId = clusterTrack(*op);
        if (!src->second.byTasks) continue;
        plane.bind(1, int64_t(local->second)).bind(2, w.startNs);
        if (const auto p = firstTrack(plane)) {
            w.taskTrackId = clusterTrack(*p);
            w.opTrackId = clusterTrack(*op);
        }
    }
}

} // namespace rs::query
