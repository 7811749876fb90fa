#include "core/analysis/tensortimeline.h"

#include "core/analysis/rankcontext.h"
#include "core/analysis/sessionwindow.h"
#include "core/analysis/twintimes.h"
#include "core/index/memoryrows.h"

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
/// whose times or steps it filled in, in rowid order (the table's order: an UPDATE in the rank's tensor
/// order, by alloc_ns, sought each row from the table's root, ~15 % slower).
struct TensorTimelineResult : RankResult {
    struct Update {
        int64_t rowid;
        std::optional<int64_t> allocNs, freeNs;
        std::optional<double> allocStep, freeStep;
    };
    std::vector<int64_t> dropped;
    /// a time filled in or changed (rewrites the row's tensor_rank entry); only step numbers filled in
    std::vector<Update> times, stepsOnly;
    RankDiagnostics diagnostics; ///< collecting
};

/// The rows for one UPDATE … FROM rs_rows(?1) (memoryrows.h): c0 rowid, c1 alloc_step, c2 free_step,
/// c3 alloc_ns, c4 free_ns.
index::MemoryRows updateRows(const std::vector<TensorTimelineResult::Update>& updates) {
    return index::MemoryRows(updates.size(), [&updates](size_t i, int column, index::Cell& out) {
        const TensorTimelineResult::Update& u = updates[i];
        index::setColumn(out, column, u.rowid, u.allocStep, u.freeStep, u.allocNs, u.freeNs);
    });
}

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
            (changed[i] == 2 ? out->times : out->stepsOnly)
                .push_back({r.rowid, r.allocNs, r.freeNs, r.allocStep, r.freeStep});
        }
    auto byRowid = [](const auto& a, const auto& b) { return a.rowid < b.rowid; };
    std::sort(out->times.begin(), out->times.end(), byRowid);
    std::sort(out->stepsOnly.begin(), out->stepsOnly.end(), byRowid);
    return out;
}

void TensorTimelinePass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const TensorTimelineResult&>(result);
    auto del = ctx.db.prepare("DELETE FROM tensor WHERE rowid = ?");
    for (int64_t rowid : res.dropped)
        del.bind(1, rowid).exec();
    res.diagnostics.replay(ctx.diagnostics());
    // most rows only get step numbers: an UPDATE naming alloc_ns would rewrite its tensor_rank entry too.
    // Each kind in one statement reading the result as SQLite updates each row (memoryrows.h): a statement
    // per row was most of the pass (~285 000 rows on the 1 GB Ascend bench), and 64-row statements still
    // spent much of it binding
    updateRows(res.stepsOnly)
        .run(ctx.db, "UPDATE OR FAIL tensor SET alloc_step = v.c1, free_step = v.c2 FROM rs_rows(?1) AS v "
                     "WHERE tensor.rowid = v.c0");
    updateRows(res.times).run(ctx.db, "UPDATE OR FAIL tensor SET alloc_ns = v.c3, free_ns = v.c4, "
                                      "alloc_step = v.c1, free_step = v.c2 FROM rs_rows(?1) AS v "
                                      "WHERE tensor.rowid = v.c0");
}

void TensorTimelinePass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
