#include "core/analysis/rankwindow.h"

#include "core/analysis/clockcheck.h"
#include "core/analysis/rankcontext.h"

#include <algorithm>
#include <optional>

namespace rs::analysis {

namespace {

struct Window {
    int64_t start = INT64_MAX, end = INT64_MIN;
    bool known() const { return start <= end; }
};

Window spanWindow(index::Db& db, int rank) {
    Window w;
    auto tracks = db.prepare("SELECT track_id FROM track WHERE rank = ? AND aligned = 1");
    auto first = db.prepare("SELECT ts_ns FROM span WHERE track_id = ? ORDER BY ts_ns LIMIT 1");
    auto last =
        db.prepare("SELECT max(ts_ns + dur_ns) FROM (SELECT ts_ns, dur_ns FROM span WHERE track_id = ? "
                   "ORDER BY ts_ns DESC LIMIT 64)");
    tracks.bind(1, rank);
    while (tracks.step()) {
        const int64_t t = tracks.i64(0);
        first.bind(1, t);
        if (first.step()) w.start = std::min(w.start, first.i64(0));
        first.reset();
        last.bind(1, t);
        if (last.step() && !last.isNull(0)) w.end = std::max(w.end, last.i64(0));
        last.reset();
    }
    return w;
}

/// The rank's steps, as the clock pass left them: on its device ops' clock (steps on another clock were
/// replaced by one covering the device ops), or untouched when it has no device ops.
Window stepWindow(index::Db& db, int rank) {
    Window w;
    auto q = db.prepare("SELECT min(start_ns), max(end_ns) FROM step WHERE rank = ?");
    q.bind(1, rank);
    if (q.step() && !q.isNull(0)) w.start = q.i64(0), w.end = q.i64(1);
    return w;
}

/// The spans' window widened to the steps when the data ties them to one clock: a run's steps may go on
/// after its last span (legacy MindSpore rank 10: communication ops in steps 1–20 of 40, the steps 2.6 s
/// longer). Steps far from the spans (the clock pass's test) are on a clock nothing relates: left out.
Window withSteps(Window spans, const Window& steps) {
    if (!steps.known() || farApart(spans.start, spans.end, steps.start, steps.end)) return spans;
    return {std::min(spans.start, steps.start), std::max(spans.end, steps.end)};
}

Window recordWindow(index::Db& db, int rank) {
    Window w;
    auto q =
        db.prepare("SELECT min(s), max(e) FROM (SELECT start_ns AS s, end_ns AS e FROM step_src WHERE rank = "
                   "?1 UNION ALL SELECT start_ns, start_ns + elapse_ns FROM comm_op_src WHERE rank = ?1 AND "
                   "start_ns > 0)");
    q.bind(1, rank);
    if (q.step() && !q.isNull(0)) w.start = q.i64(0), w.end = q.i64(1);
    return w;
}

} // namespace

std::string dirOf(const std::string& path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string placeOf(const std::string& path) {
    std::string dir = dirOf(path);
    dir.erase(std::remove_if(dir.begin(), dir.end(), [](char c) { return c >= '0' && c <= '9'; }), dir.end());
    return dir;
}

PassInfo RankWindowPass::info() const {
    return {"rank_window",
            PassScope::RankLocal,
            {"track", "span", "step", "step_src", "comm_op_src", "source_file"},
            {"rank_info.start_ns", "rank_info.end_ns", "rank_info.place", "rank_info.dir"}};
}

void RankWindowPass::run(RankContext& ctx) {
    Window w = spanWindow(ctx.db, ctx.rank);
    w = w.known() ? withSteps(w, stepWindow(ctx.db, ctx.rank)) : recordWindow(ctx.db, ctx.rank);
    std::string place, dir;
    {
        auto q = ctx.db.prepare("SELECT path FROM source_file WHERE rank = ? ORDER BY file_id LIMIT 1");
        q.bind(1, ctx.rank);
        if (q.step()) place = placeOf(q.text(0)), dir = dirOf(q.text(0));
    }
    auto known = [&](int64_t v) { return w.known() ? std::optional<int64_t>(v) : std::nullopt; };
    ctx.db.prepare("UPDATE rank_info SET start_ns = ?, end_ns = ?, place = ?, dir = ? WHERE rank = ?")
        .bind(1, known(w.start))
        .bind(2, known(w.end))
        .bind(3, place)
        .bind(4, dir)
        .bind(5, ctx.rank)
        .exec();
}

} // namespace rs::analysis
