#pragma once
// Rank-local pass "memory_peaks": a rank's peak allocated and reserved bytes, when the peak was and the
// fragmentation at the reserved peak, from its memory samples — or, when the source has none, from a curve
// derived from its tensors' lifetimes (written as `derived:tensors` samples; frees before allocs at one
// instant, so a reused buffer is never counted twice). Writes `memory_summary` (with the HBM model's bank
// size and count) and the derived `memory_sample` rows.
// Split (pass.h), in the "tensors" group after tensor_timeline: compute() reads the load's samples and
// the group's tensors, and leaves a derived curve in RankReadContext::derivedMemory for memory_curve.
#include "core/analysis/pass.h"

#include <optional>
#include <string>
#include <string_view>

namespace rs::analysis {

/// The component of a curve derived from tensors.
inline constexpr std::string_view kDerivedComponent = "derived:tensors";

/// memoryComponent (memorycomponent.h) of the rank as the index holds it once memory_peaks applied: the
/// derived curve's when memory_peaks' compute derived one, else read from the load's samples.
std::optional<std::string> rankMemoryComponent(RankReadContext& ctx);

class MemoryPeaksPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "tensors"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
