#include "core/analysis/collectivematcher.h"

namespace rs::analysis {

ArrivalGroups matchArrivals(std::vector<Arrival>& arrivals, const RunMap& runs) {
    ArrivalGroups groups;
    for (auto& c : arrivals) {
        // a rank the data does not name is matched with none: nothing says its file is of the same job
        if (c.pointToPoint || runs.unnamed.count(c.rank)) continue;
        c.matchKey = "run" + std::to_string(runs.run(c.rank)) + "|" + std::to_string(c.step) + "|" +
                     c.identity + "|" + std::to_string(c.seq);
        groups[c.matchKey].push_back(&c);
    }
    return groups;
}

} // namespace rs::analysis
