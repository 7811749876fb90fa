#include "core/query/activityquery.h"

#include "core/model/lod.h"

#include <algorithm>
#include <set>

namespace rs::query {

namespace {

/// The widest LOD level whose buckets fit in a column (level 0 when even that is wider).
int levelFor(int64_t t0, int64_t t1, int columns) {
    const int64_t column = std::max<int64_t>(1, (t1 - t0) / std::max(1, columns));
    int level = 0;
    for (int l = 0; l < model::kLodLevels; ++l)
        if (model::lodWidthNs(l) <= column) level = l;
    return level;
}

/// Spreads each bucket's busy time over the columns its [start, end) overlaps, in proportion.
void addBuckets(index::Stmt& q, const RankActivity& a, std::vector<double>& cols) {
    const double width = double(a.t1 - a.t0) / a.columns;
    while (q.step()) {
        const int64_t s = std::max(q.i64(0), a.t0), e = std::min(q.i64(1), a.t1);
        const double busy = double(q.i64(2)), extent = double(std::max<int64_t>(1, q.i64(1) - q.i64(0)));
        if (e <= s) continue;
        const int c0 = std::clamp(int(double(s - a.t0) / width), 0, a.columns - 1);
        const int c1 = std::clamp(int(double(e - 1 - a.t0) / width), 0, a.columns - 1);
        for (int c = c0; c <= c1; ++c) {
            const double cs = a.t0 + c * width, ce = cs + width;
            const double overlap = std::min<double>(e, ce) - std::max<double>(s, cs);
            cols[size_t(c)] += busy * overlap / extent;
        }
    }
    q.reset();
}

/// `host` without the lanes whose only span covers most of [a.t0, a.t1] (a profiler's wrapper span): busy
/// throughout, it said nothing of when the threads worked. Counted in a.wrapperLanesLeftOut.
std::vector<int64_t> withoutWrappers(index::Db& db, const std::vector<int64_t>& host, RankActivity& a) {
    // two rows at most: one says the lane is a single span, whatever the lane's size
    auto q = db.prepare("SELECT count(*), max(min(ts_ns + dur_ns, ?3) - max(ts_ns, ?2)) FROM (SELECT ts_ns, "
                        "dur_ns FROM span WHERE track_id = ?1 LIMIT 2)");
    std::vector<int64_t> kept;
    for (int64_t t : host) {
        q.bind(1, t).bind(2, a.t0).bind(3, a.t1);
        const bool wrapper = q.step() && q.i64(0) == 1 && double(q.i64(1)) >= 0.9 * double(a.t1 - a.t0);
        q.reset();
        if (wrapper)
            ++a.wrapperLanesLeftOut;
        else
            kept.push_back(t);
    }
    return kept;
}

} // namespace

RankActivity loadRankActivity(index::Db& db, const std::vector<int>& ranks, int64_t t0, int64_t t1,
                              int columns) {
    RankActivity a;
    a.t0 = t0;
    a.t1 = std::max(t1, t0 + 1);
    a.columns = std::max(1, columns);
    const int level = levelFor(a.t0, a.t1, a.columns);
    const double width = double(a.t1 - a.t0) / a.columns;
    auto tracks = db.prepare("SELECT track_id, kind FROM track WHERE rank = ? AND aligned = 1 AND kind IN "
                             "('compute', 'communication', 'host') ORDER BY track_id");
    auto lod = db.prepare("SELECT start_ns, end_ns, busy_ns FROM lod WHERE track_id = ?1 AND level = ?2 AND "
                          "depth = 0 AND start_ns < ?4 AND end_ns > ?3");
    for (int rank : std::set<int>(ranks.begin(), ranks.end())) {
        std::vector<int64_t> device, host;
        tracks.bind(1, rank);
        while (tracks.step())
            (tracks.text(1) == "host" ? host : device).push_back(tracks.i64(0));
        tracks.reset();
        if (device.empty() && !host.empty()) {
            a.hostOnly.insert(rank);
            host = withoutWrappers(db, host, a);
        }
        std::vector<float>& out = a.busy[rank];
        out.assign(size_t(a.columns), 0);
        for (int64_t t : device.empty() ? host : device) {
            std::vector<double> cols(size_t(a.columns), 0);
            lod.bind(1, t).bind(2, int64_t(level)).bind(3, a.t0).bind(4, a.t1);
            addBuckets(lod, a, cols);
            for (size_t c = 0; c < cols.size(); ++c)
                out[c] = std::max(out[c], float(std::min(1.0, cols[c] / width)));
        }
    }
    return a;
}

} // namespace rs::query
