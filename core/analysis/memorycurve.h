#pragma once
// Rank-local pass "memory_curve": the timeline's memory lane of one rank — memoryComponent's (the one the
// peaks describe), reduced per LOD level to the maximum per bucket (so peaks survive), so a zoomed-out
// frame reads a few thousand rows, not millions. Writes `memory_lod` and memory_summary.curve_component
// (after MemoryPeaksPass).
#include "core/analysis/pass.h"

namespace rs::analysis {

class MemoryCurvePass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
};

} // namespace rs::analysis
