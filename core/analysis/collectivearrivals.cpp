#include "core/analysis/collectivearrivals.h"

#include "core/analysis/arrivalsequencer.h"
#include "core/analysis/arrivaltable.h"
#include "core/analysis/collectivesources.h"
#include "core/analysis/rankcontext.h"

#include <algorithm>

namespace rs::analysis {

namespace {

struct ArrivalsResult : RankResult {
    std::vector<Arrival> arrivals;
    RankDiagnostics diagnostics; ///< collecting
};

/// What step_phases would read back from sum_arrival (ORDER BY start_ns; the index breaks ties by rowid,
/// the order written).
std::map<int64_t, Intervals> byStep(const std::vector<Arrival>& arrivals) {
    std::vector<const Arrival*> order;
    order.reserve(arrivals.size());
    for (const Arrival& a : arrivals)
        order.push_back(&a);
    std::stable_sort(order.begin(), order.end(),
                     [](const Arrival* a, const Arrival* b) { return a->startNs < b->startNs; });
    std::map<int64_t, Intervals> out;
    for (const Arrival* a : order)
        out[a->step].push_back({a->startNs, a->startNs + a->durNs});
    return out;
}

} // namespace

PassInfo CollectiveArrivalsPass::info() const {
    return {"collective_arrivals",
            PassScope::RankLocal,
            {"span", "track", "string", "name_fact", "launch_collective", "comm_op_src", "step"},
            {"sum_arrival", "sum_diagnostic"}};
}

std::unique_ptr<RankResult> CollectiveArrivalsPass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<ArrivalsResult>();
    std::vector<Arrival>& arrivals = out->arrivals;
    arrivals = eventCollectives(ctx.db, ctx.names(), ctx.rank, ctx.kernels());
    measureNotifyWaits(ctx.db, ctx.names(), ctx.rank, arrivals);
    attachCommRecords(ctx.db, ctx.rank, ctx.steps(), arrivals, out->diagnostics);
    sequenceArrivals(arrivals, ctx.steps());
    measureIdleGaps(arrivals, ctx.steps(), ctx.kernels());
    ctx.collectivesByStep = byStep(arrivals);
    return out;
}

void CollectiveArrivalsPass::apply(RankContext& ctx, RankResult& result) {
    auto& r = static_cast<ArrivalsResult&>(result);
    r.diagnostics.replay(ctx.diagnostics());
    writeArrivals(ctx.db, r.arrivals);
}

void CollectiveArrivalsPass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
