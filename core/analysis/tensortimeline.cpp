#include "core/analysis/tensortimeline.h"

#include "core/analysis/rankcontext.h"

#include "core/model/timetext.h"

#include <algorithm>
#include <optional>

namespace rs::analysis {

PassInfo TensorTimelinePass::info() const {
    return {"tensor_timeline", PassScope::RankLocal, {"tensor", "step", "rank_info"}, {"tensor"}};
}

namespace {

std::string awayText(int64_t ns) {
    constexpr int64_t kDay = int64_t(86400) * 1000000000;
    return ns >= 2 * kDay ? std::to_string(ns / kDay) + " days" : model::formatDuration(ns);
}

/// Tensors allocated further from the rank's events than an hour (or the rank's own extent, when longer)
/// come from another profiling session written into the same folder (seen: a rank's operator_memory.csv
/// 134 days after its kernels): they are left out of the rank's memory, counted in diagnostics.
void dropOtherSessions(RankContext& ctx) {
    auto w = ctx.db.prepare("SELECT start_ns, end_ns FROM rank_info WHERE rank = ? AND start_ns IS NOT NULL");
    w.bind(1, ctx.rank);
    if (!w.step()) return;
    const int64_t start = w.i64(0), end = w.i64(1);
    const int64_t margin = std::max<int64_t>(int64_t(3600) * 1000000000, end - start);
    auto away = [&](const TensorRow& r) {
        return r.allocNs && (*r.allocNs < start - margin || *r.allocNs > end + margin);
    };
    auto& tensors = ctx.tensors();
    int64_t n = 0, farthest = 0;
    auto del = ctx.db.prepare("DELETE FROM tensor WHERE rowid = ?");
    for (const auto& r : tensors)
        if (away(r)) {
            ++n;
            farthest = std::max(farthest, *r.allocNs < start ? start - *r.allocNs : *r.allocNs - end);
            del.bind(1, r.rowid).exec();
        }
    if (!n) return;
    std::erase_if(tensors, away);
    ctx.diagnostics().add(
        "rank " + std::to_string(ctx.rank) + " memory records", "warning",
        "tensors allocated far from the rank's events (another profiling session?): left out "
        "of its memory",
        n, "up to " + awayText(farthest) + " away");
}

} // namespace

void TensorTimelinePass::run(RankContext& ctx) {
    dropOtherSessions(ctx);
    // Step positions without a time (steps the importer did not know) are interpolated; times without a step
    // position get the number of the last step starting at or before them.
    auto upd = ctx.db.prepare(
        "UPDATE tensor SET alloc_ns = ?, free_ns = ?, alloc_step = ?, free_step = ? WHERE rowid = ?");
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
        upd.bind(1, r.allocNs)
            .bind(2, r.freeNs)
            .bind(3, r.allocStep)
            .bind(4, r.freeStep)
            .bind(5, r.rowid)
            .exec();
    }
}

} // namespace rs::analysis
