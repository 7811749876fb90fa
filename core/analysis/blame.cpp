#include "core/analysis/blame.h"

#include <algorithm>

namespace rs::analysis {

int64_t blameLastArrivals(ArrivalGroups& groups, const std::map<int, int64_t>& offsets, const RunMap& runs,
                          std::map<int, int64_t>* byRun) {
    auto aligned = [&](const Arrival* c) {
        auto it = offsets.find(c->rank);
        return c->startNs - (it == offsets.end() ? 0 : it->second);
    };
    int64_t unknowable = 0;
    for (auto& [key, g] : groups) {
        // a run with ranks missing counts its instances of one arrival too: their other ranks may be the
        // missing ones (the profiler folder's run 2, one rank of at least 2 with one AllReduce, got no note)
        if (const int run = runs.run(g.front()->rank); !runs.isComplete(run)) {
            ++unknowable;
            if (byRun) ++(*byRun)[run];
            continue;
        }
        if (g.size() < 2) continue;
        Arrival* last = *std::max_element(g.begin(), g.end(), [&](const Arrival* a, const Arrival* b) {
            return aligned(a) != aligned(b) ? aligned(a) < aligned(b) : a->rank > b->rank;
        });
        for (Arrival* c : g) {
            c->lastRank = last->rank;
            if (!c->waitJson && !c->waitEvents) {
                c->waitEvents = std::clamp<int64_t>(aligned(last) - aligned(c), 0, c->durNs);
                c->waitInferred = true;
            }
        }
        last->lateBy = INT64_MAX;
        for (const Arrival* c : g)
            if (c != last) last->lateBy = std::min(last->lateBy, c->wait());
    }
    return unknowable;
}

} // namespace rs::analysis
