#pragma once
// Rank-local pass "collective_arrivals": every collective instance of one rank with its measured wait,
// its place in the rank's sequence and the device-idle gap before it, written to `sum_arrival`. Stages:
// sources (collectivesources.h: events, Notify_Wait, per-op records) → sequencer → idle gaps
// (arrivalsequencer.h) → store (arrivaltable.h). The cross-rank CollectivesPass matches and blames them.
// Split (pass.h): compute() does all but the store, in the "kernels" group with step_phases and op_cells
// (the rank's kernels loaded once), and leaves the instances' intervals by step for step_phases.
#include "core/analysis/pass.h"

namespace rs::analysis {

class CollectiveArrivalsPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "kernels"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
