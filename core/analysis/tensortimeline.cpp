#include "core/analysis/tensortimeline.h"

#include "core/analysis/rankcontext.h"

#include "core/model/memoryrows.h"
#include "core/model/timetext.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace rs::analysis {

PassInfo TensorTimelinePass::info() const {
    return {"tensor_timeline", PassScope::RankLocal, {"tensor", "step", "rank_info"}, {"tensor"}};
}

namespace {

std::string awayText(int64_t ns) {
    constexpr int64_t kDay = int64_t(86400) * 1000000000;
    return ns >= 2 * kDay ? std::to_string(ns / kDay) + " days" : model::formatDuration(ns);
}

/// What the pass changes in one rank's tensors: the rows of other sessions to delete, then the rows
/// whose times or steps it filled in, in the rank's tensor order.
struct TensorTimelineResult : RankResult {
    struct Update {
        int64_t rowid;
        std::optional<int64_t> allocNs, freeNs;
        std::optional<double> allocStep, freeStep;
        bool times; ///< a time filled in (else only step numbers: tensor_rank's alloc_ns stays)
    };
    std::vector<int64_t> dropped;
    std::vector<Update> updates;
    RankDiagnostics diagnostics; ///< collecting
};

/// Tensors allocated further from the rank's events than an hour (or the rank's own extent, when longer)
/// come from another profiling session written into the same folder (seen: a rank's operator_memory.csv
/// 134 days after its kernels): they are left out of the rank's memory, counted in diagnostics.
void dropOtherSessions(RankReadContext& ctx, TensorTimelineResult& out) {
    auto w = ctx.db.prepare("SELECT start_ns, end_ns FROM rank_info WHERE rank = ? AND start_ns IS NOT NULL");
    w.bind(1, ctx.rank);
    if (!w.step()) return;
    const int64_t start = w.i64(0), end = w.i64(1);
    const int64_t margin = std::max<int64_t>(int64_t(3600) * 1000000000, end - start);
    auto away = [&](const TensorRow& r) {
        return r.allocNs && (*r.allocNs < start - margin || *r.allocNs > end + margin);
    };
    auto& tensors = ctx.tensors();
    int64_t farthest = 0;
    for (const auto& r : tensors)
        if (away(r)) {
            farthest = std::max(farthest, *r.allocNs < start ? start - *r.allocNs : *r.allocNs - end);
            out.dropped.push_back(r.rowid);
        }
    if (out.dropped.empty()) return;
    std::erase_if(tensors, away);
    out.diagnostics.add(model::rankMemoryRecordsLabel(ctx.rank), "warning",
                        "tensors allocated far from the rank's events (another profiling session?): left out "
                        "of its memory",
                        int64_t(out.dropped.size()), "up to " + awayText(farthest) + " away");
}

} // namespace

std::unique_ptr<RankResult> TensorTimelinePass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<TensorTimelineResult>();
    dropOtherSessions(ctx, *out);
    // Step positions without a time (steps the importer did not know) are interpolated; times without a step
    // position get the number of the last step starting at or before them.
    for (TensorRow& r : ctx.tensors()) {
        const bool allocTime = r.allocStep && !r.allocNs, freeTime = r.freeStep && !r.freeNs;
        const bool allocStep = !r.allocStep && r.allocNs, freeStep = !r.freeStep && r.freeNs;
        if (!allocTime && !freeTime && !allocStep && !freeStep) continue;
        const StepIndex& steps = ctx.steps();
        auto stepAt = [&](int64_t ts) {
            auto s = steps.stepAt(ctx.rank, ts);
            return s ? std::optional<double>(double(*s)) : std::nullopt;
        };
        if (allocTime) r.allocNs = steps.timeOfStep(ctx.rank, *r.allocStep);
        if (freeTime) r.freeNs = steps.timeOfStep(ctx.rank, *r.freeStep);
        if (allocStep) r.allocStep = stepAt(*r.allocNs);
        if (freeStep) r.freeStep = stepAt(*r.freeNs);
        out->updates.push_back(
            {r.rowid, r.allocNs, r.freeNs, r.allocStep, r.freeStep, allocTime || freeTime});
    }
    return out;
}

void TensorTimelinePass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const TensorTimelineResult&>(result);
    auto del = ctx.db.prepare("DELETE FROM tensor WHERE rowid = ?");
    for (int64_t rowid : res.dropped)
        del.bind(1, rowid).exec();
    res.diagnostics.replay(ctx.diagnostics());
    // most rows only get step numbers: an UPDATE naming alloc_ns would rewrite its tensor_rank entry too
    auto upd = ctx.db.prepare(
        "UPDATE tensor SET alloc_ns = ?, free_ns = ?, alloc_step = ?, free_step = ? WHERE rowid = ?");
    auto steps = ctx.db.prepare("UPDATE tensor SET alloc_step = ?, free_step = ? WHERE rowid = ?");
    for (const auto& u : res.updates) {
        if (!u.times) {
            steps.bind(1, u.allocStep).bind(2, u.freeStep).bind(3, u.rowid).exec();
            continue;
        }
        upd.bind(1, u.allocNs)
            .bind(2, u.freeNs)
            .bind(3, u.allocStep)
            .bind(4, u.freeStep)
            .bind(5, u.rowid)
            .exec();
    }
}

void TensorTimelinePass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
