#include "core/analysis/collectivestore.h"

#include "core/model/waitkind.h"

namespace rs::analysis {

using index::Db;

namespace {

/// Where a collective's wait is stored and drawn, as {start, duration}: each run of its wait tasks where they
/// add up to the wait shown; else, where it is not known (a producer's record, an inferred wait), one block
/// from the op's start. The block drew mindinsight profiler's 34.2 ms of plane-0 Notify_Wait from the op's
/// start over the transfers of planes 1 and 2.
std::vector<std::pair<int64_t, int64_t>> waitPieces(const Arrival& c) {
    std::vector<std::pair<int64_t, int64_t>> out;
    int64_t sum = 0;
    for (const auto& [from, to] : c.waitIntervals) {
        out.push_back({from, to - from});
        sum += to - from;
    }
    if (out.empty() || sum != c.wait()) out = {{c.startNs, c.wait()}};
    return out;
}

} // namespace

void storeCollectives(Db& db, const std::vector<Arrival>& arrivals, const AnalysisOptions& opts) {
    auto ins =
        db.prepare("INSERT INTO collective(rank, step, name, seq, start_ns, dur_ns, wait_ns, wait_events_ns, "
                   "transit_ns, bytes, group_name, span_id, match_key, last_rank, source, op_type) "
                   "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    auto insWait = db.prepare("INSERT INTO wait(rank, step, collective, start_ns, dur_ns, kind, blamed_rank, "
                              "collective_id, source) VALUES(?,?,?,?,?,?,?,?,?)");
    for (const auto& c : arrivals) {
        std::optional<int64_t> last;
        if (c.lastRank) last = *c.lastRank;
        ins.bind(1, c.rank)
            .bind(2, c.step)
            .bind(3, c.name)
            .bind(4, c.seq)
            .bind(5, c.startNs)
            .bind(6, c.durNs);
        ins.bind(7, c.wait()).bind(8, c.waitEvents).bind(9, c.transit()).bind(10, c.bytes).bind(11, c.group);
        ins.bind(12, c.spanId ? std::optional<int64_t>(c.spanId) : std::nullopt);
        if (c.matchKey.empty())
            ins.bindNull(13); // not matched across ranks (point-to-point)
        else
            ins.bind(13, c.matchKey);
        ins.bind(14, last).bind(15, c.source).bind(16, c.opType).exec();
        const int64_t collId = db.scalar("SELECT last_insert_rowid()");
        if (c.wait() >= opts.waitMinNs && (!c.lastRank || *c.lastRank != c.rank)) {
            for (const auto& [start, dur] : waitPieces(c)) {
                insWait.bind(1, c.rank).bind(2, c.step).bind(3, c.name).bind(4, start).bind(5, dur);
                insWait.bind(6, sqlText(model::WaitKind::CollectiveWait))
                    .bind(7, last)
                    .bind(8, collId)
                    .bind(9, c.waitSource())
                    .exec();
            }
        }
        if (c.lastRank && *c.lastRank == c.rank && c.lateBy >= opts.waitMinNs &&
            c.gapNs >= opts.idleGapMinNs) {
            insWait.bind(1, c.rank).bind(2, c.step).bind(3, c.name).bind(4, c.gapStartNs).bind(5, c.gapNs);
            insWait.bind(6, sqlText(model::WaitKind::IdleGap)).bindNull(7).bind(8, collId).bindNull(9).exec();
        }
    }
    db.exec(
        "CREATE INDEX collective_rank_step ON collective(rank, step); CREATE INDEX wait_rank ON wait(rank, "
        "start_ns);");
}

void storeClockOffsets(Db& db, const std::map<int, int64_t>& offsets) {
    auto upd = db.prepare("UPDATE rank_info SET clock_offset_ns = ? WHERE rank = ?");
    for (const auto& [rank, off] : offsets)
        upd.bind(1, off).bind(2, rank).exec();
}

} // namespace rs::analysis
