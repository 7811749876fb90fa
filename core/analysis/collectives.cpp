#include "core/analysis/collectives.h"

#include "core/analysis/arrivaltable.h"
#include "core/analysis/blame.h"
#include "core/analysis/clockaligner.h"
#include "core/analysis/collectivematcher.h"
#include "core/analysis/collectivestore.h"
#include "core/index/diagnosticsink.h"

#include <algorithm>

namespace rs::analysis {

PassInfo CollectivesPass::info() const {
    return {"collectives",
            PassScope::CrossRank,
            {"sum_arrival", "rank_info", "run"},
            {"collective", "wait", "rank_info.clock_offset_ns", "diagnostic"}};
}

void CollectivesPass::run(CrossRankContext& ctx) {
    std::vector<Arrival> arrivals = loadArrivals(ctx.db);
    const RunMap runs = loadRuns(ctx.db);
    index::DiagnosticSink sink(ctx.db);
    const auto p2p =
        std::count_if(arrivals.begin(), arrivals.end(), [](const Arrival& c) { return c.pointToPoint; });
    if (p2p > 0)
        sink.add("(profile)", "info",
                 "point-to-point ops (Send/Receive) are not matched across ranks: their waits are shown, "
                 "their peer "
                 "is not known",
                 int64_t(p2p));
    const auto unnamed = std::count_if(arrivals.begin(), arrivals.end(),
                                       [&](const Arrival& c) { return runs.unnamed.count(c.rank) > 0; });
    if (unnamed > 0)
        sink.add(
            "(profile)", "info",
            "ranks not named by the data (numbered by Rankscope, one per file): their collectives are not "
            "matched across files, their clocks not aligned and no wait is blamed between them",
            int64_t(unnamed));
    ArrivalGroups groups = matchArrivals(arrivals, runs);
    const auto offsets = clockOffsets(groups);
    std::map<int, int64_t> unknowable;
    blameLastArrivals(groups, offsets, runs, &unknowable);
    // filed under its run ("run N") when the folder holds several: a run's Details and `report --run`
    // count it as that run's (runreport.cpp), not among the files of no run (r55a: the profiler folder's
    // run 0 said "Files of no run: 84 notes", 80 of them its own collectives)
    const bool severalRuns = runs.complete.size() > 1;
    for (const auto& [run, n] : unknowable)
        sink.add(severalRuns ? "run " + std::to_string(run) : std::string("(profile)"), "info",
                 "collectives of a run with ranks missing: measured waits are kept, the late rank is not "
                 "named and no wait is inferred from arrivals",
                 n);
    storeClockOffsets(ctx.db, offsets);
    storeCollectives(ctx.db, arrivals, ctx.opts);
}

} // namespace rs::analysis
