#include "core/compare/waitstepchoice.h"

#include "core/model/timetext.h"

#include <cstdlib>
#include <optional>

namespace rs::compare {

namespace {

/// The signed change of the wait in `step`, when both runs have it.
std::optional<int64_t> changeOf(const std::map<int64_t, int64_t>& b, const std::map<int64_t, int64_t>& c,
                                int64_t step) {
    auto ib = b.find(step), ic = c.find(step);
    if (ib == b.end() || ic == c.end()) return std::nullopt;
    return ic->second - ib->second;
}

std::string signedDuration(int64_t ns) {
    return (ns < 0 ? "-" : "+") + model::formatDuration(std::llabs(ns));
}

} // namespace

WaitStepChoice chooseWaitStep(const std::map<int64_t, int64_t>& baseline,
                              const std::map<int64_t, int64_t>& candidate, const std::set<int64_t>& common,
                              int64_t medianStep) {
    WaitStepChoice out{medianStep, {}};
    int64_t best = -1, most = -1, bestChange = 0;
    for (int64_t s : common) {
        const auto change = changeOf(baseline, candidate, s);
        if (change && std::llabs(*change) > most) best = s, most = std::llabs(*change), bestChange = *change;
    }
    if (best < 0) return out;
    const int64_t medianChange = changeOf(baseline, candidate, medianStep).value_or(0);
    // the strip always says why its step: the step beside a per-step median delta (0 → 2.41 ms) showed
    // 42.8 µs → 2.44 ms with no word of how it was chosen (walk 20a)
    const std::string median =
        "step " + std::to_string(medianStep) + ", the baseline's step of median wall time";
    if (best == medianStep) {
        out.note = median + ", is the one whose wait changed most (" + signedDuration(medianChange) + ")";
        return out;
    }
    // a median step that carries half the change or more shows it well enough: it stays
    if (2 * std::llabs(medianChange) >= most) {
        out.note = median + ": its wait changed " + signedDuration(medianChange) + " (step " +
                   std::to_string(best) + ", the most: " + signedDuration(bestChange) + ")";
        return out;
    }
    out.step = best;
    out.note = "step " + std::to_string(best) + ": the step whose wait changed most (" +
               signedDuration(bestChange) + "; the baseline's median step, " + std::to_string(medianStep) +
               ", changed by " + signedDuration(medianChange) + ")";
    return out;
}

} // namespace rs::compare
