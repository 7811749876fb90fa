#include "core/analysis/arrivalsequencer.h"

#include <algorithm>
#include <map>
#include <utility>

namespace rs::analysis {

void sequenceArrivals(std::vector<Arrival>& arrivals, const StepIndex& steps) {
    std::stable_sort(arrivals.begin(), arrivals.end(),
                     [](const Arrival& a, const Arrival& b) { return a.startNs < b.startNs; });
    std::map<std::pair<int64_t, std::string>, int64_t> seqs; // (step, identity) → next number
    for (auto& c : arrivals) {
        if (c.step < 0) c.step = steps.stepAt(c.rank, c.startNs).value_or(0);
        c.seq = seqs[{c.step, c.identity}]++;
    }
}

void measureIdleGaps(std::vector<Arrival>& arrivals, const StepIndex& steps, const RankKernels& kernels) {
    if (!kernels.hasCompute()) return; // no gap is known: nothing says the device sat idle
    const Arrival* prev = nullptr;
    for (auto& c : arrivals) {
        const StepWindow* w = steps.window(c.rank, c.step);
        const int64_t from = prev ? prev->endNs() : w ? w->startNs : c.startNs;
        if (from < c.startNs) std::tie(c.gapStartNs, c.gapNs) = kernels.largestIdle(from, c.startNs);
        prev = &c;
    }
}

} // namespace rs::analysis
