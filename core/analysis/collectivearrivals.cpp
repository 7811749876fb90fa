#include "core/analysis/collectivearrivals.h"

#include "core/analysis/arrivalsequencer.h"
#include "core/analysis/arrivaltable.h"
#include "core/analysis/collectivesources.h"
#include "core/analysis/rankcontext.h"

namespace rs::analysis {

PassInfo CollectiveArrivalsPass::info() const {
    return {"collective_arrivals",
            PassScope::RankLocal,
            {"span", "track", "string", "name_fact", "comm_op_src", "step"},
            {"sum_arrival", "sum_diagnostic"}};
}

void CollectiveArrivalsPass::run(RankContext& ctx) {
    std::vector<Arrival> arrivals = eventCollectives(ctx.db, ctx.names, ctx.rank, ctx.kernels());
    measureNotifyWaits(ctx.db, ctx.names, ctx.rank, arrivals);
    attachCommRecords(ctx.db, ctx.rank, ctx.steps(), arrivals, ctx.diagnostics());
    sequenceArrivals(arrivals, ctx.steps());
    measureIdleGaps(arrivals, ctx.steps(), ctx.kernels());
    writeArrivals(ctx.db, arrivals);
}

} // namespace rs::analysis
