#pragma once
// Rank-local pass "collective_arrivals": every collective instance of one rank with its measured wait,
// its place in the rank's sequence and the device-idle gap before it, written to `sum_arrival`. Stages:
// sources (collectivesources.h: events, Notify_Wait, per-op records) → sequencer → idle gaps
// (arrivalsequencer.h) → store (arrivaltable.h). The cross-rank CollectivesPass matches and blames them.
#include "core/analysis/pass.h"

namespace rs::analysis {

class CollectiveArrivalsPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
};

} // namespace rs::analysis
