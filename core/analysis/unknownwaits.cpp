#include "core/analysis/unknownwaits.h"

#include "core/stats/runwaitfacts.h"

namespace rs::analysis {

PassInfo UnknownWaitsPass::info() const {
    return {"unknown_waits",
            PassScope::CrossRank,
            {"run", "rank_info", "collective", "wait"},
            {"step_stat.wait_ns", "collective.wait_ns"}};
}

void UnknownWaitsPass::run(CrossRankContext& ctx) {
    auto steps = ctx.db.prepare(
        "UPDATE step_stat SET wait_ns = NULL WHERE rank IN (SELECT rank FROM rank_info WHERE run_id = ?)");
    auto collectives = ctx.db.prepare(
        "UPDATE collective SET wait_ns = NULL WHERE rank IN (SELECT rank FROM rank_info WHERE run_id = ?)");
    for (const auto& [run, facts] : stats::loadRunWaitFacts(ctx.db)) {
        if (stats::waitUnknownReason(facts).empty()) continue;
        for (auto* q : {&steps, &collectives}) {
            q->bind(1, int64_t(run));
            q->step();
            q->reset();
        }
    }
}

} // namespace rs::analysis
