#pragma once
// Cross-rank pass "tensor_op_order": the profile's tensor ops ranked once for the memory map's colour key
// (core/model/opbytesranking.h: most bytes over all ranks first), so every rank's map and export gives an
// op the same hue and a rank switch reads a few rows instead of summing every rank's tensors (a GROUP BY
// over 285 k tensors cost 0.1 s a switch). Reads `sum_tensor_op`; writes `tensor_op_order` (ord 0 first).
#include "core/analysis/pass.h"

namespace rs::analysis {

class TensorOpOrderPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
