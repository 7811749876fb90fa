#pragma once
// The cross-rank pass that stores a wait nothing could measure as NULL (not known), not 0: where a run's
// wait is not known (core/stats/runwaitfacts.h: ranks of the job missing, no collective matched across
// the ranks and none shipped by the producer, ...), its steps' step_stat.wait_ns and its collectives'
// collective.wait_ns read NULL, as SCHEMA.md has other unknown figures; a wait known to be 0 stays 0.
// Runs last: the passes before judge the 0 (a rank without waits) as they did. Index-building thread.
#include "core/analysis/pass.h"

namespace rs::analysis {

class UnknownWaitsPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
