#pragma once
// Rank-local pass "memory_curve": the timeline's memory lane of one rank — memoryComponent's (the one the
// peaks describe), reduced per LOD level to the maximum per bucket (so peaks survive), so a zoomed-out
// frame reads a few thousand rows, not millions. Writes `memory_lod` and memory_summary.curve_component
// (after MemoryPeaksPass). Split (pass.h), last of the "tensors" group: compute() reads the load's
// samples, or memory_peaks' derived curve from the group's RankReadContext; apply() writes 64 rows a
// statement.
#include "core/analysis/pass.h"

namespace rs::analysis {

class MemoryCurvePass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "tensors"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
