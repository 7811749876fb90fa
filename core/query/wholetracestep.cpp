#include "core/query/wholetracestep.h"

#include <algorithm>

namespace rs::query {

bool isWholeTraceStep(const ProfileSummary& s, int rank, int64_t step) {
    // the band the timeline draws is made of the whole trace (model::wallSourceOf: no step source); a step
    // whose bounds were never loaded (empty: a summary made by hand) says nothing of where it came from
    for (const StepDesc& d : s.steps)
        if (d.rank == rank && d.step == step)
            return d.wall.bounds.endNs > d.wall.bounds.startNs &&
                   d.wall.bounds.band == model::WallSource::WholeTrace;
    return false;
}

bool isWholeTraceOnly(const ProfileSummary& s, int64_t step) {
    bool any = false;
    for (const StepDesc& d : s.steps)
        if (d.step == step) {
            if (!isWholeTraceStep(s, d.rank, step)) return false;
            any = true;
        }
    return any;
}

std::vector<int> takeWholeTracesBesideSteps(const ProfileSummary& s, int64_t step, std::vector<int>& ranks) {
    std::vector<int> whole, rest;
    bool anyMarked = false;
    for (int r : ranks) {
        if (isWholeTraceStep(s, r, step)) {
            whole.push_back(r);
            continue;
        }
        rest.push_back(r);
        anyMarked = anyMarked || std::any_of(s.steps.begin(), s.steps.end(), [&](const StepDesc& d) {
                        return d.rank == r && d.step == step;
                    });
    }
    if (!anyMarked || whole.empty()) return {};
    ranks = rest;
    return whole;
}

} // namespace rs::query
