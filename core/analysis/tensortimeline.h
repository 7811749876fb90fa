#pragma once
// Rank-local pass "tensor_timeline": one time axis for a rank's tensors — step positions of
// memory_usage.csv turned into ns through the rank's step windows (the steps the importer did not know
// yet), and step numbers filled in for tensors that only have times. Updates `tensor`.
#include "core/analysis/pass.h"

namespace rs::analysis {

class TensorTimelinePass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
};

} // namespace rs::analysis
