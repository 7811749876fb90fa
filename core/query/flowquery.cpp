#include "core/query/flowquery.h"

#include "core/query/windowflowsampler.h"

#include <algorithm>

namespace rs::query {

namespace {

// Both ends of a link `l` (the caller's FROM names it, ?1.. bound by the caller).
const char* const kArrowColumns =
    "SELECT l.rowid, coalesce(c.value, ''), CAST(l.flow_id AS TEXT), "
    "s.span_id, st.rank, s.track_id, s.ts_ns, s.ts_ns + s.dur_ns, sn.value, "
    "d.span_id, dt.rank, d.track_id, d.ts_ns, d.ts_ns + d.dur_ns, dn.value, s.depth, d.depth, "
    "s.name_id, coalesce(s.op_type_id, 0), d.name_id, coalesce(d.op_type_id, 0) ";
const char* const kArrowJoins =
    "JOIN span s ON s.span_id = l.src_span_id JOIN track st ON st.track_id = s.track_id "
    "JOIN string sn ON sn.id = s.name_id JOIN span d ON d.span_id = l.dst_span_id "
    "JOIN track dt ON dt.track_id = d.track_id JOIN string dn ON dn.id = d.name_id "
    "LEFT JOIN string c ON c.id = l.cat_id ";

FlowArrow readArrow(const index::Stmt& q) {
    FlowArrow a;
    a.category = q.text(1);
    a.flowId = q.text(2);
    a.src = {q.i64(3), int(q.i64(4)), q.i64(5), q.i64(6), q.i64(7), q.text(8), int(q.i64(15))};
    a.dst = {q.i64(9), int(q.i64(10)), q.i64(11), q.i64(12), q.i64(13), q.text(14), int(q.i64(16))};
    a.src.nameId = int32_t(q.i64(17));
    a.src.opTypeId = int32_t(q.i64(18));
    a.dst.nameId = int32_t(q.i64(19));
    a.dst.opTypeId = int32_t(q.i64(20));
    return a;
}

} // namespace

FlowArrows loadSpanFlows(index::Db& db, int64_t spanId, int limit) {
    FlowArrows out;
    auto q = db.prepare(std::string(kArrowColumns) + "FROM flow_link l " + kArrowJoins +
                        "WHERE l.rowid IN (SELECT rowid FROM flow_link WHERE src_span_id = ?1 UNION "
                        "SELECT rowid FROM flow_link WHERE dst_span_id = ?1) LIMIT ?2");
    q.bind(1, spanId).bind(2, int64_t(limit) + 1);
    while (q.step())
        out.arrows.push_back(readArrow(q));
    if (int(out.arrows.size()) > limit) {
        out.arrows.resize(size_t(limit));
        out.truncated = true;
    }
    std::stable_sort(out.arrows.begin(), out.arrows.end(), [spanId](const FlowArrow& a, const FlowArrow& b) {
        const bool as = a.src.spanId == spanId, bs = b.src.spanId == spanId;
        if (as != bs) return as;
        const int64_t at = as ? a.dst.startNs : a.src.startNs, bt = bs ? b.dst.startNs : b.src.startNs;
        return at < bt;
    });
    return out;
}

FlowArrows loadWindowFlows(index::Db& db, const FlowWindow& w) {
    FlowArrows out;
    if (w.categories.empty() || w.trackIds.empty() || w.limit <= 0) return out;
    // the asked categories as string ids (literal integers in the SQL below)
    std::string ids;
    {
        auto c = db.prepare("SELECT id FROM string WHERE value = ?");
        for (const std::string& cat : w.categories) {
            c.bind(1, cat);
            if (c.step()) ids.append(ids.empty() ? "" : ",").append(std::to_string(c.i64(0)));
            c.reset();
        }
    }
    if (ids.empty()) return out;
    std::string tracks;
    for (int64_t t : w.trackIds)
        tracks.append(tracks.empty() ? "" : ",").append(std::to_string(t));
    const int64_t from = w.t0 - std::max<int64_t>(0, w.t1 - w.t0);
    // each track its share, spread over the window's time (walk 51b: the first track took all 2000 arrows
    // and ranks 1 and 2 drew none; then each track's share was its earliest arrows, and every rank drew
    // the window's first milliseconds only)
    WindowFlowSampler sampler(db, ids, tracks, from, w.t0, w.t1);
    const std::vector<int64_t> chosen = sampler.choose(w.trackIds, w.limit);
    out.matched = sampler.matched();
    out.matchedAtLeast = sampler.matchedAtLeast();
    out.truncated = out.matchedAtLeast || int64_t(chosen.size()) < out.matched;
    auto q =
        db.prepare(std::string(kArrowColumns) + "FROM flow_link l " + kArrowJoins + "WHERE l.rowid = ?1");
    for (int64_t rowid : chosen) {
        q.bind(1, rowid);
        if (q.step()) out.arrows.push_back(readArrow(q));
        q.reset();
    }
    return out;
}

std::vector<std::string> loadFlowCategories(index::Db& db) {
    std::vector<std::string> out;
    auto q = db.prepare("SELECT DISTINCT coalesce(c.value, '') FROM flow_link l LEFT JOIN string c ON c.id = "
                        "l.cat_id ORDER BY 1");
    while (q.step())
        out.push_back(q.text(0));
    return out;
}

} // namespace rs::query
