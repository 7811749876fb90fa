#include "core/stats/runwaitfacts.h"

namespace rs::stats {

std::string waitUnknownReason(const RunWaitFacts& f) {
    // a run of op tables without times (framework_raw alone) recorded no communication either: not a 0
    // a file that could not be read is no proof of nothing (walk17b #1a: a .db cut to half)
    if (!f.timed && f.filesDamaged) return "a source file could not be read: what it records is not known";
    if (!f.timed) return "no timed event: its files record nothing of its communication";
    if (f.waitNs > 0) return {};
    // no wait measured where ranks are missing: the late rank is among them
    if (!f.complete) return "ranks of the job are missing: the waits for them are not measured";
    if (f.measuredCollectives > 0) return {};
    // no collective recorded at all: nothing says the job had none (walk17b #11: profiler run 2's GPU
    // timeline read "0 ns in total" where run 4, as silent about communication, read "not known"); only a
    // job of one rank surely waits for nobody
    if (f.collectives == 0)
        return f.worldSize == 1 ? std::string()
                                : "no collective recorded: its files hold nothing of its communication";
    if (f.ranks == 1)
        // a job of one rank waits for nobody: its 0 is real
        return f.worldSize == 1 ? std::string()
                                : "one rank: a wait is measured against the other ranks' arrivals, and this "
                                  "rank's files ship no wait of their own";
    return "no collective was matched across the ranks, and the files ship no wait of their own";
}

std::map<int, RunWaitFacts> loadRunWaitFacts(index::Db& db) {
    std::map<int, RunWaitFacts> out;
    // measured: matched with a peer (a last rank), or a producer's record (communication.json, hccl_raw,
    // the .db's) or Notify_Wait tasks on the rank itself
    auto q = db.prepare(
        "SELECT u.run_id, u.complete, u.world_size, "
        "(SELECT count(*) FROM rank_info r WHERE r.run_id = u.run_id), "
        "(SELECT count(*) FROM collective c JOIN rank_info r ON r.rank = c.rank WHERE r.run_id = u.run_id), "
        "(SELECT count(*) FROM collective c JOIN rank_info r ON r.rank = c.rank WHERE r.run_id = u.run_id "
        "AND (c.last_rank IS NOT NULL OR c.wait_events_ns IS NOT NULL OR coalesce(c.source, 'events') <> "
        "'events')), "
        "(SELECT coalesce(sum(w.dur_ns), 0) FROM wait w JOIN rank_info r ON r.rank = w.rank WHERE "
        "r.run_id = u.run_id AND w.kind = 'collective_wait'), u.start_ns IS NOT NULL FROM run u");
    while (q.step()) {
        RunWaitFacts f;
        f.complete = q.i64(1) != 0;
        if (!q.isNull(2)) f.worldSize = q.i64(2);
        f.ranks = q.i64(3);
        f.collectives = q.i64(4);
        f.measuredCollectives = q.i64(5);
        f.waitNs = q.i64(6);
        f.timed = q.i64(7) != 0;
        out[int(q.i64(0))] = f;
    }
    return out;
}

} // namespace rs::stats
