#pragma once
// Cross-rank pass "op_stats": the op type × rank grid (sum_op) compared across the ranks of each run —
// each cell's median as a ratio to the op type's cross-rank median, and flagged when it stands out both
// in ratio (≥ opts.stragglerRatio) and robustly (MAD-based z beyond opts.robustZ over the op type's
// ratios; MAD guards against flagging a whole spread-out op type, the ratio floor against noise). Cells
// with fewer than opts.minOpCount kernels are not judged. Writes `op_stat`; the findings (straggler /
// slow_rank) are told by RootCausePass, which also unflags cells no finding tells.
#include "core/analysis/pass.h"

#include <string>
#include <vector>

namespace rs::analysis {

/// One rank's cell of one op type, and what the comparison decides for it.
struct OpStatCell {
    int rank;
    int64_t count, total, median, p95, max;
    double ratio = 1.0;
    bool flagged = false;
};

/// Judges the cells of one op type in one run of `ranksInRun` ranks; returns the cross-rank median.
double judgeOpType(std::vector<OpStatCell>& cells, int ranksInRun, const AnalysisOptions& opts);

class OpStatsPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
