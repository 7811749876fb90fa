#pragma once
// Rank-local pass "op_cells": count, total, median, p95 and max of one rank's device kernels per op type
// (collectives and runtime tasks left out: their time is waiting, judged elsewhere), written to `sum_op`
// — the rank's column of the op type × rank grid the cross-rank OpStatsPass compares — and the count and
// median of each kernel name within an op type (`sum_op_name`): an op type can hold several kernels (two
// instantiations of a template, a sort of other key types) that ranks run in different mixes, and the
// comparison must set like against like. Split (pass.h), in the "kernels" group: compute() builds the
// cells and looks their names up, apply() writes them.
#include "core/analysis/pass.h"
#include "core/analysis/rankkernels.h"

#include <cstdint>
#include <map>

namespace rs::analysis {

/// One kernel name's share of an op type's cell.
struct OpNameCell {
    int64_t count = 0, median = 0;
};

struct OpCell {
    int64_t count = 0, total = 0, median = 0, p95 = 0, max = 0;
    std::map<int32_t, OpNameCell> byName; ///< by the kernel name's string id
};

/// The cells of one rank's compute kernels, by op type string id.
std::map<int32_t, OpCell> opCells(const RankKernels& kernels);

class OpCellsPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "kernels"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
