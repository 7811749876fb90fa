#pragma once
// Rank-local pass "op_cells": count, total, median, p95 and max of one rank's device kernels per op type
// (collectives and runtime tasks left out: their time is waiting, judged elsewhere), written to `sum_op`
// — the rank's column of the op type × rank grid the cross-rank OpStatsPass compares.
#include "core/analysis/pass.h"
#include "core/analysis/rankkernels.h"

#include <cstdint>
#include <map>

namespace rs::analysis {

struct OpCell {
    int64_t count = 0, total = 0, median = 0, p95 = 0, max = 0;
};

/// The cells of one rank's compute kernels, by op type string id.
std::map<int32_t, OpCell> opCells(const RankKernels& kernels);

class OpCellsPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
};

} // namespace rs::analysis
