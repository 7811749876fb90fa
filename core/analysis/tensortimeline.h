#pragma once
// Rank-local pass "tensor_timeline": one time axis for a rank's tensors — step positions of
// memory_usage.csv turned into ns through the rank's step windows (the steps the importer did not know
// yet), step numbers filled in for tensors that only have times, and a step position's time replaced by the
// time its twin in operator_memory.csv records (twintimes.h). Updates `tensor`.
// Split (pass.h), first of the "tensors" group: compute() changes the group's tensors
// (RankReadContext::tensors) as apply() then changes the index, so the memory passes after it read them
// there.
#include "core/analysis/pass.h"

namespace rs::analysis {

class TensorTimelinePass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "tensors"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
