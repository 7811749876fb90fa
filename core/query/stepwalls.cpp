#include "core/query/stepwalls.h"

#include "core/index/wallfromsql.h"

namespace rs::query {

std::string StepWall::partialText() const {
    return partial() ? model::partialWallText(wallNs, eventsNs, recordedNs) : std::string();
}

model::StepBounds boundsOf(const StepWall& w, int64_t bandStartNs, int64_t bandEndNs) {
    if (w.bounds.endNs > w.bounds.startNs) return w.bounds;
    return {bandStartNs, bandEndNs, model::StepBoundsFrom::Band, w.source, w.source};
}

std::map<std::pair<int, int64_t>, StepWall> loadStepWalls(index::Db& db) {
    std::map<std::pair<int, int64_t>, StepWall> out;
    // a shipped breakdown comes from step_trace_time.csv, or from analysis.db's StepTraceTime where the
    // rank has that file and no CSV (the .db export): the rule the steps view's wall_from follows
    auto q = db.prepare(
        "SELECT s.rank, s.step, s.end_ns - s.start_ns, coalesce(st.wall_ns, s.end_ns - s.start_ns), "
        "coalesce(s.source, ''), coalesce(st.source, ''), "
        "CASE WHEN r.end_ns > r.start_ns THEN r.end_ns - r.start_ns ELSE 0 END, " +
        index::shippedFromCsvSql("s.rank") +
        ", s.start_ns, s.end_ns, st.preparing_ns "
        "FROM step s LEFT JOIN step_stat st ON st.rank = s.rank AND st.step = s.step "
        "LEFT JOIN rank_info r ON r.rank = s.rank");
    while (q.step()) {
        StepWall w;
        w.eventsNs = q.i64(2);
        w.wallNs = q.i64(3);
        w.source = model::wallSourceOf(q.text(5), q.text(4), q.i64(7) != 0);
        w.recordedNs = q.i64(6);
        const auto band = model::wallSourceOf("", q.text(4), true);
        w.bounds = model::stepBounds(w.source, band, q.i64(8), q.i64(9), w.wallNs,
                                     q.isNull(10) ? std::nullopt : std::optional<int64_t>(q.i64(10)));
        out[{int(q.i64(0)), q.i64(1)}] = w;
    }
    return out;
}

} // namespace rs::query
