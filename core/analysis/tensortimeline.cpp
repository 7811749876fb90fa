#include "core/analysis/tensortimeline.h"

#include "core/analysis/rankcontext.h"

#include <optional>

namespace rs::analysis {

PassInfo TensorTimelinePass::info() const {
    return {"tensor_timeline", PassScope::RankLocal, {"tensor", "step"}, {"tensor"}};
}

void TensorTimelinePass::run(RankContext& ctx) {
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
