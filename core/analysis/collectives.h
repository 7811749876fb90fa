#pragma once
// Cross-rank pass "collectives": every rank's arrivals (sum_arrival) matched across the ranks of their run
// (collectivematcher.h), the clocks aligned on their end times (clockaligner.h), the last arrival of each
// instance blamed (blame.h), then written as `collective` and `wait` rows and rank_info.clock_offset_ns
// (collectivestore.h). Reads only sum_arrival, rank_info and run.
#include "core/analysis/pass.h"

namespace rs::analysis {

class CollectivesPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
