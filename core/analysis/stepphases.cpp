#include "core/analysis/stepphases.h"

#include "core/analysis/rankcontext.h"
#include "core/model/intervals.h"
#include "core/model/stepwall.h"
#include "core/model/timetext.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace rs::analysis {

using model::clippedTo;
using model::intersectionLength;
using model::unionLength;

using index::Db;

RankBusy rankBusy(const RankKernels& kernels, Intervals collectives) {
    Intervals compute;
    for (const Kernel& k : kernels.all())
        if (k.compute) compute.push_back({k.startNs, k.endNs});
    return {model::merged(std::move(compute)), model::merged(std::move(collectives))};
}

StepPhases measureStep(const StepWindow& w, const RankKernels& kernels, Intervals collectives) {
    return measureStep(w, kernels, rankBusy(kernels, std::move(collectives)));
}

StepPhases measureStep(const StepWindow& w, const RankKernels& kernels, const RankBusy& busy) {
    StepPhases r;
    r.step = w.step;
    r.startNs = w.startNs;
    r.wall = w.ownEndNs - w.startNs;
    const int64_t windowEnd = std::max(w.endNs, w.ownEndNs); // where the step's first task may start
    int64_t firstTask = INT64_MAX;
    for (const Kernel& k : kernels.startingIn(w.startNs, windowEnd))
        firstTask = std::min(firstTask, k.startNs);
    // a collective that began before the step is not the step's first task
    auto c = std::lower_bound(busy.comm.begin(), busy.comm.end(), w.startNs,
                              [](const auto& iv, int64_t t) { return iv.first < t; });
    if (c != busy.comm.end() && c->first < windowEnd) firstTask = std::min(firstTask, c->first);
    Intervals compute = clippedTo(busy.compute, w.startNs, w.ownEndNs);
    Intervals comm = clippedTo(busy.comm, w.startNs, w.ownEndNs);
    Intervals all = compute;
    all.insert(all.end(), comm.begin(), comm.end());
    const int64_t busyNs = unionLength(all);
    r.compute = unionLength(compute);
    r.comm = unionLength(comm);
    r.overlapped = intersectionLength(compute, comm);
    r.notOverlapped = r.comm - r.overlapped;
    r.idle = std::max<int64_t>(0, r.wall - busyNs);
    r.preparing = firstTask == INT64_MAX ? 0 : std::max<int64_t>(0, firstTask - w.startNs);
    r.preparingKnown = firstTask != INT64_MAX && !w.startsAtFirstKernel;
    // the producer's own measure wins: legacy MindSpore's step interval is start_point to fp_point, while
    // the first event it leaves is a collective after the forward pass has begun
    if (w.preparingNs) {
        r.preparing = *w.preparingNs;
        r.preparingKnown = true;
    }
    r.computeKnown = !kernels.all().empty();
    // communication is measured on the device (its collectives and comm tasks): a host-only trace with
    // none in the step did not measure it, as its compute (cpu_only: 173 ms of gloo:all_reduce in step
    // 551 read "comm 0 ns" beside compute "—")
    r.commKnown = w.commRecorded && (r.computeKnown || !comm.empty());
    r.source = "events";
    return r;
}

namespace {

/// Ascend ships its own breakdown (step_trace_time.csv): preferred, but a Computing far from the kernels'
/// is counted (and the first one kept as the example).
class ShippedBreakdown {
  public:
    ShippedBreakdown(Db& db, int rank)
        : m_q(db.prepare(
              "SELECT computing_ns, comm_ns, overlapped_ns, comm_not_overlapped_ns, free_ns, preparing_ns, "
              "stage_ns + coalesce(bubble_ns, 0) FROM step_breakdown_src WHERE rank = ? AND step = ?")),
          m_rank(rank) {}
    void apply(StepPhases& r) {
        m_q.bind(1, m_rank).bind(2, r.step);
        if (m_q.step()) {
            const int64_t computing = m_q.i64(0);
            if (r.compute > 0 &&
                std::llabs(computing - r.compute) > std::max<int64_t>(r.compute / 20, 10000) && misses++ == 0)
                firstMiss = "rank " + std::to_string(m_rank) + " step " + std::to_string(r.step) +
                            ": Computing " + model::formatDuration(computing) + " vs events " +
                            model::formatDuration(r.compute);
            r.compute = computing;
            r.computeKnown = true;
            r.comm = m_q.i64(1);
            r.overlapped = m_q.i64(2);
            r.notOverlapped = m_q.i64(3);
            r.idle = m_q.i64(4);
            r.commKnown = true;
            if (!m_q.isNull(5)) {
                r.preparing = m_q.i64(5);
                r.preparingKnown = true;
            }
            applyStage(r, m_q.isNull(6) ? 0 : m_q.i64(6));
            r.source = "step_trace_time";
        }
        m_q.reset();
    }
    int64_t misses = 0;
    std::string firstMiss;
    int64_t shortSteps = 0; ///< steps whose events cover clearly less than the shipped wall
    std::string firstShort; ///< the one whose events cover the smallest share of it
    double firstShortShare = 1;
    int64_t recordedNs = 0; ///< all the rank recorded (rank_info's window), 0: not known

  private:
    /// The wall is the producer's step time, as its breakdown is: Stage + Bubble, the step's first to last
    /// device task (torch_npu's TraceStepTimeParser: Stage = that span − Bubble, the receive time), which
    /// its Computing + Communication(Not Overlapped) + Free add up to. The host step around it is longer by
    /// the Preparing before the first task and the host's tail (msinsight level1 rank 0: ProfilerStep
    /// 155.99 ms, Stage 136.58 ms, Preparing 17.90 ms). A step whose events cover clearly less of it (a
    /// kernel_details.csv without the host side, a dump cut short) keeps the shipped figure, since its
    /// breakdown adds up to it, and is counted with the numbers (core/model/stepwall.h).
    void applyStage(StepPhases& r, int64_t stageNs) {
        if (stageNs <= 0) return;
        const int64_t events = r.wall;
        if (model::filesHoldPart(model::WallSource::StepTraceCsv, stageNs, events)) {
            const double share = double(events) / double(stageNs);
            if (shortSteps++ == 0 || share < firstShortShare) {
                firstShortShare = share;
                firstShort = "rank " + std::to_string(m_rank) + " step " + std::to_string(r.step) + ": " +
                             model::partialWallText(stageNs, events, recordedNs);
            }
        }
        r.wall = stageNs;
    }

    index::Stmt m_q;
    int m_rank;
};

struct StepPhasesResult : RankResult {
    std::vector<StepPhases> steps;
    RankDiagnostics diagnostics; ///< collecting
};

} // namespace

PassInfo StepPhasesPass::info() const {
    return {"step_phases",
            PassScope::RankLocal,
            {"step", "span", "sum_arrival", "step_breakdown_src", "rank_info.start_ns", "rank_info.end_ns"},
            {"sum_step", "sum_diagnostic"}};
}

std::unique_ptr<RankResult> StepPhasesPass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<StepPhasesResult>();
    const auto& windows = ctx.steps().steps(ctx.rank);
    if (windows.empty()) return out;
    ShippedBreakdown shipped(ctx.db, ctx.rank);
    {
        auto q =
            ctx.db.prepare("SELECT end_ns - start_ns FROM rank_info WHERE rank = ? AND end_ns > start_ns");
        q.bind(1, ctx.rank);
        if (q.step()) shipped.recordedNs = q.i64(0);
    }
    Intervals collectives;
    for (const auto& [step, v] : ctx.collectivesByStep)
        collectives.insert(collectives.end(), v.begin(), v.end());
    const RankBusy busy = rankBusy(ctx.kernels(), std::move(collectives));
    for (const auto& w : windows) {
        out->steps.push_back(measureStep(w, ctx.kernels(), busy));
        shipped.apply(out->steps.back());
    }
    if (shipped.misses > 0)
        out->diagnostics.add("step_trace_time.csv", "info",
                             "Computing differs from the kernel events by more than 5%", shipped.misses,
                             shipped.firstMiss);
    if (shipped.shortSteps > 0)
        out->diagnostics.add("step_trace_time.csv", "info",
                             "a step's shipped wall time (Stage + Bubble) is longer than the rank's events "
                             "of the step: the files hold part of the step",
                             shipped.shortSteps, shipped.firstShort);
    return out;
}

void StepPhasesPass::apply(RankContext& ctx, RankResult& result) {
    auto& res = static_cast<StepPhasesResult&>(result);
    if (res.steps.empty()) return;
    auto ins =
        ctx.db.prepare("INSERT OR REPLACE INTO sum_step(rank, step, start_ns, wall_ns, compute_ns, comm_ns, "
                       "comm_overlapped_ns, comm_not_overlapped_ns, idle_ns, preparing_ns, source) "
                       "VALUES(?,?,?,?,?,?,?,?,?,?,?)");
    for (const StepPhases& r : res.steps) {
        auto known = [](bool k, int64_t v) { return k ? std::optional<int64_t>(v) : std::nullopt; };
        ins.bind(1, ctx.rank)
            .bind(2, r.step)
            .bind(3, r.startNs)
            .bind(4, r.wall)
            .bind(5, known(r.computeKnown, r.compute))
            .bind(6, known(r.commKnown, r.comm));
        // what communication ran alongside compute is unknown where the compute is (walk 25: "0 ns" on every
        // step of a rank without device kernels)
        ins.bind(7, known(r.computeKnown && r.commKnown, r.overlapped))
            .bind(8, known(r.commKnown, r.notOverlapped))
            .bind(9, known(r.computeKnown && r.commKnown, r.idle))
            .bind(10, known(r.preparingKnown, r.preparing))
            .bind(11, r.source);
        ins.exec();
    }
    res.diagnostics.replay(ctx.diagnostics());
}

void StepPhasesPass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
