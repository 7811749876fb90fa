#include "core/analysis/tensortimeline.h"

#include "core/analysis/rankcontext.h"
#include "core/analysis/sessionwindow.h"
#include "core/analysis/twintimes.h"
#include "core/index/batchinsert.h"

#include "core/model/memoryrows.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace rs::analysis {

PassInfo TensorTimelinePass::info() const {
    return {"tensor_timeline", PassScope::RankLocal, {"tensor", "step", "rank_info"}, {"tensor"}};
}

namespace {

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

/// Tensors of another profiling session (sessionwindow.h) are left out of the rank's memory, counted.
void dropOtherSessions(RankReadContext& ctx, TensorTimelineResult& out) {
    const std::optional<SessionWindow> w = sessionWindow(ctx.db, ctx.rank);
    if (!w) return;
    auto away = [&](const TensorRow& r) { return r.allocNs && w->away(*r.allocNs); };
    auto& tensors = ctx.tensors();
    int64_t farthest = 0;
    for (const auto& r : tensors)
        if (away(r)) {
            farthest = std::max(farthest, w->distance(*r.allocNs));
            out.dropped.push_back(r.rowid);
        }
    if (out.dropped.empty()) return;
    std::erase_if(tensors, away);
    out.diagnostics.add(model::rankMemoryRecordsLabel(ctx.rank), "warning",
                        otherSessionText("tensors allocated"), int64_t(out.dropped.size()),
                        awayExcerpt(farthest));
}

} // namespace

std::unique_ptr<RankResult> TensorTimelinePass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<TensorTimelineResult>();
    dropOtherSessions(ctx, *out);
    auto& tensors = ctx.tensors();
    // per row: 0 unchanged, 1 step numbers filled, 2 a time filled or changed (rewrites alloc_ns)
    std::vector<uint8_t> changed(tensors.size(), 0);
    // Step positions without a time (steps the importer did not know) are interpolated; times without a step
    // position get the number of the last step starting at or before them.
    for (size_t i = 0; i < tensors.size(); ++i) {
        TensorRow& r = tensors[i];
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
        changed[i] = allocTime || freeTime ? 2 : 1;
    }
    // then a step position's time is its twin's recorded one where a file records it (twintimes.h); the
    // row keeps its step position
    for (size_t i : adoptTwinTimes(tensors))
        changed[i] = 2;
    for (size_t i = 0; i < tensors.size(); ++i)
        if (changed[i]) {
            const TensorRow& r = tensors[i];
            out->updates.push_back({r.rowid, r.allocNs, r.freeNs, r.allocStep, r.freeStep, changed[i] == 2});
        }
    return out;
}

void TensorTimelinePass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const TensorTimelineResult&>(result);
    auto del = ctx.db.prepare("DELETE FROM tensor WHERE rowid = ?");
    for (int64_t rowid : res.dropped)
        del.bind(1, rowid).exec();
    res.diagnostics.replay(ctx.diagnostics());
    // most rows only get step numbers: an UPDATE naming alloc_ns would rewrite its tensor_rank entry too.
    // Those go 64 rows a statement (a statement per row was most of the pass: ~285 000 rows on the 1 GB
    // Ascend bench)
    std::vector<const TensorTimelineResult::Update*> stepsOnly;
    for (const auto& u : res.updates)
        if (!u.times) stepsOnly.push_back(&u);
    index::runBatched(ctx.db,
                      "UPDATE OR FAIL tensor SET alloc_step = v.column2, free_step = v.column3 FROM (VALUES ",
                      ") AS v WHERE tensor.rowid = v.column1", 3, stepsOnly,
                      [](index::Stmt& st, int k, const TensorTimelineResult::Update* u) {
                          st.bind(k, u->rowid).bind(k + 1, u->allocStep).bind(k + 2, u->freeStep);
                      });
    auto upd = ctx.db.prepare(
        "UPDATE tensor SET alloc_ns = ?, free_ns = ?, alloc_step = ?, free_step = ? WHERE rowid = ?");
    for (const auto& u : res.updates) {
        if (!u.times) continue;
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
