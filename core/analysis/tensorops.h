#pragma once
// Rank-local pass "tensor_ops": per op, the bytes and number of the rank's tensors the memory map draws
// (on a rank with device addresses only the addressed ones, as query::loadMemoryMap reads them: the
// address-less rows repeat the same allocations). Writes `sum_tensor_op`, which the cross-rank
// TensorOpOrderPass adds up over the ranks into the profile's hue order. Split (pass.h), in the "tensors"
// group: compute() reads the group's tensors as tensor_timeline left them. Sizes in bytes.
#include "core/analysis/pass.h"

namespace rs::analysis {

class TensorOpsPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "tensors"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
