#include "core/query/outsidesamples.h"

#include "core/query/timelinequery.h"

namespace rs::query {

void loadOutsideSamples(index::Db& db, ProfileSummary& s) {
    if (s.endNs <= s.startNs) return;
    // the counter_track index (track_id, ts_ns) keeps each count to the samples it counts
    auto before = db.prepare("SELECT count(*), min(ts_ns) FROM counter WHERE track_id = ? AND ts_ns < ?");
    auto after = db.prepare("SELECT count(*), max(ts_ns) FROM counter WHERE track_id = ? AND ts_ns > ?");
    const int64_t start = s.startNs, end = s.endNs;
    for (TrackDesc& t : s.tracks) {
        if (t.kind != "counter") continue;
        before.bind(1, t.trackId).bind(2, start);
        if (before.step() && before.i64(0) > 0)
            t.outside.before = before.i64(0), t.outside.firstNs = before.i64(1) - start;
        before.reset();
        after.bind(1, t.trackId).bind(2, end);
        if (after.step() && after.i64(0) > 0)
            t.outside.after = after.i64(0), t.outside.lastNs = after.i64(1) - start;
        after.reset();
    }
}

} // namespace rs::query
