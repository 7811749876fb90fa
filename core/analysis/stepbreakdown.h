#pragma once
// Cross-rank pass "step_breakdown": each rank's step phases (sum_step) completed with what the blame
// decided — the time it waited in collectives (the union of its waits inside the step, so never more than
// its wall), the idle gap that made it late (a gap that began before
// the step's start belongs to this step: its wall and, when measured from the events, its idle grow by
// it, so the late rank's step is not shown short and healthy), and the late rank of the collective it
// waited longest in — then judged for outliers against the rank's own steps (outlierjudge.h). Writes
// `step_stat`. Reads only sum_step, collective and wait.
#include "core/analysis/outlierjudge.h"
#include "core/analysis/pass.h"

#include <vector>

namespace rs::analysis {

/// What a step's collectives and waits add to its row (the collective rows in their table order).
struct StepCollective {
    int64_t wait;
    std::optional<int> lastRank;
    std::string name;
};
struct StepWait {
    bool idleGap; ///< else a collective wait
    int64_t startNs, durNs;
};
void addBlame(StepRow& r, const std::vector<StepCollective>& collectives, const std::vector<StepWait>& waits);

class StepBreakdownPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
