#include "core/analysis/stepbreakdown.h"

#include "core/model/findingtext.h"
#include "core/model/intervals.h"
#include "core/model/waitkind.h"

#include <algorithm>
#include <map>

namespace rs::analysis {

using model::unionLength;
using Intervals = model::Intervals;

using index::Db;

void addBlame(StepRow& r, const std::vector<StepCollective>& collectives,
              const std::vector<StepWait>& waits) {
    // the late rank is the one of the collective this rank waited longest in, and only that one: a wait in
    // a point-to-point op (no late rank) is never pinned on another collective's late rank
    for (const auto& c : collectives)
        if (c.wait > r.biggestWait || r.biggestCollective.empty()) {
            r.biggestWait = std::max(r.biggestWait, c.wait);
            r.biggestCollective = c.name;
            r.lateRank = c.lastRank;
        }
    // the step's wait is the time it spent waiting, not the sum of its waits: concurrent collectives (a
    // pipeline stage's Send beside its Receive, on two streams) wait over the same stretch, and a collective
    // running past the step's end waits partly in the next one. Summed, a real Ascend pipeline-parallel run
    // waited 201 ms in a 181 ms step (mindinsight cluster_propose, rank 0 step 2). A shipped breakdown's
    // wall (Stage + Bubble) leaves out its Preparing, the stretch before the step's first device task: the
    // step ends Preparing later than the wall says (the .db export dropped a wait 136.2 ms into a step whose
    // wall is 132.2 ms and Preparing 18.1 ms).
    const int64_t stepEnd = r.startNs + r.wall + (r.source == "step_trace_time" ? r.preparing : 0);
    Intervals waited;
    for (const auto& w : waits) {
        if (!w.idleGap) {
            const int64_t a = std::max(w.startNs, r.startNs), b = std::min(w.startNs + w.durNs, stepEnd);
            if (b > a) waited.push_back({a, b});
            continue;
        }
        r.idleGap += w.durNs;
        if (w.startNs < r.startNs) {
            const int64_t before = std::min(w.durNs, r.startNs - w.startNs);
            r.wall += before;
            if (r.source != "step_trace_time") r.idle += before; // the shipped breakdown's idle is its own
        }
    }
    r.wait += unionLength(waited);
}

namespace {

using StepKey = std::pair<int, int64_t>; // (rank, step)

std::map<StepKey, std::vector<StepCollective>> collectivesByStep(Db& db) {
    std::map<StepKey, std::vector<StepCollective>> out;
    auto q = db.prepare("SELECT rank, step, wait_ns, last_rank, name FROM collective ORDER BY rank, step, "
                        "collective_id");
    while (q.step())
        out[{int(q.i64(0)), q.i64(1)}].push_back(
            {q.i64(2), q.isNull(3) ? std::nullopt : std::optional<int>(int(q.i64(3))), q.text(4)});
    return out;
}

std::map<StepKey, std::vector<StepWait>> waitsByStep(Db& db) {
    std::map<StepKey, std::vector<StepWait>> out;
    auto q = db.prepare("SELECT rank, step, kind, start_ns, dur_ns FROM wait");
    while (q.step())
        out[{int(q.i64(0)), q.i64(1)}].push_back(
            {model::waitKindFromSql(q.text(2)) != model::WaitKind::CollectiveWait, q.i64(3), q.i64(4)});
    return out;
}

/// Every rank's step rows (phases only), by rank then start.
std::map<int, std::vector<StepRow>> stepRows(Db& db) {
    std::map<int, std::vector<StepRow>> out;
    auto q = db.prepare(
        "SELECT rank, step, start_ns, wall_ns, compute_ns, comm_ns, comm_overlapped_ns, "
        "comm_not_overlapped_ns, idle_ns, preparing_ns, source FROM sum_step ORDER BY rank, start_ns");
    while (q.step()) {
        StepRow r;
        r.step = q.i64(1);
        r.startNs = q.i64(2);
        r.wall = q.i64(3);
        r.compute = q.i64(4);
        r.computeKnown = !q.isNull(4);
        r.comm = q.i64(5);
        r.commKnown = !q.isNull(5);
        r.overlapped = q.i64(6);
        r.notOverlapped = q.i64(7);
        r.idle = q.i64(8);
        r.preparing = q.i64(9);
        r.preparingKnown = !q.isNull(9);
        r.source = q.text(10);
        out[int(q.i64(0))].push_back(std::move(r));
    }
    return out;
}

} // namespace

PassInfo StepBreakdownPass::info() const {
    return {"step_breakdown", PassScope::CrossRank, {"sum_step", "collective", "wait"}, {"step_stat"}};
}

void StepBreakdownPass::run(CrossRankContext& ctx) {
    auto rows = stepRows(ctx.db);
    const auto collectives = collectivesByStep(ctx.db);
    const auto waits = waitsByStep(ctx.db);
    static const std::vector<StepCollective> noCollectives;
    static const std::vector<StepWait> noWaits;
    auto ins = ctx.db.prepare(
        "INSERT OR REPLACE INTO step_stat(rank, step, wall_ns, compute_ns, comm_ns, comm_overlapped_ns, "
        "comm_not_overlapped_ns, wait_ns, idle_ns, preparing_ns, source, outlier, cause, late_rank, "
        "typical_ns, cause_kind, cause_ns, cause_collective) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    for (auto& [rank, steps] : rows) {
        for (auto& r : steps) {
            auto c = collectives.find({rank, r.step});
            auto w = waits.find({rank, r.step});
            addBlame(r, c == collectives.end() ? noCollectives : c->second,
                     w == waits.end() ? noWaits : w->second);
        }
        const OutlierJudge judge(steps, ctx.opts);
        for (const auto& r : steps) {
            const bool outlier = judge.isOutlier(r);
            auto known = [](bool k, int64_t v) { return k ? std::optional<int64_t>(v) : std::nullopt; };
            ins.bind(1, rank)
                .bind(2, r.step)
                .bind(3, r.wall)
                .bind(4, known(r.computeKnown, r.compute))
                .bind(5, known(r.commKnown, r.comm))
                .bind(6, known(r.computeKnown && r.commKnown, r.overlapped)); // as sum_step's
            ins.bind(7, known(r.commKnown, r.notOverlapped))
                .bind(8, r.wait)
                .bind(9, known(r.computeKnown && r.commKnown, r.idle))
                .bind(10, known(r.preparingKnown, r.preparing))
                .bind(11, r.source);
            ins.bind(12, int64_t(outlier));
            ins.bind(14, r.lateRank ? std::optional<int64_t>(*r.lateRank) : std::nullopt);
            ins.bind(15, int64_t(judge.typicalWall())); // shown as "typical": a step that happened
            if (outlier) {
                const model::StepCause cause = judge.cause(r, rank);
                // the sentence too, for the step_breakdown view's SQL users; Rankscope renders its own
                ins.bind(13, model::stepCauseText(cause)).bind(16, sqlText(cause.kind)).bind(17, cause.ns);
                ins.bind(18, cause.collective);
            } else {
                ins.bind(13, "").bindNull(16).bindNull(17).bindNull(18);
            }
            ins.exec();
        }
    }
}

} // namespace rs::analysis
