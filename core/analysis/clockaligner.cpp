#include "core/analysis/clockaligner.h"

#include "core/stats/robuststats.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rs::analysis {

std::map<int, int64_t> clockOffsets(const ArrivalGroups& groups) {
    std::map<int, std::vector<double>> endDiffs;
    for (const auto& [key, g] : groups) {
        if (g.size() < 2) continue;
        const Arrival* ref = *std::min_element(
            g.begin(), g.end(), [](const Arrival* a, const Arrival* b) { return a->rank < b->rank; });
        for (const Arrival* c : g)
            endDiffs[c->rank].push_back(double(c->endNs() - ref->endNs()));
    }
    std::map<int, int64_t> offset;
    for (auto& [rank, v] : endDiffs)
        if (v.size() >= kMinInstancesForOffset) offset[rank] = int64_t(std::llround(stats::median(v)));
    return offset;
}

} // namespace rs::analysis
