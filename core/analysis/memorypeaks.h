#pragma once
// Rank-local pass "memory_peaks": a rank's peak allocated and reserved bytes, when the peak was and the
// fragmentation at the reserved peak, from its memory samples — or, when the source has none, from a curve
// derived from its tensors' lifetimes (written as `derived:tensors` samples; frees before allocs at one
// instant, so a reused buffer is never counted twice). Writes `memory_summary` (with the HBM model's bank
// size and count) and the derived `memory_sample` rows.
#include "core/analysis/pass.h"

namespace rs::analysis {

class MemoryPeaksPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
};

} // namespace rs::analysis
